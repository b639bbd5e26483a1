/**
 * POST /api/questionnaire/access { code } -> { data: { token, package } }
 * POST /api/responses { items } -> { data: { results } }
 * Request logs carry only the request id, method and URL (middleware/pipeline.ts): no IP, no body, so no code.
 */
import { Router } from 'express';
import { accessRequestSchema, submitBatchSchema, type SubmitBatch } from '../../../shared/schemas/questionnaire.js';
import { rateLimited } from '../../middleware/rate-limit.js';
import { validate } from '../../middleware/validate.js';
import type { ResponsesService } from '../responses/index.js';
import { GuessBudgetSpent, guessAddress, type CodeGuesses } from './code-guesses.js';
import type { QuestionnaireService } from './questionnaire.service.js';

export interface QuestionnaireRoutesOptions {
  questionnaire: QuestionnaireService;
  /** Code entry's guessing budget per address (code-guesses.ts): only wrong codes count, in the database. */
  guesses: CodeGuesses;
  /** Sync items go where server/modules/responses decides (questionnaire, kiosk or paper entry); 'held': a kiosk or paper-entry token over its guessing budget. */
  responses: Pick<ResponsesService, 'submitBatch'>;
}

/**
 * The respondents' lane (server/app.ts mounts it under /api, before the session lookup): every route
 * declared here is claimed by the lane, nothing else has to list it.
 */
export function questionnaireRoutes(options: QuestionnaireRoutesOptions): Router {
  const { questionnaire, responses, guesses } = options;
  const router = Router();

  router.post('/questionnaire/access', validate({ body: accessRequestSchema }), async (req, res) => {
    const { code } = req.body as { code: string };
    try {
      res.json({ data: await guesses.enter(guessAddress(req.ip), code, () => questionnaire.access(code)) });
    } catch (error) {
      // The address's wrong codes used up its budget: 429 with Retry-After (also in the body, for the entry page's
      // "try again in N minutes"), nothing checked.
      if (error instanceof GuessBudgetSpent) throw rateLimited(res, error.retryAfterMs, { detailed: true });
      throw error;
    }
  });

  router.post('/responses', validate({ body: submitBatchSchema }), async (req, res) => {
    const { results, held } = await responses.submitBatch((req.body as SubmitBatch).items);
    // A kiosk or paper-entry token over its guessing budget with nothing answered yet: 429 with Retry-After; otherwise the answers
    // so far, and the client sends the rest again (meeting the 429 then).
    if (held && results.length === 0) throw rateLimited(res, held.retryAfterMs);
    res.json({ data: { results } });
  });

  return router;
}
