import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { IzzDb } from '../../db/db';
import { getDraft, setAnswer, setCurrentPage } from './answers-store';
import { createRespondentDraft, discardRespondentDraft, findRespondentSession, normaliseRespondentMeta, startAnswering, submitRespondentDraft, takeSessionCreatedHere } from './respondent-store';

const open: IzzDb[] = [];
const fresh = () => {
  const db = new IzzDb(`respondent-${Math.random()}`);
  open.push(db);
  return db;
};
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const pkg = { survey_id: 7, type: 'puls', name: 'Pulse', company_name: 'Demo', logo_url: null, languages: ['sl', 'en'], end_date: '2099-01-01', statement_ids: [], demographic_ids: [], departments: [], locations: [], extra_questions: [], puls_question_ids: ['P01'], round: 1 } satisfies QuestionnairePackage;

describe('respondent session store', () => {
  it('keeps package and token beside the draft, resumes at the saved page, and submit leaves nothing of the respondent but the outbox row', async () => {
    const db = fresh();
    const id = await createRespondentDraft({ package: pkg, token: 'tok', language: 'sl' }, db);
    expect(await findRespondentSession('izz', db)).toBeNull();
    const s = await findRespondentSession('puls', db);
    expect(s).toMatchObject({ draft_id: id, token: 'tok', started: false, package: { survey_id: 7 } });
    await startAnswering(id, 'en', db);
    await setAnswer(id, 'puls.P01', 4, db);
    await setCurrentPage(id, 1, db);
    const again = await findRespondentSession(null, db);
    expect(again).toMatchObject({ started: true, draft: { language: 'en', current_page: 1, answers: { language: 'en', puls: { P01: 4 } } } });

    const responseId = await submitRespondentDraft(id, db);
    expect(await getDraft(id, db)).toBeNull();
    expect(await findRespondentSession(null, db)).toBeNull();
    expect(await db.meta.count()).toBe(0);
    expect(await db.outbox.get(responseId)).toMatchObject({ token: 'tok', status: 'pending', answers: { puls: { P01: 4 } } });
  });

  it('the session just created is handed, once, to the first screen of its type that asks — the same the store answers', async () => {
    const db = fresh();
    const id = await createRespondentDraft({ package: pkg, token: 'tok', language: 'sl' }, db);
    expect(takeSessionCreatedHere('izz')).toBeUndefined();
    const here = takeSessionCreatedHere('puls');
    expect(here).toEqual(await findRespondentSession('puls', db));
    expect(here).toMatchObject({ draft_id: id, started: false, draft: { current_page: 0, answers: { language: 'sl' } } });
    // Once: a later screen reads the store, which may have moved on (started, answered).
    expect(takeSessionCreatedHere('puls')).toBeUndefined();
    expect(takeSessionCreatedHere(null)).toBeUndefined();
    // A session discarded (or sent) before any screen took it is not handed out.
    const other = await createRespondentDraft({ package: pkg, token: 'tok2', language: 'en' }, db);
    await discardRespondentDraft(other, db);
    expect(takeSessionCreatedHere(null)).toBeUndefined();
  });

  it('a new code replaces the previous respondent draft; start over discards it', async () => {
    const db = fresh();
    const first = await createRespondentDraft({ package: pkg, token: 'a', language: 'sl' }, db);
    const second = await createRespondentDraft({ package: { ...pkg, type: 'izz' }, token: 'b', language: 'sl' }, db);
    expect(await getDraft(first, db)).toBeNull();
    expect((await findRespondentSession(null, db))?.draft_id).toBe(second);
    await discardRespondentDraft(second, db);
    expect(await findRespondentSession(null, db)).toBeNull();
    expect(await db.drafts.count()).toBe(0);
  });

  it('normalises what it reads back', () => {
    expect(normaliseRespondentMeta(null)).toBeNull();
    expect(normaliseRespondentMeta({ draft_id: 'x', token: 't', package: { type: 'other', languages: [], survey_id: 1 } })).toBeNull();
    expect(normaliseRespondentMeta({ draft_id: 'x', token: 't', package: { type: 'izz', languages: ['en'], survey_id: 1 } })).toMatchObject({ started: false, package: { statement_ids: [], extra_questions: [] } });
  });
});
