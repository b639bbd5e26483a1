import { Router } from 'express';
import type { AvailableYears } from '../../../shared/schemas/config.js';
import type { Db } from '../../db/connection.js';
import { createLeaderboardsRepo } from './leaderboards.repo.js';

export function leaderboardsRoutes(deps: { db: Db }): Router {
  const repo = createLeaderboardsRepo(deps.db);
  const router = Router();

  router.get('/leaderboards/available-years', async (_req, res) => {
    const body: { data: AvailableYears } = { data: { available_years: await repo.findPublishedYears() } };
    res.set('Cache-Control', 'no-cache');
    res.json(body);
  });

  return router;
}
