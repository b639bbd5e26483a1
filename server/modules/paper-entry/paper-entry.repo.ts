/**
 * Paper entry's SQL: the company's own survey's type, whether a survey's company is disabled, the survey's unused
 * paper codes and whether it has a code.
 * Storing a keyed form goes through the questionnaire service (questionnaire.repo.ts), the guessing budget is
 * server/lib/guess-budget.ts; the service holds the rules.
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

    /** Whether the survey's company is disabled by the administrator; undefined when there is no such survey. */
    async surveyCompanyDisabled(surveyId: number): Promise<boolean | undefined> {
      const row = await db.get<{ disabled: number }>(
        'SELECT CASE WHEN c.disabled_at IS NULL THEN 0 ELSE 1 END AS disabled FROM applications a JOIN companies c ON c.id = a.company_id WHERE a.id = ?',
        [surveyId],
      );
      return row === undefined ? undefined : row.disabled === 1;
    },

    /** Whether the survey has this (normalised) code, of any channel, used, revoked or not. */
    async codeInSurvey(surveyId: number, code: string): Promise<boolean> {
      return (await db.get('SELECT 1 AS x FROM access_codes WHERE code = ? AND survey_id = ?', [code, surveyId])) !== undefined;
    },
  };
}
