/** The results poster (print/templates/results-poster.ts): the route authorises and gathers, this renders. */
import { renderResultsPoster } from '../../../print/index.js';
import type { PosterRenderer } from './actions.routes.js';

export const resultsPosterRenderer: PosterRenderer = (input) => renderResultsPoster(input);
