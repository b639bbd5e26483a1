// A respondent's session on this device (own phone): the draft (answers-store) plus, in `meta` under
// `respondent:<draftId>`, what the draft needs to be resumed and sent: the package, the access token,
// whether the intro was passed. Kept beside the draft instead of in DraftRow so pwa/db/db.ts stays as
// it is. Submit moves the draft into the outbox and deletes this row in ONE transaction, so nothing of
// the respondent (answers, token) is left readable after submit except the outbox row the sync
// engine strips to a receipt once the server has it.
import type { QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { getDb, guardWrite, normaliseDraft, type DraftRow, type IzzDb } from '../../db/db';
import { setAnswer, submitDraft } from './answers-store';

export const RESPONDENT_META_PREFIX = 'respondent:';

export interface RespondentMeta {
  draft_id: string;
  token: string;
  package: QuestionnairePackage;
  /** The intro (who takes part, anonymity, language) was passed. */
  started: boolean;
  created_at: number;
}

export interface RespondentSession extends RespondentMeta {
  draft: DraftRow;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Normalise a meta value read back from storage; null when unusable. */
export function normaliseRespondentMeta(raw: unknown): RespondentMeta | null {
  if (!isObject(raw) || typeof raw.draft_id !== 'string' || typeof raw.token !== 'string' || !isObject(raw.package)) return null;
  const pkg = raw.package as Partial<QuestionnairePackage>;
  if ((pkg.type !== 'izz' && pkg.type !== 'puls') || !Array.isArray(pkg.languages) || typeof pkg.survey_id !== 'number') return null;
  return {
    draft_id: raw.draft_id,
    token: raw.token,
    package: {
      statement_ids: [],
      demographic_ids: [],
      departments: [],
      locations: [],
      extra_questions: [],
      puls_question_ids: [],
      round: null,
      name: '',
      company_name: '',
      logo_url: null,
      end_date: '',
      ...pkg,
    } as QuestionnairePackage,
    started: raw.started === true,
    created_at: typeof raw.created_at === 'number' ? raw.created_at : 0,
  };
}

const metaKey = (draftId: string) => `${RESPONDENT_META_PREFIX}${draftId}`;

/**
 * The session createRespondentDraft has just stored on this page, for the first screen that reads it
 * (takeSessionCreatedHere): that screen shows it at once instead of after the store's answer. Taken once, so no later
 * screen starts from a copy the store has moved on from.
 */
let createdHere: RespondentSession | null = null;

export function takeSessionCreatedHere(type: 'izz' | 'puls' | null): RespondentSession | undefined {
  const session = createdHere;
  if (!session || (type !== null && session.package.type !== type)) return undefined;
  createdHere = null;
  return session;
}

/** Starts a new respondent draft for a package just handed out for a code; drops any other respondent draft on this device. */
export async function createRespondentDraft(
  input: { package: QuestionnairePackage; token: string; language: string },
  db: IzzDb = getDb(),
  now = Date.now(),
): Promise<string> {
  const id = crypto.randomUUID();
  const draft: DraftRow = { id, survey_id: String(input.package.survey_id), language: input.language, current_page: 0, answers: { language: input.language }, updated_at: now };
  const meta: RespondentMeta = { draft_id: id, token: input.token, package: input.package, started: false, created_at: now };
  createdHere = null;
  await guardWrite(() =>
    db.transaction('rw', db.drafts, db.meta, async () => {
      for (const old of await listMeta(db)) {
        await db.drafts.delete(old.draft_id);
        await db.meta.delete(metaKey(old.draft_id));
      }
      await db.drafts.add(draft);
      await db.meta.put({ key: metaKey(id), value: meta });
    }),
  );
  createdHere = { ...meta, draft };
  return id;
}

async function listMeta(db: IzzDb): Promise<RespondentMeta[]> {
  const rows = await db.meta.where('key').startsWith(RESPONDENT_META_PREFIX).toArray();
  return rows.map((r) => normaliseRespondentMeta(r.value)).filter((m): m is RespondentMeta => m !== null);
}

export async function getRespondentSession(draftId: string, db: IzzDb = getDb()): Promise<RespondentSession | null> {
  const meta = normaliseRespondentMeta((await db.meta.get(metaKey(draftId)))?.value);
  const draft = normaliseDraft(await db.drafts.get(draftId));
  return meta && draft ? { ...meta, draft } : null;
}

/** The latest unfinished respondent session of this type on this device (null when none). */
export async function findRespondentSession(type: 'izz' | 'puls' | null, db: IzzDb = getDb()): Promise<RespondentSession | null> {
  const sessions: RespondentSession[] = [];
  for (const meta of await listMeta(db)) {
    if (type && meta.package.type !== type) continue;
    const draft = normaliseDraft(await db.drafts.get(meta.draft_id));
    if (draft) sessions.push({ ...meta, draft });
  }
  return sessions.sort((a, b) => b.draft.updated_at - a.draft.updated_at)[0] ?? null;
}

/** The respondent passed the intro in this question language. */
export async function startAnswering(draftId: string, language: string, db: IzzDb = getDb(), now = Date.now()): Promise<void> {
  await guardWrite(() =>
    db.transaction('rw', db.drafts, db.meta, async () => {
      const meta = normaliseRespondentMeta((await db.meta.get(metaKey(draftId)))?.value);
      if (!meta) throw new Error(`respondent draft ${draftId} not found`);
      await db.drafts.update(draftId, { language, updated_at: now });
      await setAnswer(draftId, 'language', language, db, now);
      await db.meta.put({ key: metaKey(draftId), value: { ...meta, started: true } });
    }),
  );
}

/** Drops the respondent's draft and its token from this device ('start over with another code'). */
export async function discardRespondentDraft(draftId: string, db: IzzDb = getDb()): Promise<void> {
  if (createdHere?.draft_id === draftId) createdHere = null;
  await guardWrite(() =>
    db.transaction('rw', db.drafts, db.meta, async () => {
      await db.drafts.delete(draftId);
      await db.meta.delete(metaKey(draftId));
    }),
  );
}

/** Moves the draft into the outbox and deletes its meta row, in one transaction. Returns the response id. */
export async function submitRespondentDraft(draftId: string, db: IzzDb = getDb(), now = Date.now()): Promise<string> {
  if (createdHere?.draft_id === draftId) createdHere = null;
  return guardWrite(() =>
    db.transaction('rw', db.drafts, db.outbox, db.meta, async () => {
      const meta = normaliseRespondentMeta((await db.meta.get(metaKey(draftId)))?.value);
      if (!meta) throw new Error(`respondent draft ${draftId} not found`);
      const id = await submitDraft(draftId, meta.token, db, now);
      await db.meta.delete(metaKey(draftId));
      return id;
    }),
  );
}
