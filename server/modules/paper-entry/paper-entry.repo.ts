/**
 * Paper entry's SQL: the company's own survey's type and the survey's unused paper codes. Storing a keyed
 * form goes through the questionnaire service (questionnaire.repo.ts); the service holds the rules.
 */
import type { Db } from '../../db/connection.js';

export function createPaperEntryRepo(db: Db) {
  return {
    /** The type of the company's own survey; undefined for another company's or an unknown one. */
    async ownedSurveyType(surveyId: number, companyId: number): Promise<string | undefined> {
      return (await db.get<{ type: string }>('SELECT type FROM applications WHERE id = ? AND company_id = ?', [surveyId, companyId]))?.type;
    },

    /** The survey's paper codes that are neither revoked nor used up. */
    async unusedPaperCodes(surveyId: number): Promise<string[]> {
      return (await db.all<{ code: string }>("SELECT code FROM access_codes WHERE survey_id = ? AND channel = 'paper' AND revoked_at IS NULL AND uses < max_uses", [surveyId])).map((c) => c.code);
    },
  };
}
