/** The public entry of the leaderboards module. */
export { leaderboardsRoutes } from './leaderboards.routes.js';
export { createLeaderboardsRepo } from './leaderboards.repo.js';
