/**
 * /api/profile/*: the logged-in company's own data (scoped by the session's user and company ids),
 * and the public GET /api/testimonials.
 */
import { Router } from 'express';
import { z } from 'zod';
import { LOGO_RULES, PHOTO_RULES } from '../../../shared/constants.js';
import { changePasswordSchema, emailChangeSchema, profileUpdateSchema, testimonialSchema } from '../../../shared/schemas/account.js';
import { AppError } from '../../errors.js';
import { companyOf, requireCompany } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { imageBody } from '../assets/index.js';
import type { AccountService } from '../auth/index.js';
import type { AuthService } from '../auth/index.js';
import type { ProfileService } from './profile.service.js';

const sessionParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

export function profileRoutes(deps: { profile: ProfileService; accounts: AccountService; auth: AuthService }): Router {
  const { profile, accounts, auth } = deps;
  const router = Router();

  router.get('/testimonials', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json({ data: await profile.publicTestimonials() });
  });

  const own = Router();
  own.use(requireCompany, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });

  own.get('/', async (_req, res) => {
    const { companyId, userId } = companyOf(res);
    res.json({ data: await profile.get(companyId, userId) });
  });

  own.put('/', validate({ body: profileUpdateSchema }, async (req, res) => {
    const { companyId, userId } = companyOf(res);
    res.json({ data: await profile.update(companyId, userId, req.body) });
  }));

  own.put('/logo', imageBody(LOGO_RULES.maxBytes), async (req, res) => {
    const { companyId, userId } = companyOf(res);
    res.json({ data: await profile.setLogo(companyId, userId, req.body) });
  });

  own.delete('/logo', async (_req, res) => {
    const { companyId, userId } = companyOf(res);
    res.json({ data: await profile.deleteLogo(companyId, userId) });
  });

  own.post('/password', validate({ body: changePasswordSchema }, async (req, res) => {
    const { userId, sessionId } = companyOf(res);
    const body = req.body;
    await accounts.changePassword(userId, sessionId, body.current_password, body.password);
    res.status(204).end();
  }));

  own.post('/email', validate({ body: emailChangeSchema }, async (req, res) => {
    const { userId } = companyOf(res);
    await accounts.requestEmailChange(userId, req.body);
    res.status(202).json({ data: { status: 'confirmation-sent' } });
  }));

  own.get('/sessions', async (_req, res) => {
    const { userId, sessionId } = companyOf(res);
    const rows = await auth.repo.listActiveSessions(userId, new Date().toISOString());
    res.json({ data: rows.map((row) => ({ ...row, current: row.id === sessionId })) });
  });

  own.delete('/sessions/:id', validate({ params: sessionParamsSchema }, async (req, res) => {
    const { userId, sessionId } = companyOf(res);
    const id = req.params.id;
    if (!await auth.repo.revokeUserSession(userId, id, new Date().toISOString())) throw new AppError('not-found');
    if (id === sessionId) auth.clearSessionCookie(res);
    res.status(204).end();
  }));

  own.get('/testimonial', async (_req, res) => {
    res.json({ data: await profile.testimonial(companyOf(res).companyId) });
  });

  own.put('/testimonial', validate({ body: testimonialSchema }, async (req, res) => {
    res.json({ data: await profile.saveTestimonial(companyOf(res).companyId, req.body) });
  }));

  own.put('/testimonial/photo', imageBody(PHOTO_RULES.maxBytes), async (req, res) => {
    res.json({ data: await profile.setTestimonialPhoto(companyOf(res).companyId, req.body) });
  });

  own.delete('/testimonial', async (_req, res) => {
    await profile.deleteTestimonial(companyOf(res).companyId);
    res.status(204).end();
  });

  router.use('/profile', own);
  return router;
}
