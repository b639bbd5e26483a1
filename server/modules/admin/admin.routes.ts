/** /api/admin/*: administrators only (401 logged out, 403 for everyone else). Every action is audited. */
import { Router, type Request } from 'express';
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

const idOf = (req: Request) => (req.params as unknown as { id: number }).id;

export function adminRoutes(deps: { admin: AdminService }): Router {
  const { admin } = deps;
  const router = Router();
  router.use(requireAdmin, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });
  const params = validate({ params: adminIdParamsSchema });

  router.get('/companies', validate({ query: adminCompaniesQuerySchema }), async (req, res) => {
    res.json({ data: await admin.companies(req.query as never) });
  });
  router.get('/companies/:id', params, async (req, res) => {
    res.json({ data: await admin.company(idOf(req)) });
  });
  for (const action of ['verify', 'disable', 'enable'] as const) {
    router.post(`/companies/:id/${action}`, params, async (req, res) => {
      res.json({ data: await admin.setCompanyState(sessionOf(res).actor, idOf(req), action) });
    });
  }

  router.get('/outbox', validate({ query: adminOutboxQuerySchema }), async (req, res) => {
    res.json({ data: await admin.outbox(req.query as never) });
  });
  router.get('/outbox/:id', params, async (req, res) => {
    res.json({ data: await admin.mail(sessionOf(res).actor, idOf(req)) });
  });
  router.post('/outbox/:id/retry', params, async (req, res) => {
    res.json({ data: await admin.retryMail(sessionOf(res).actor, idOf(req)) });
  });

  router.get('/testimonials', validate({ query: adminTestimonialsQuerySchema }), async (req, res) => {
    res.json({ data: await admin.testimonials((req.query as { status?: string }).status) });
  });
  router.post('/testimonials/:id/approve', params, async (req, res) => {
    res.json({ data: await admin.setTestimonialStatus(sessionOf(res).actor, idOf(req), 'approved') });
  });
  router.post('/testimonials/:id/hide', params, async (req, res) => {
    res.json({ data: await admin.setTestimonialStatus(sessionOf(res).actor, idOf(req), 'hidden') });
  });

  router.get('/audit-log', validate({ query: adminAuditQuerySchema }), async (req, res) => {
    res.json({ data: await admin.auditLog((req.query as unknown as { page: number }).page) });
  });

  router.post('/login-as-client', validate({ body: loginAsClientSchema }), async (req, res) => {
    const s = sessionOf(res);
    res.json({ data: await admin.loginAsClient(s.actor, s.session.id, (req.body as { company_id: number }).company_id) });
  });
  router.post('/login-as-client/stop', async (_req, res) => {
    const s = sessionOf(res);
    res.json({ data: await admin.stopLoginAsClient(s.actor, s.session.id, s.session.acting_user_id) });
  });

  return router;
}
