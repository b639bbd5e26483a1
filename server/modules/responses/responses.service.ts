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
import type { KioskHeld, KioskService } from '../kiosk/kiosk.service.js';
import type { PaperEntryService } from '../paper-entry/paper-entry.service.js';
import type { QuestionnaireService } from '../questionnaire/questionnaire.service.js';

export function createResponsesService(deps: {
  questionnaire: Pick<QuestionnaireService, 'submit'>;
  kiosk: Pick<KioskService, 'audience' | 'submit'>;
  paperEntry: Pick<PaperEntryService, 'audience' | 'submit'>;
}) {
  const { questionnaire, kiosk, paperEntry } = deps;
  return {
    /** One sync item, to the service its token names. Never throws for a bad item; 'held': its kiosk is over its guessing limit. */
    submit(item: SubmitItem): Promise<SubmitResult | KioskHeld> {
      const audiences = tokenAudiences(item.token);
      if (audiences.includes(kiosk.audience)) return kiosk.submit(item);
      if (audiences.includes(paperEntry.audience)) return paperEntry.submit(item);
      return questionnaire.submit(item);
    },
  };
}
export type ResponsesService = ReturnType<typeof createResponsesService>;
