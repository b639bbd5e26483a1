import { Router } from 'express';
import { contactMessageSchema } from '../../../shared/schemas/contact.js';
import type { ContactAccepted } from '../../../shared/schemas/contact-result.js';
import type { Limiter } from '../../middleware/rate-limit.js';
import { validate } from '../../middleware/validate.js';
import type { ContactService } from './contact.service.js';

export function contactRoutes(deps: { contact: ContactService; rateLimit: { limit: number; windowMs: number }; limiter: Limiter }): Router {
  const router = Router();

  router.get('/contact/challenge', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await deps.contact.createChallenge());
  });

  router.post('/contact', deps.limiter({ name: 'contact', ...deps.rateLimit }), validate({ body: contactMessageSchema }, async (req, res) => {
    await deps.contact.submit(req.body);
    const body: { data: ContactAccepted } = { data: { status: 'queued' } };
    res.status(202).json(body);
  }));

  return router;
}
