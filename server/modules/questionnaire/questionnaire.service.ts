/**
 * The respondent questionnaire: code entry (POST /api/questionnaire/access) and the response
 * sync (POST /api/responses).
 *
 * Anonymity (product-decisions.md): a stored response holds its random id, the survey, the channel,
 * the round and the validated answers — never the code, the code's row id, an IP address, a user agent, a day
 * or a time. The code row only counts its uses (uses / max_uses: used or not), with no day or time; nothing
 * joins the two (migration 0009).
 * The access token (jose HS256, key derived for this purpose) carries { sid, cid, rnd } and expires the
 * day after the survey's (or round's) last day; it never holds the code text.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { normalizeAccessCode } from '../../../shared/access-codes.js';
import { STATEMENTS } from '../../../shared/question-banks/index.js';
import { izzApplicationDraftSchema, pulsApplicationDraftSchema } from '../../../shared/schemas/application.js';
import { checkResponse, storedAnswers, type QuestionnaireAccess, type QuestionnairePackage, type SubmitItem, type SubmitResult } from '../../../shared/schemas/questionnaire.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { shuffled } from '../../lib/shuffle.js';
import { addDaysIso, zonedInstant } from '../../lib/time.js';
import { deriveKey } from '../../secrets.js';
import { createQuestionnaireRepo, type CodeRow, type OpenRound, type QuestionnaireRepo, type SurveyRow } from './questionnaire.repo.js';

const ISSUER = 'izz';
const AUDIENCE = 'izz-questionnaire';
/** header.payload.signature, base64url; an HS256 signature is 32 bytes (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

type Refusal = 'access-code-invalid' | 'access-code-used' | 'survey-closed';

/** The response id was stored by someone else after this transaction checked it (ON CONFLICT DO NOTHING changed nothing). */
class ResponseRaced extends Error {}

export function createQuestionnaireService(deps: { db: Db; config: Pick<Config, 'sessionSecret' | 'timeZone'>; clock: Clock }) {
  const { db, config, clock } = deps;
  const repo = createQuestionnaireRepo(db);
  // A key for this purpose only (server/secrets.ts).
  const key = deriveKey(config.sessionSecret, 'questionnaire-token');
  // Imported once for signing: jose imports raw key bytes again on every call.
  let cryptoKey: Promise<CryptoKey> | null = null;
  const tokenKey = (): Promise<CryptoKey> => (cryptoKey ??= crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));

  const survey = async (surveyId: number): Promise<SurveyRow | undefined> => await repo.findSurvey(surveyId);

  /** The PULS round a code belongs to (its round, else the round of its batch), when that round is open; null otherwise. */
  const openRound = async (code: CodeRow): Promise<OpenRound | null> => await repo.openRoundOfCode(code) ?? null;

  // Deriving a package (JSON.parse and zod parse of the draft) costs more than storing a response, and
  // every response is checked against its package: the last one of each survey is kept and reused while
  // every input is the same (compared on each use, so an edited draft or another round is never served
  // stale). Callers only read a package.
  const packages = new Map<number, { s: SurveyRow; round: number | null; closesOn: string | null; pkg: QuestionnairePackage }>();

  /** The package of a survey (round: the PULS round or null). */
  function buildPackage(s: SurveyRow, round: OpenRound | null): QuestionnairePackage {
    const hit = packages.get(s.id);
    if (
      hit &&
      hit.s.draft === s.draft &&
      hit.s.type === s.type &&
      hit.s.company_name === s.company_name &&
      hit.s.logo_asset_id === s.logo_asset_id &&
      hit.round === (round?.number ?? null) &&
      hit.closesOn === (round?.closes_on ?? null)
    ) {
      return hit.pkg;
    }
    const pkg = derivePackage(s, round);
    packages.set(s.id, { s, round: round?.number ?? null, closesOn: round?.closes_on ?? null, pkg });
    return pkg;
  }

  function derivePackage(s: SurveyRow, round: OpenRound | null): QuestionnairePackage {
    const raw: unknown = JSON.parse(s.draft);
    const base = { survey_id: s.id, type: s.type, company_name: s.company_name, logo_url: s.logo_asset_id ? `/api/assets/${s.logo_asset_id}` : null };
    if (s.type === 'izz') {
      const d = izzApplicationDraftSchema.parse(raw);
      return {
        ...base,
        name: d.details.name ?? '',
        languages: d.details.languages ?? ['en'],
        end_date: d.details.end_date ?? '',
        statement_ids: STATEMENTS.map((st) => st.id),
        demographic_ids: d.demographics.questions,
        departments: d.demographics.departments,
        locations: d.demographics.locations,
        extra_questions: d.extra_questions,
        puls_question_ids: [],
        round: null,
      };
    }
    const d = pulsApplicationDraftSchema.parse(raw);
    return {
      ...base,
      name: d.details.name ?? '',
      languages: d.details.languages ?? ['en'],
      end_date: round?.closes_on ?? d.details.end_date ?? '',
      statement_ids: [],
      demographic_ids: [],
      departments: [],
      locations: [],
      extra_questions: d.own_questions,
      puls_question_ids: d.questions,
      round: round?.number ?? null,
    };
  }

  /** Why a code cannot be used now (null: it can), with its survey, package and round. */
  async function check(code: CodeRow | undefined): Promise<{ refusal: Refusal } | { refusal: null; survey: SurveyRow; pkg: QuestionnairePackage; round: number | null }> {
    if (!code || code.revoked_at !== null) return { refusal: 'access-code-invalid' };
    const s = await survey(code.survey_id);
    if (!s) return { refusal: 'access-code-invalid' };
    if (s.state !== 'in_progress') return { refusal: 'survey-closed' };
    let round: OpenRound | null = null;
    if (s.type === 'puls') {
      round = await openRound(code);
      if (!round) return { refusal: 'survey-closed' };
    }
    if (code.uses >= code.max_uses) return { refusal: 'access-code-used' };
    return { refusal: null, survey: s, pkg: buildPackage(s, round), round: round?.number ?? null };
  }

  async function signToken(claims: { sid: number; cid: number; rnd: number | null }, endDate: string): Promise<string> {
    const now = clock();
    const expires = endDate ? zonedInstant(addDaysIso(endDate, 2), '00:00', config.timeZone) : new Date(now.getTime() + 86_400_000);
    return new SignJWT({ sid: claims.sid, cid: claims.cid, rnd: claims.rnd })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(Math.max(expires.getTime(), now.getTime() + 60_000) / 1000))
      .sign(await tokenKey());
  }

  /**
   * Checks a token made by signToken: compact JWS with alg HS256 only, this key, issuer and audience,
   * not expired. The HMAC is computed synchronously with node:crypto and compared in constant time:
   * jose's verify goes through WebCrypto, which hands every check to the thread pool, and under load
   * that cost more than storing the response.
   */
  function verifyToken(token: string): { sid: number; cid: number; rnd: number | null } | null {
    if (!TOKEN_SHAPE.test(token)) return null;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    try {
      const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (head.alg !== 'HS256' || head.crit !== undefined || head.b64 !== undefined) return null;
      const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
      if (!timingSafeEqual(Buffer.from(signature, 'base64url'), expected)) return null;
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const now = Math.floor(clock().getTime() / 1000);
      if (claims.iss !== ISSUER || !(claims.aud === AUDIENCE || (Array.isArray(claims.aud) && claims.aud.includes(AUDIENCE)))) return null;
      if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
      if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return null;
      if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;
      const { sid, cid, rnd } = claims;
      if (typeof sid !== 'number' || typeof cid !== 'number' || !(rnd === null || typeof rnd === 'number')) return null;
      return { sid, cid, rnd };
    } catch {
      return null;
    }
  }

  const responseExists = async (id: string): Promise<boolean> => await repo.responseExists(id);

  /** A response checked and its code's use consumed, written later in its group (see flush). */
  interface PendingInsert {
    row: Parameters<QuestionnaireRepo['insertResponse']>[0];
    codeId: number;
  }

  /**
   * Checks the code (found inside the transaction), validates the answers against the package,
   * consumes one use of the code and inserts the response: all in ONE transaction. The response
   * holds no code, no code id, no day or time, and of the answers only the validated copy
   * (storedAnswers: the shared schema's fields, nothing the client added).
   * With `group` (the group commit), the insert is not made here but left in `group`: the group's responses are
   * written after all of its codes' uses, in random order (see flush).
   */
  async function store(id: string, answers: unknown, findCode: () => Promise<CodeRow | undefined | 'invalid-token'>, channel?: 'kiosk' | 'paper', noAnswer?: ReadonlySet<string>, group?: PendingInsert[]): Promise<SubmitResult> {
    try {
      return await storeOnce(id, answers, findCode, channel, noAnswer, group);
    } catch (error) {
      // Another instance stored the same id between the check and the insert (PostgreSQL, several instances):
      // this transaction (with its use of the code) is rolled back and the response is the other one's.
      if (error instanceof ResponseRaced) return { id, status: 'duplicate' };
      throw error;
    }
  }

  async function storeOnce(id: string, answers: unknown, findCode: () => Promise<CodeRow | undefined | 'invalid-token'>, channel?: 'kiosk' | 'paper', noAnswer?: ReadonlySet<string>, group?: PendingInsert[]): Promise<SubmitResult> {
    return await db.transaction(async (): Promise<SubmitResult> => {
      if (group?.some((p) => p.row.id === id) || await responseExists(id)) return { id, status: 'duplicate' };
      const row = await findCode();
      if (row === 'invalid-token') return { id, status: 'rejected', code: 'invalid-token' };
      // Paper entry takes paper codes only: an online code typed in there is not a paper form's code.
      if (channel === 'paper' && row && row.channel !== 'paper') return { id, status: 'rejected', code: 'access-code-invalid' };
      const result = await check(row);
      if (result.refusal !== null || !row) return { id, status: 'rejected', code: result.refusal ?? 'access-code-invalid' };
      // Paper: a mandatory item the respondent left blank is recorded as 'no answer on paper' (its path in
      // noAnswer) and stored as absent; anything else must meet the same rules as an online response.
      const checked = checkResponse(result.pkg, answers);
      const issues = checked.issues.filter((i) => !(noAnswer && i.code === 'required' && noAnswer.has(i.path)));
      if (issues.length > 0 || !checked.answers) return { id, status: 'rejected', code: 'validation-failed', issues };
      if (!await repo.consumeCode(row.id)) return { id, status: 'rejected', code: 'access-code-used' };
      const insert: PendingInsert['row'] = {
        id,
        surveyId: row.survey_id,
        // How it was answered: on the respondent's own device ('online', also with a paper form's QR code),
        // on a kiosk, or keyed by HR from paper. Never the code's own channel.
        channel: channel ?? 'online',
        // The parsed, normalised copy: whatever else the client sent (a code, an IP address, a name) is never saved.
        answers: JSON.stringify(storedAnswers(result.pkg, checked.answers)),
        round: result.round,
      };
      if (group) group.push({ row: insert, codeId: row.id });
      else if (!await repo.insertResponse(insert)) throw new ResponseRaced();
      return { id, status: 'applied' };
    });
  }

  // Group commit: responses that arrive together are stored in one transaction, each checked (and its code's use
  // consumed) in its own savepoint (store's transaction nests), so a refused or failing item changes nothing for
  // the others, but they share one COMMIT, the WAL write that costs more than all the rest of storing a response.
  // A response is answered only after the transaction holding it has committed.
  // The group's responses are inserted after all its codes' uses, in random order: neither the order
  // of the statements (PostgreSQL's WAL records them in that order) nor the order of cells on a page (SQLite) pairs
  // a code's use with a response inside the group, nor tells which of the group came first.
  type StoreJob = { run: (group: PendingInsert[]) => Promise<SubmitResult>; resolve: (r: SubmitResult) => void; reject: (e: unknown) => void };
  const GROUP_MAX = 64;
  let queued: StoreJob[] = [];
  function storeSoon(run: (group: PendingInsert[]) => Promise<SubmitResult>): Promise<SubmitResult> {
    return new Promise((resolve, reject) => {
      if (queued.push({ run, resolve, reject }) === 1) setImmediate(() => void flush());
    });
  }
  async function flush(): Promise<void> {
    const jobs = queued.slice(0, GROUP_MAX);
    queued = queued.slice(GROUP_MAX);
    if (queued.length > 0) setImmediate(() => void flush());
    const outcomes: ({ ok: true; result: SubmitResult } | { ok: false; error: unknown })[] = [];
    try {
      await db.transaction(async () => {
        const group: PendingInsert[] = [];
        for (const job of jobs) {
          try {
            outcomes.push({ ok: true, result: await job.run(group) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
        for (const pending of shuffled(group)) {
          let stored: boolean | { error: unknown };
          try {
            stored = await db.transaction(async () => await repo.insertResponse(pending.row));
          } catch (error) {
            stored = { error };
          }
          if (stored === true) continue;
          // Stored meanwhile by another instance (PostgreSQL: that response is the one kept), or the insert failed:
          // the code's use goes back, and only this item's answer changes.
          await repo.returnCodeUse(pending.codeId);
          const i = outcomes.findIndex((o) => o.ok && o.result.id === pending.row.id && o.result.status === 'applied');
          if (i >= 0) outcomes[i] = stored === false ? { ok: true, result: { id: pending.row.id, status: 'duplicate' } } : { ok: false, error: stored.error };
        }
      });
    } catch (error) {
      for (const job of jobs) job.reject(error); // the COMMIT failed: nothing of this group is stored
      return;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) job.resolve(outcome.result);
      else job.reject(outcome?.error);
    });
  }

  return {
    /** Whether a response with this id is stored: the one duplicate check of every channel (the kiosk and paper entry ask it too). */
    responseExists,

    /** Code entry: a token and the package, or 404 access-code-invalid / 409 access-code-used / 409 survey-closed. */
    async access(input: string): Promise<QuestionnaireAccess> {
      const code = normalizeAccessCode(input);
      const row = code ? await repo.findCodeByCode(code) : undefined;
      const result = await check(row);
      if (result.refusal !== null || !row) throw new AppError(result.refusal ?? 'access-code-invalid');
      const token = await signToken({ sid: row.survey_id, cid: row.id, rnd: result.round }, result.pkg.end_date);
      return { token, package: result.pkg };
    },

    /** One sync item; each in its own savepoint of a group commit (see storeSoon). Never throws for a bad item. */
    async submit(item: SubmitItem): Promise<SubmitResult> {
      const claims = verifyToken(item.token);
      if (!claims) return (await responseExists(item.id)) ? { id: item.id, status: 'duplicate' } : { id: item.id, status: 'rejected', code: 'invalid-token' };
      // Queued before anything is awaited (store checks for a duplicate first), so items take their turn in the order
      // they arrived: on PostgreSQL a query awaited here could come back after a later item's.
      return storeSoon(async (group) =>
        await store(
          item.id,
          item.answers,
          async () => {
            const row = await repo.findCodeById(claims.cid);
            return row && row.survey_id !== claims.sid ? 'invalid-token' : row;
          },
          undefined,
          undefined,
          group,
        ),
      );
    },

    /**
     * A response collected on a kiosk: the kiosk checked the code offline against salted
     * hashes; here the code itself is looked up within the kiosk's survey and consumed in the same
     * transaction that stores the response (channel 'kiosk'). A code used meanwhile elsewhere is
     * 'access-code-used'. The caller (the kiosk module) has verified the kiosk's own token.
     * Paper entry (server/modules/paper-entry) passes channel 'paper': the code must then be a
     * paper code, and noAnswer lists the mandatory items recorded as 'no answer on paper'.
     */
    async submitWithCode(item: { id: string; surveyId: number; code: string; answers: unknown; channel?: 'kiosk' | 'paper'; noAnswer?: readonly string[] }): Promise<SubmitResult> {
      if (await responseExists(item.id)) return { id: item.id, status: 'duplicate' };
      const code = normalizeAccessCode(item.code);
      return await store(
        item.id,
        item.answers,
        async () => (code ? await repo.findCodeInSurvey(code, item.surveyId) : undefined),
        item.channel ?? 'kiosk',
        item.channel === 'paper' ? new Set(item.noAnswer ?? []) : undefined,
      );
    },

    /**
     * Why a code of this survey could not answer now, or null when it could: the check a response with it meets
     * (revoked or unknown, survey or PULS round closed, used up), without storing or consuming anything. A kiosk
     * online asks it before a respondent starts; the kiosk module charges its guessing budget.
     */
    async codeRefusal(surveyId: number, input: string): Promise<Refusal | null> {
      const code = normalizeAccessCode(input);
      return (await check(code ? await repo.findCodeInSurvey(code, surveyId) : undefined)).refusal;
    },

    /**
     * The package of an in-progress survey (PULS: its open round) for a kiosk, built like the
     * package of a code; null when the survey is not open for answers.
     */
    async surveyPackage(surveyId: number): Promise<QuestionnairePackage | null> {
      const s = await survey(surveyId);
      if (!s || s.state !== 'in_progress') return null;
      let round: OpenRound | null = null;
      if (s.type === 'puls') {
        round = await repo.firstOpenRound(surveyId) ?? null;
        if (!round) return null;
      }
      return buildPackage(s, round);
    },
  };
}
export type QuestionnaireService = ReturnType<typeof createQuestionnaireService>;
