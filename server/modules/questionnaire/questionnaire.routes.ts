/**
 * POST /api/questionnaire/access { code } -> { data: { token, package } }
 * POST /api/responses { items } -> { data: { results } }
 * Request logs carry only the request id, method and URL (middleware/pipeline.ts): no IP, no body, so no code.
 */
import { Router } from 'express';
import { accessRequestSchema, submitBatchSchema, type SubmitBatch } from '../../../shared/schemas/questionnaire.js';
import { rateLimited, type Limiter } from '../../middleware/rate-limit.js';
import { validate } from '../../middleware/validate.js';
import type { ResponsesService } from '../responses/index.js';
import type { QuestionnaireService } from './questionnaire.service.js';

export interface QuestionnaireRoutesOptions {
  questionnaire: QuestionnaireService;
  /** Code entry per IP: failed attempts only count (a whole office behind one NAT may enter valid codes). */
  accessRateLimit?: { limit: number; windowMs: number };
  /** Makes the rate limits (counted in the database, across instances). */
  limiter: Limiter;
  /** Sync items go where server/modules/responses decides (questionnaire, kiosk or paper entry); 'held': a kiosk over its guessing limit. */
  responses: Pick<ResponsesService, 'submitBatch'>;
}

/**
 * The respondents' lane (server/app.ts mounts it under /api, before the session lookup): every route
 * declared here is claimed by the lane, nothing else has to list it.
 */
export function questionnaireRoutes(options: QuestionnaireRoutesOptions): Router {
  const { questionnaire, responses } = options;
  const router = Router();
  const guard = options.limiter({
    name: 'questionnaire-access',
    windowMs: options.accessRateLimit?.windowMs ?? 10 * 60_000,
    limit: options.accessRateLimit?.limit ?? 20,
    skipSuccessfulRequests: true,
  });

  router.post('/questionnaire/access', guard, validate({ body: accessRequestSchema }), async (req, res) => {
    const { code } = req.body as { code: string };
    res.json({ data: await questionnaire.access(code) });
  });

  router.post('/responses', validate({ body: submitBatchSchema }), async (req, res) => {
    const { results, held } = await responses.submitBatch((req.body as SubmitBatch).items);
    // A kiosk over its guessing limit with nothing answered yet: 429 with Retry-After; otherwise the answers
    // so far, and the client sends the rest again (meeting the 429 then).
    if (held && results.length === 0) throw rateLimited(res, held.retryAfterMs);
    res.json({ data: { results } });
  });

  return router;
}
