/** The public entry of the assets module: other server modules import only from here (lint). */
export { createAssetsRepo } from './assets.repo.js';
export { imageBody, inspectImage, reencodeImage } from './images.js';
