/**
 * HR data entry of paper answers (issue 7). See docs/architecture.md "Paper data entry" and
 * docs/api.md "Paper data entry".
 *
 * - entryPackage: the company's own IZZ survey in progress only (another company's is 404); answers the
 *   questionnaire package, a paper-entry token (HS256, key derived for 'paper-entry-token', audience
 *   'izz-paper-entry', { sid, purpose: 'paper-entry' }, expires at 00:00 two days after the survey's end
 *   date), a per-survey salt (HMAC of the session secret, so no table is needed) and the truncated salted
 *   hashes of the survey's unused PAPER codes (the kiosk's scheme, server/lib/code-hash.ts) — never a code.
 * - submit: one sync item of POST /api/responses whose token is a paper-entry token:
 *   answers = { code, answers, no_answer? } (not sealed: the device is HR's own, logged in, and the paper
 *   forms lie beside it). Handed to questionnaire.submitWithCode with channel 'paper': the code must be a
 *   paper code of the token's survey (an online code is 'access-code-invalid'), it is consumed in the
 *   response's transaction (a paper code keyed twice, or answered online first, is 'access-code-used').
 * - 'No answer on paper': a mandatory item (statement, eNPS, ESI, a required extra question) the
 *   respondent left blank is recorded by listing its path in no_answer; the stored response simply lacks
 *   that answer (nothing more than an online response) and every report counts only the answers given.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { SubmitItem, SubmitResult } from '../../../shared/schemas/questionnaire.js';
import type { PaperEntryPackage } from '../../../shared/schemas/paper-entry.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../jobs/scheduler.js';
import { addDaysIso, zonedInstant } from '../../lib/time.js';
import { codeHash } from '../../lib/code-hash.js';
import type { QuestionnaireService } from '../questionnaire/index.js';
import { deriveKey } from '../../secrets.js';
import { createPaperEntryRepo } from './paper-entry.repo.js';

const ISSUER = 'izz';
export const PAPER_ENTRY_AUDIENCE = 'izz-paper-entry';
const PURPOSE = 'paper-entry';
/** Most paths a form may list as 'no answer on paper' (every item of the longest form). */
const NO_ANSWER_MAX = 200;

export type { PaperEntryPackage };

export function createPaperEntryService(deps: { db: Db; config: Pick<Config, 'sessionSecret' | 'timeZone'>; clock: Clock; questionnaire: QuestionnaireService }) {
  const { db, config, clock, questionnaire } = deps;
  const repo = createPaperEntryRepo(db);
  const key = deriveKey(config.sessionSecret, 'paper-entry-token');
  const saltKey = deriveKey(config.sessionSecret, 'paper-entry-salt');
  const saltOf = (surveyId: number): string => createHmac('sha256', saltKey).update(String(surveyId)).digest('base64url').slice(0, 22);

  async function verifyToken(token: string): Promise<{ sid: number } | null> {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: PAPER_ENTRY_AUDIENCE, algorithms: ['HS256'], currentDate: clock() });
      return typeof payload.sid === 'number' && payload.purpose === PURPOSE ? { sid: payload.sid } : null;
    } catch {
      return null;
    }
  }

  return {
    /** 404 for another company's survey (or a PULS survey: no paper forms), 409 survey-closed when it takes no answers now. */
    async entryPackage(companyId: number, surveyId: number): Promise<PaperEntryPackage> {
      if (await repo.ownedSurveyType(surveyId, companyId) !== 'izz') throw new AppError('not-found');
      const pkg = await questionnaire.surveyPackage(surveyId);
      if (!pkg) throw new AppError('survey-closed');
      const salt = saltOf(surveyId);
      const hashes = (await repo
        .unusedPaperCodes(surveyId))
        .map((code) => codeHash(salt, code))
        .sort();
      const now = clock();
      const end = pkg.end_date ? zonedInstant(addDaysIso(pkg.end_date, 2), '00:00', config.timeZone) : new Date(now.getTime() + 86_400_000);
      const expires = new Date(Math.max(end.getTime(), now.getTime() + 60_000));
      const token = await new SignJWT({ sid: surveyId, purpose: PURPOSE })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(PAPER_ENTRY_AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expires.getTime() / 1000))
        .sign(key);
      return { token, expires_at: expires.toISOString(), package: pkg, salt, hashes };
    },

    /** The audience of paper-entry tokens: server/modules/responses hands such items of POST /api/responses to submit (which verifies them). */
    audience: PAPER_ENTRY_AUDIENCE,

    /** One paper sync item: { id, token, answers: { code, answers, no_answer? } }. Never throws for a bad item. */
    async submit(item: SubmitItem): Promise<SubmitResult> {
      if (await questionnaire.responseExists(item.id)) return { id: item.id, status: 'duplicate' };
      const claims = await verifyToken(item.token);
      if (!claims) return { id: item.id, status: 'rejected', code: 'invalid-token' };
      const body = typeof item.answers === 'object' && item.answers !== null ? (item.answers as { code?: unknown; answers?: unknown; no_answer?: unknown }) : {};
      const noAnswer = body.no_answer ?? [];
      if (
        typeof body.code !== 'string' ||
        body.code.length > 40 ||
        !Array.isArray(noAnswer) ||
        noAnswer.length > NO_ANSWER_MAX ||
        !noAnswer.every((p): p is string => typeof p === 'string' && p.length <= 100)
      ) {
        return { id: item.id, status: 'rejected', code: 'validation-failed', issues: [{ path: 'code', code: 'invalid' }] };
      }
      return await questionnaire.submitWithCode({ id: item.id, surveyId: claims.sid, code: body.code, answers: body.answers, channel: 'paper', noAnswer });
    },
  };
}
export type PaperEntryService = ReturnType<typeof createPaperEntryService>;
