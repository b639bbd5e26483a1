/** The public entry of the applications module: other server modules and the layers below them import only from here (lint). */
export { generateAccessCode } from './access-codes.js';
