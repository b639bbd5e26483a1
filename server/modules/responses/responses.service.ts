/**
 * POST /api/responses takes sync items from three kinds of device; this service decides which service an
 * item goes to, by the audience its (not yet verified) token names: a kiosk token to the kiosk
 * (server/modules/kiosk), a paper-entry token to paper entry (server/modules/paper-entry), anything else to
 * the questionnaire (a respondent's own access token). The chosen service verifies the token.
 *
 * It sits above the three so that none of them imports another's caller: the kiosk and paper entry use the
 * questionnaire service; the questionnaire knows neither.
 */
import type { SubmitItem, SubmitResult } from '../../../shared/schemas/questionnaire.js';
import { tokenAudiences } from '../../lib/token-audiences.js';
import type { HeldItem } from '../../lib/guess-budget.js';
import type { KioskService } from '../kiosk/index.js';
import type { PaperEntryService } from '../paper-entry/index.js';
import type { QuestionnaireService } from '../questionnaire/index.js';

export function createResponsesService(deps: {
  questionnaire: Pick<QuestionnaireService, 'submit'>;
  kiosk: Pick<KioskService, 'audience' | 'submit'>;
  paperEntry: Pick<PaperEntryService, 'audience' | 'submit'>;
}) {
  const { questionnaire, kiosk, paperEntry } = deps;
  /** One sync item, to the service its token names. Never throws for a bad item; 'held': its kiosk or paper-entry token is over its guessing budget. */
  function submit(item: SubmitItem): Promise<SubmitResult | HeldItem> {
    const audiences = tokenAudiences(item.token);
    if (audiences.includes(kiosk.audience)) return kiosk.submit(item);
    if (audiences.includes(paperEntry.audience)) return paperEntry.submit(item);
    return questionnaire.submit(item);
  }
  return {
    submit,
    /**
     * A batch, item by item in order. When an item's kiosk or paper-entry token is over its guessing budget the batch stops there:
     * the results so far, and `held` with the time to wait (the client sends the rest again later).
     */
    async submitBatch(items: readonly SubmitItem[]): Promise<{ results: SubmitResult[]; held: { retryAfterMs: number } | null }> {
      const results: SubmitResult[] = [];
      for (const item of items) {
        const result = await submit(item);
        if (result.status === 'held') return { results, held: { retryAfterMs: result.retryAfterMs } };
        results.push(result);
      }
      return { results, held: null };
    },
  };
}
export type ResponsesService = ReturnType<typeof createResponsesService>;
