/**
 * HR data entry of paper answers. See docs/decisions/0023-paper-data-entry.md "Paper data entry" and
 * docs/api.md "Paper data entry".
 *
 * - entryPackage: the company's own IZZ survey in progress only (another company's is 404); answers the
 *   questionnaire package, a paper-entry token (HS256, key derived for 'paper-entry-token', audience
 *   'izz-paper-entry', { sid, purpose: 'paper-entry', kid }, kid random per package: it names this token's
 *   guessing budget; expires at 00:00 two days after the survey's end date), a per-survey salt (HMAC of the session secret, so no table is needed) and the truncated salted
 *   hashes of the survey's unused PAPER codes (the kiosk's scheme, server/lib/code-hash.ts) — never a code.
 * - submit: one sync item of POST /api/responses whose token is a paper-entry token:
 *   answers = { code, answers, no_answer? } (not sealed: the device is HR's own, logged in, and the paper
 *   forms lie beside it). Handed to questionnaire.submitWithCode with channel 'paper': the code must be a
 *   paper code of the token's survey (an online code is 'access-code-invalid'), it is consumed in the
 *   response's transaction (a paper code keyed twice, or answered online first, is 'access-code-used').
 *   Under the kiosks' guessing budget (server/lib/guess-budget.ts), per token: a refused code costs 1 unit when
 *   the survey has it and UNKNOWN_CODE_COST when it has not; over the budget the token's items are 'held'
 *   unchecked and POST /api/responses answers 429 with Retry-After. While the survey's company is disabled (the
 *   package is refused too: no session) an item is 'deferred' with the code 'company-disabled': nothing checked,
 *   stored or spent, and HR's device keeps it until the company is enabled.
 * - 'No answer on paper': a mandatory item (statement, eNPS, ESI, a required extra question) the
 *   respondent left blank is recorded by listing its path in no_answer; the stored response simply lacks
 *   that answer (nothing more than an online response) and every report counts only the answers given.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { SubmitItem, SubmitResult } from '../../../shared/schemas/questionnaire.js';
import type { PaperEntryPackage } from '../../../shared/schemas/paper-entry.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { addDaysIso, zonedInstant } from '../../lib/time.js';
import { codeHash } from '../../lib/code-hash.js';
import { createGuessBudget, UNKNOWN_CODE_COST, type HeldItem } from '../../lib/guess-budget.js';
import { normalizeAccessCode } from '../../../shared/access-codes.js';
import type { QuestionnaireService } from '../questionnaire/index.js';
import { deriveKey } from '../../secrets.js';
import { createPaperEntryRepo } from './paper-entry.repo.js';

const ISSUER = 'izz';
export const PAPER_ENTRY_AUDIENCE = 'izz-paper-entry';
const PURPOSE = 'paper-entry';
/** Most paths a form may list as 'no answer on paper' (every item of the longest form). */
const NO_ANSWER_MAX = 200;
/** A token's id: 16 random bytes, base64url. */
const KID_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** A verified paper-entry token: its survey and the identity its guessing budget is kept under. */
interface PaperClaims {
  sid: number;
  budget: string;
}

function isCodeRefusal(code: string | undefined): boolean {
  return code === 'access-code-used' || code === 'access-code-invalid';
}

export type { PaperEntryPackage };

export function createPaperEntryService(deps: { db: Db; config: Pick<Config, 'sessionSecret' | 'timeZone'>; clock: Clock; questionnaire: QuestionnaireService }) {
  const { db, config, clock, questionnaire } = deps;
  const repo = createPaperEntryRepo(db);
  const key = deriveKey(config.sessionSecret, 'paper-entry-token');
  const saltKey = deriveKey(config.sessionSecret, 'paper-entry-salt');
  const saltOf = (surveyId: number): string => createHmac('sha256', saltKey).update(String(surveyId)).digest('base64url').slice(0, 22);

  const guesses = createGuessBudget(db);

  /**
   * The token's survey and the budget it spends: `kid`, random per package; a token made before paper-entry tokens
   * had one stands for itself (its survey, issue and expiry times, read from the verified claims).
   */
  async function verifyToken(token: string): Promise<PaperClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: PAPER_ENTRY_AUDIENCE, algorithms: ['HS256'], currentDate: clock() });
      const { sid, kid, iat, exp } = payload;
      if (typeof sid !== 'number' || payload.purpose !== PURPOSE) return null;
      if (kid !== undefined) return typeof kid === 'string' && KID_SHAPE.test(kid) ? { sid, budget: `paper-kid:${kid}` } : null;
      return { sid, budget: `paper-token:${String(sid)}:${String(iat)}:${String(exp)}` };
    } catch {
      return null;
    }
  }

  /** Whether the survey has this code (any channel, used, revoked or not). */
  async function codeInSurvey(surveyId: number, code: string): Promise<boolean> {
    const normalized = normalizeAccessCode(code);
    return normalized !== null && (await repo.codeInSurvey(surveyId, normalized));
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
      const token = await new SignJWT({ sid: surveyId, purpose: PURPOSE, kid: randomBytes(16).toString('base64url') })
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

    /**
     * One paper sync item: { id, token, answers: { code, answers, no_answer? } }. Never throws for a bad item; 'held'
     * (nothing checked, nothing changed) while the token is over its guessing budget; 'deferred' (likewise) while the
     * survey's company is disabled.
     */
    async submit(item: SubmitItem): Promise<SubmitResult | HeldItem> {
      if (await questionnaire.responseExists(item.id)) return { id: item.id, status: 'duplicate' };
      const claims = await verifyToken(item.token);
      if (!claims) return { id: item.id, status: 'rejected', code: 'invalid-token' };
      if (await repo.surveyCompanyDisabled(claims.sid)) return { id: item.id, status: 'deferred', code: 'company-disabled' };
      const now = clock().getTime();
      await guesses.expire(now);
      // Over its budget the token's items wait, valid codes too: checking one would tell a guesser which are right.
      const wait = await guesses.waitMs(claims.budget, now);
      if (wait > 0) return { id: item.id, status: 'held', retryAfterMs: wait };
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
      const code = body.code;
      const result = await questionnaire.submitWithCode({ id: item.id, surveyId: claims.sid, code, answers: body.answers, channel: 'paper', noAnswer });
      // A refused code costs the token: 1 unit for a code the survey has (a form keyed twice, or answered online
      // first), UNKNOWN_CODE_COST for one it has not (what guessing produces).
      if (result.status === 'rejected' && isCodeRefusal(result.code)) await guesses.fail(claims.budget, (await codeInSurvey(claims.sid, code)) ? 1 : UNKNOWN_CODE_COST, clock().getTime());
      return result;
    },
  };
}
export type PaperEntryService = ReturnType<typeof createPaperEntryService>;
