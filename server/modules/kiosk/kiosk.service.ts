/**
 * Kiosk mode: a company user turns a shared tablet into a kiosk for one in-progress survey.
 * See docs/decisions/0011-kiosk-mode.md "Kiosk mode" and docs/api.md "Kiosk".
 *
 * - setup: the company's own survey only (another company's is 404), the user's password checked again;
 *   answers the questionnaire package, a kiosk token (HS256, key derived for 'kiosk-token', audience
 *   'izz-kiosk', { sid, kid }: kid is random per setup and names the kiosk; expires at 00:00 two days after
 *   the package's end date), the survey's salt and
 *   the truncated salted hashes of the live (not revoked) online codes with the uses each allows, used or not
 *   (nothing the kiosk is given tells a used code from an unused one) — never a code — and the
 *   survey's public sealing key (created with the salt at the first setup).
 * - submit: one sync item of POST /api/responses whose token is a kiosk token: the envelope is opened with
 *   the survey's private key and handed to questionnaire.submitWithCode (code looked up within the token's
 *   survey, consumed in the response's transaction, channel 'kiosk'). A response refused because its code
 *   was used or revoked meanwhile is counted in kiosk_conflicts (count and day only), once per response id:
 *   a refused id is remembered (kiosk.guesses.ts) and a re-sent one gets the same answer from memory.
 *   Each refused code costs the kiosk (its token's kid) part of its guessing budget; over it, its items are
 *   'held' unchecked and POST /api/responses answers 429 with Retry-After (server/lib/guess-budget.ts).
 *   While the survey's company is disabled (its package is refused too), an item is 'deferred' with the code
 *   'company-disabled': nothing checked, stored or spent, and the device keeps it until the company is enabled.
 * - the kiosk device's own calls, with its token as the credential and no session: authenticate (401 bad
 *   token, 404 survey gone, 403 company disabled), currentPackage (the package, salt and code hashes as they are now,
 *   so codes reissued after the setup reach the kiosk and revoked ones leave it; the token names one survey
 *   and reads nothing else) and checkCode (a code typed at an online kiosk, checked before the respondent starts,
 *   under the same guessing budget as at sync).
 */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { normalizeAccessCode } from '../../../shared/access-codes.js';
import type { SubmitItem, SubmitResult } from '../../../shared/schemas/questionnaire.js';
import type { KioskCodeHash, KioskConflicts, KioskPackage, KioskSetup } from '../../../shared/schemas/kiosk.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { addDaysIso, zonedInstant, zonedToday } from '../../lib/time.js';
import { verifyPassword } from '../auth/index.js';
import type { QuestionnaireService } from '../questionnaire/index.js';
import { codeHash } from '../../lib/code-hash.js';
import { generateSealingKeyPair, openEnvelope } from './kiosk.crypto.js';
import { createKioskRepo, type KeyRow } from './kiosk.repo.js';
import { createRefusalMemory, isCodeRefusal } from './kiosk.guesses.js';
import { createGuessBudget, UNKNOWN_CODE_COST, type HeldItem } from '../../lib/guess-budget.js';
import { deriveKey } from '../../secrets.js';

const ISSUER = 'izz';
export const KIOSK_AUDIENCE = 'izz-kiosk';
/** A kiosk's id in its token: 16 random bytes, base64url. */
const KID_SHAPE = /^[A-Za-z0-9_-]{22}$/;

export type { KioskCodeHash, KioskConflicts, KioskPackage, KioskSetup };

/** A verified kiosk token: its survey, the kiosk it names (for its guessing budget) and its expiry (seconds). */
export interface KioskClaims {
  sid: number;
  kiosk: string;
  exp: number;
}

/** What POST /api/kiosk/code-check learns about a code; 'held': the kiosk is over its guessing limit, nothing was checked. */
export type KioskCodeCheckResult =
  | { status: 'ok' }
  | { status: 'refused'; code: 'access-code-invalid' | 'access-code-used' | 'survey-closed' }
  | { status: 'held'; retryAfterMs: number };


export function createKioskService(deps: { db: Db; config: Pick<Config, 'sessionSecret' | 'timeZone'>; clock: Clock; questionnaire: QuestionnaireService }) {
  const { db, config, clock, questionnaire } = deps;
  const repo = createKioskRepo(db);
  const key = deriveKey(config.sessionSecret, 'kiosk-token');
  const refusals = createRefusalMemory(repo);
  const guesses = createGuessBudget(db);

  /** The survey's salt and key pair, created at the first setup. */
  async function keysOf(surveyId: number): Promise<KeyRow> {
    const existing = await repo.findKeys(surveyId);
    if (existing) return existing;
    const pair = generateSealingKeyPair();
    await repo.insertKeysIfMissing(
      surveyId,
      { salt: randomBytes(16).toString('base64url'), public_jwk: JSON.stringify(pair.publicJwk), private_jwk: JSON.stringify(pair.privateJwk) },
      clock().toISOString(),
    );
    const row = await repo.findKeys(surveyId);
    if (!row) throw new Error('kiosk keys not stored');
    return row;
  }

  /**
   * The token's survey and the kiosk it was made for: `kid`, random per setup; a token made before kiosks had
   * one stands for itself (its survey, issue and expiry times: read from the verified claims, not the token's
   * text, whose base64url could be spelled more than one way).
   */
  async function verifyToken(token: string): Promise<KioskClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: KIOSK_AUDIENCE, algorithms: ['HS256'], currentDate: clock() });
      const { sid, kid, iat, exp } = payload;
      if (typeof sid !== 'number' || typeof exp !== 'number') return null;
      if (kid !== undefined) return typeof kid === 'string' && KID_SHAPE.test(kid) ? { sid, kiosk: `kid:${kid}`, exp } : null;
      return { sid, kiosk: `token:${String(sid)}:${String(iat)}:${String(exp)}`, exp };
    } catch {
      return null;
    }
  }

  async function ownedSurvey(companyId: number, surveyId: number): Promise<void> {
    if (!await repo.surveyOwnedBy(surveyId, companyId)) throw new AppError('not-found');
  }

  /** Whether the survey has this code (used, revoked or not), whatever its state. */
  async function codeInSurvey(surveyId: number, code: string): Promise<boolean> {
    const normalized = normalizeAccessCode(code);
    return normalized !== null && await repo.codeInSurvey(surveyId, normalized);
  }

  let expiredOn = '';
  /** Old remembered refusals and kiosks whose guessing budget is full again go, at most once a day per process. */
  async function expireDaily(today: string): Promise<void> {
    if (expiredOn === today) return;
    expiredOn = today;
    await refusals.expire(today);
    await guesses.expire(clock().getTime());
  }

  /**
   * The survey's live online codes (PULS: of the round) as truncated salted hashes with the uses each allows, sorted.
   * Never a code, and nothing that tells a used code from an unused one: a code used elsewhere is caught at
   * sync (a conflict), one used on the same kiosk by the kiosk's own count.
   */
  async function hashesOf(surveyId: number, round: number | null, salt: string): Promise<KioskCodeHash[]> {
    return (await repo.liveOnlineCodes(surveyId, round)).map((c) => ({ h: codeHash(salt, c.code), n: c.max_uses })).sort((a, b) => a.h.localeCompare(b.h) || a.n - b.n);
  }

  async function conflictsOf(surveyId: number): Promise<KioskConflicts> {
    const row = await repo.findConflicts(surveyId);
    return { count: row?.count ?? 0, last_on: row?.last_on ?? null };
  }

  return {
    /** 404 for another company's survey, 403 wrong-password, 409 survey-closed when it takes no answers now. */
    async setup(input: { companyId: number; userId: number; surveyId: number; password: string }): Promise<KioskSetup> {
      await ownedSurvey(input.companyId, input.surveyId);
      const passwordHash = await repo.passwordHashOf(input.userId, input.companyId);
      if (passwordHash === undefined || !(await verifyPassword(input.password, passwordHash))) throw new AppError('wrong-password', { status: 403 });
      const pkg = await questionnaire.surveyPackage(input.surveyId);
      if (!pkg) throw new AppError('survey-closed');
      const keys = await keysOf(input.surveyId);
      const hashes = await hashesOf(input.surveyId, pkg.round, keys.salt);
      const now = clock();
      const end = pkg.end_date ? zonedInstant(addDaysIso(pkg.end_date, 2), '00:00', config.timeZone) : new Date(now.getTime() + 86_400_000);
      const expires = new Date(Math.max(end.getTime(), now.getTime() + 60_000));
      // kid: this kiosk (one setup, one device)
      const token = await new SignJWT({ sid: input.surveyId, kid: randomBytes(16).toString('base64url') })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(KIOSK_AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expires.getTime() / 1000))
        .sign(key);
      const pub = JSON.parse(keys.public_jwk) as { kty: string; crv: string; x: string; y: string };
      return {
        token,
        expires_at: expires.toISOString(),
        package: pkg,
        salt: keys.salt,
        hashes,
        public_key: { kty: pub.kty, crv: pub.crv, x: pub.x, y: pub.y },
      };
    },

    /** The audience of kiosk tokens: server/modules/responses hands such items of POST /api/responses to submit (which verifies them). */
    audience: KIOSK_AUDIENCE,

    /**
     * One kiosk sync item: { id, token: kiosk token, answers: { sealed: { epk, iv, ct } } }. Never throws for a bad
     * item; 'held' (nothing checked, nothing changed) while the token's kiosk is over its guessing limit; 'deferred'
     * (likewise) while the survey's company is disabled.
     */
    async submit(item: SubmitItem): Promise<SubmitResult | HeldItem> {
      if (await questionnaire.responseExists(item.id)) return { id: item.id, status: 'duplicate' };
      const claims = await verifyToken(item.token);
      if (!claims) return { id: item.id, status: 'rejected', code: 'invalid-token' };
      // The device acts for the company: while it is disabled nothing of it is taken (nor refused: the device keeps it).
      if (await repo.surveyCompanyDisabled(claims.sid)) return { id: item.id, status: 'deferred', code: 'company-disabled' };
      const keys = await repo.findKeys(claims.sid);
      if (!keys) return { id: item.id, status: 'rejected', code: 'invalid-token' };
      const today = zonedToday(clock(), config.timeZone);
      await expireDaily(today);
      const remembered = await refusals.recall(claims.sid, item.id);
      if (remembered) return { id: item.id, status: 'rejected', code: remembered };
      // Over its guessing limit the kiosk's items wait, valid codes too: checking one would tell a guesser
      // which of its codes are right.
      const wait = await guesses.waitMs(claims.kiosk, clock().getTime());
      if (wait > 0) return { id: item.id, status: 'held', retryAfterMs: wait };
      const sealed = typeof item.answers === 'object' && item.answers !== null ? (item.answers as { sealed?: unknown }).sealed : undefined;
      const opened = openEnvelope(sealed, JSON.parse(keys.private_jwk) as Parameters<typeof openEnvelope>[1], `${String(claims.sid)}:${item.id}`) as { code?: unknown; answers?: unknown } | null;
      if (!opened || typeof opened !== 'object' || typeof opened.code !== 'string') {
        return { id: item.id, status: 'rejected', code: 'validation-failed', issues: [{ path: 'sealed', code: 'invalid' }] };
      }
      const result = await questionnaire.submitWithCode({ id: item.id, surveyId: claims.sid, code: opened.code, answers: opened.answers });
      if (result.status === 'rejected' && isCodeRefusal(result.code)) {
        const reason = result.code;
        const code = opened.code;
        await db.transaction(async () => {
          // A conflict is a code the survey has that was used or revoked meanwhile; a code it does not have is
          // refused but not counted (an honest kiosk practically never sends one: see docs/decisions/0011-kiosk-mode.md),
          // and costs the kiosk more of its guessing budget.
          const known = await codeInSurvey(claims.sid, code);
          await guesses.fail(claims.kiosk, known ? 1 : UNKNOWN_CODE_COST, clock().getTime());
          // once per response id, however often it is sent
          if (!await refusals.remember(claims.sid, item.id, reason, zonedToday(new Date(claims.exp * 1000), config.timeZone))) return;
          if (!known) return;
          await repo.countConflict(claims.sid, today);
        });
      }
      return result;
    },

    /**
     * The kiosk device's credential on the routes it calls without a session (Authorization: Bearer <kiosk token>):
     * 401 invalid-token for a missing, bad or expired token, 404 not-found when its survey is gone, 403 forbidden
     * while the survey's company is disabled (the device acts for the company).
     */
    async authenticate(token: string): Promise<KioskClaims> {
      const claims = token ? await verifyToken(token) : null;
      if (!claims) throw new AppError('invalid-token', { status: 401 });
      const disabled = await repo.surveyCompanyDisabled(claims.sid);
      if (disabled === undefined) throw new AppError('not-found');
      if (disabled) throw new AppError('forbidden');
      return claims;
    },

    /**
     * The kiosk's survey as it is now (GET /api/kiosk/package): its package (PULS: the open round), the salt and the
     * hashes of its live online codes, used or not — the setup's answer without a new token or key, for that one survey
     * only; the same bytes before and after a code is used. 409 survey-closed when it takes no answers now.
     */
    async currentPackage(kiosk: KioskClaims): Promise<KioskPackage> {
      const pkg = await questionnaire.surveyPackage(kiosk.sid);
      if (!pkg) throw new AppError('survey-closed');
      const keys = await repo.findKeys(kiosk.sid);
      if (!keys) throw new AppError('not-found');
      return { package: pkg, salt: keys.salt, hashes: await hashesOf(kiosk.sid, pkg.round, keys.salt) };
    },

    /**
     * A code typed at an online kiosk, before the respondent starts (POST /api/kiosk/code-check), so that a code
     * used meanwhile elsewhere is refused at once instead of at sync. Under the guessing budget of sync: over it
     * nothing is checked ('held'); a refused code costs 1 unit when the survey has it and UNKNOWN_CODE_COST
     * when it has not. Nothing is stored or consumed and no conflict is counted (no answers were given).
     */
    async checkCode(kiosk: KioskClaims, code: string): Promise<KioskCodeCheckResult> {
      const now = clock();
      await expireDaily(zonedToday(now, config.timeZone));
      const wait = await guesses.waitMs(kiosk.kiosk, now.getTime());
      if (wait > 0) return { status: 'held', retryAfterMs: wait };
      const refusal = await questionnaire.codeRefusal(kiosk.sid, code);
      if (refusal === null) return { status: 'ok' };
      if (isCodeRefusal(refusal)) await guesses.fail(kiosk.kiosk, (await codeInSurvey(kiosk.sid, code)) ? 1 : UNKNOWN_CODE_COST, clock().getTime());
      return { status: 'refused', code: refusal };
    },

    /** The company's own survey's conflict count (404 for another company's). */
    async conflicts(companyId: number, surveyId: number): Promise<KioskConflicts> {
      await ownedSurvey(companyId, surveyId);
      return await conflictsOf(surveyId);
    },

    /** The conflict count of a kiosk token's survey (the kiosk's HR panel); null for a bad token. */
    async conflictsForToken(token: string): Promise<KioskConflicts | null> {
      const claims = await verifyToken(token);
      return claims ? await conflictsOf(claims.sid) : null;
    },
  };
}
export type KioskService = ReturnType<typeof createKioskService>;
