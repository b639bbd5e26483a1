/**
 * POST /api/questionnaire/access { code } -> { data: { token, package } }
 * (The answers themselves go through POST /api/responses: server/modules/responses.)
 * Request logs carry only the request id, method and URL (middleware/pipeline.ts): no IP, no body, so no code.
 */
import { Router } from 'express';
import { accessRequestSchema } from '../../../shared/schemas/questionnaire.js';
import { rateLimited } from '../../middleware/rate-limit.js';
import { validate } from '../../middleware/validate.js';
import { GuessBudgetSpent, guessAddress, type CodeGuesses } from './code-guesses.js';
import type { QuestionnaireService } from './questionnaire.service.js';

export interface QuestionnaireRoutesOptions {
  questionnaire: QuestionnaireService;
  /** Code entry's guessing budget per address (code-guesses.ts): only wrong codes count, in the database. */
  guesses: CodeGuesses;
}

/**
 * The respondents' lane (server/app.ts mounts it under /api, before the session lookup): every route
 * declared here is claimed by the lane, nothing else has to list it.
 */
export function questionnaireRoutes(options: QuestionnaireRoutesOptions): Router {
  const { questionnaire, guesses } = options;
  const router = Router();

  router.post('/questionnaire/access', validate({ body: accessRequestSchema }, async (req, res) => {
    const { code } = req.body;
    try {
      res.json({ data: await guesses.enter(guessAddress(req.ip), code, () => questionnaire.access(code)) });
    } catch (error) {
      // The address's wrong codes used up its budget: 429 with Retry-After (also in the body, for the entry page's
      // "try again in N minutes"), nothing checked.
      if (error instanceof GuessBudgetSpent) throw rateLimited(res, error.retryAfterMs, { detailed: true });
      throw error;
    }
  }));

  return router;
}
