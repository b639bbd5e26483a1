/** The public entry of the assets module: other server modules import only from here (lint). */
export { createAssetsRepo } from './assets.repo.js';
export { imageBody, imageDimensions, inspectImage, reencodeImage } from './images.js';
export { assetsRoutes } from './assets.routes.js';
