import { Router } from 'express';
import { langQuerySchema } from '../../../shared/schemas/config.js';
import type { CurrentUser } from '../../../shared/schemas/user.js';
import { authOf, requireAuth } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';

/** GET /api/me?lang=: the logged-in user, 401 'unauthenticated' without a live session. (Login is issue 3.) */
export function authRoutes(): Router {
  const router = Router();
  router.get('/me', validate({ query: langQuerySchema }), requireAuth, (_req, res) => {
    const auth = authOf(res);
    const body: { data: CurrentUser } = { data: (auth as NonNullable<typeof auth>).user };
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    res.json(body);
  });
  return router;
}
