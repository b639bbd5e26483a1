import { Router } from 'express';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';

/** GET /api/health: 200 { status: 'ok' } once the database answers, otherwise 503. */
export function healthRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    let ok = false;
    try {
      ok = (await deps.db.get<{ ok: number }>('SELECT 1 AS ok'))?.ok === 1;
    } catch {
      ok = false;
    }
    if (!ok) throw new AppError('internal-error', { status: 503, details: { database: 'unavailable' } });
    res.json({ status: 'ok' });
  });
  return router;
}
