/** /api/admin/*: administrators only (401 logged out, 403 for everyone else). Every action is audited. */
import { Router } from 'express';
import {
  adminAuditQuerySchema,
  adminCompaniesQuerySchema,
  adminIdParamsSchema,
  adminOutboxQuerySchema,
  adminTestimonialsQuerySchema,
  loginAsClientSchema,
} from '../../../shared/schemas/admin.js';
import { requireAdmin, sessionOf } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import type { AdminService } from './admin.service.js';

export function adminRoutes(deps: { admin: AdminService }): Router {
  const { admin } = deps;
  const router = Router();
  router.use(requireAdmin, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });
  const withId = { params: adminIdParamsSchema };

  router.get('/companies', validate({ query: adminCompaniesQuerySchema }, async (req, res) => {
    res.json({ data: await admin.companies(req.query) });
  }));
  router.get('/companies/:id', validate(withId, async (req, res) => {
    res.json({ data: await admin.company(req.params.id) });
  }));
  for (const action of ['verify', 'disable', 'enable'] as const) {
    router.post(`/companies/:id/${action}`, validate(withId, async (req, res) => {
      res.json({ data: await admin.setCompanyState(sessionOf(res).actor, req.params.id, action) });
    }));
  }

  router.get('/outbox', validate({ query: adminOutboxQuerySchema }, async (req, res) => {
    res.json({ data: await admin.outbox(req.query) });
  }));
  router.get('/outbox/:id', validate(withId, async (req, res) => {
    res.json({ data: await admin.mail(sessionOf(res).actor, req.params.id) });
  }));
  router.post('/outbox/:id/retry', validate(withId, async (req, res) => {
    res.json({ data: await admin.retryMail(sessionOf(res).actor, req.params.id) });
  }));

  router.get('/testimonials', validate({ query: adminTestimonialsQuerySchema }, async (req, res) => {
    res.json({ data: await admin.testimonials(req.query.status) });
  }));
  router.post('/testimonials/:id/approve', validate(withId, async (req, res) => {
    res.json({ data: await admin.setTestimonialStatus(sessionOf(res).actor, req.params.id, 'approved') });
  }));
  router.post('/testimonials/:id/hide', validate(withId, async (req, res) => {
    res.json({ data: await admin.setTestimonialStatus(sessionOf(res).actor, req.params.id, 'hidden') });
  }));

  router.get('/audit-log', validate({ query: adminAuditQuerySchema }, async (req, res) => {
    res.json({ data: await admin.auditLog(req.query.page) });
  }));

  router.post('/login-as-client', validate({ body: loginAsClientSchema }, async (req, res) => {
    const s = sessionOf(res);
    res.json({ data: await admin.loginAsClient(s.actor, s.session.id, req.body.company_id) });
  }));
  router.post('/login-as-client/stop', async (_req, res) => {
    const s = sessionOf(res);
    res.json({ data: await admin.stopLoginAsClient(s.actor, s.session.id, s.session.acting_user_id) });
  });

  return router;
}
