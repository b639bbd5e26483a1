/**
 * POST /api/responses { items } -> { data: { results } }
 * Part of the respondents' lane (server/app.ts mounts it under /api, before the session lookup): every route declared
 * here is claimed by the lane. Request logs carry only the request id, method and URL (middleware/pipeline.ts): no IP,
 * no body.
 */
import { Router } from 'express';
import { submitBatchSchema } from '../../../shared/schemas/questionnaire.js';
import { rateLimited } from '../../middleware/rate-limit.js';
import { validate } from '../../middleware/validate.js';
import type { ResponsesService } from './responses.service.js';

export interface ResponsesRoutesOptions {
  /** Sync items go where the service decides (questionnaire, kiosk or paper entry); 'held': a kiosk or paper-entry token over its guessing budget. */
  responses: Pick<ResponsesService, 'submitBatch'>;
}

export function responsesRoutes(options: ResponsesRoutesOptions): Router {
  const { responses } = options;
  const router = Router();

  router.post('/responses', validate({ body: submitBatchSchema }, async (req, res) => {
    const { results, held } = await responses.submitBatch(req.body.items);
    // A kiosk or paper-entry token over its guessing budget with nothing answered yet: 429 with Retry-After; otherwise the answers
    // so far, and the client sends the rest again (meeting the 429 then).
    if (held && results.length === 0) throw rateLimited(res, held.retryAfterMs);
    res.json({ data: { results } });
  }));

  return router;
}
