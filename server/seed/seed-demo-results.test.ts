import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../shared/question-banks/index.js';
import { izzApplicationDraftSchema } from '../../shared/schemas/application.js';
import { responseIssues, type QuestionnairePackage } from '../../shared/schemas/questionnaire.js';
import { makeTempDir, openTestDatabase } from '../test/helpers.js';
import type { Db } from '../db/connection.js';
import { seededRandom } from '../lib/seeded-random.js';
import { DEMO_RESULTS_RESPONSES, ensureDemoFinishedSurvey } from './seed-demo-results.js';
import { seedOnce } from './seed.js';

const dirs: string[] = [];
const dbs: Db[] = [];
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.close();
  for (const drop of drops.splice(0)) await drop();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function freshDb(): Promise<Db> {
  const dir = makeTempDir('izz-demo-results-');
  dirs.push(dir);
  const { db, drop } = await openTestDatabase(dir);
  dbs.push(db);
  drops.push(drop);
  await seedOnce(db, { demoUser: true });
  return db;
}

describe('demo finished survey', () => {
  it('adds last year\'s finished IZZ survey once, with valid, varied responses across departments and locations', async () => {
    const db = await freshDb();
    const now = new Date('2026-11-21T10:00:00Z');
    expect(await ensureDemoFinishedSurvey(db, { timeZone: 'Europe/Ljubljana', now })).toBe(true);
    expect(await ensureDemoFinishedSurvey(db, { timeZone: 'Europe/Ljubljana', now })).toBe(false);

    const survey = await db.get<{ id: number; state: string; draft: string }>("SELECT id, state, draft FROM applications WHERE type = 'izz' AND state = 'finished'");
    expect(survey?.state).toBe('finished');
    const draft = izzApplicationDraftSchema.parse(JSON.parse(survey?.draft ?? '{}'));
    expect(draft.details.name).toBe('Zadovoljstvo zaposlenih 2025');
    const pkg: QuestionnairePackage = {
      survey_id: survey?.id ?? 0,
      type: 'izz',
      name: draft.details.name ?? '',
      company_name: 'Demo',
      logo_url: null,
      languages: draft.details.languages ?? [],
      end_date: draft.details.end_date ?? '',
      statement_ids: STATEMENTS.map((s) => s.id),
      demographic_ids: draft.demographics.questions,
      departments: draft.demographics.departments,
      locations: draft.demographics.locations,
      extra_questions: draft.extra_questions,
      puls_question_ids: [],
      round: null,
    };
    const rows = await db.all<{ channel: string; answers: string }>('SELECT channel, answers FROM responses WHERE survey_id = ?', [pkg.survey_id]);
    expect(rows).toHaveLength(DEMO_RESULTS_RESPONSES);
    for (const r of rows) expect(responseIssues(pkg, JSON.parse(r.answers))).toEqual([]);
    // Its codes agree with its responses: 270 online and 50 paper codes, as many used as responses came
    // through each channel (a kiosk answers with an online code), the unused ones revoked at the finish.
    const codes = await db.all<{ channel: string; total: number; used: number; revoked: number }>(
      'SELECT channel, COUNT(*) AS total, SUM(uses) AS used, SUM(CASE WHEN revoked_at IS NULL THEN 0 ELSE 1 END) AS revoked FROM access_codes WHERE survey_id = ? GROUP BY channel ORDER BY channel',
      [pkg.survey_id],
    );
    const paper = rows.filter((r) => r.channel === 'paper').length;
    expect(codes.map((c) => ({ ...c, total: Number(c.total), used: Number(c.used), revoked: Number(c.revoked) }))).toEqual([
      { channel: 'online', total: 270, used: DEMO_RESULTS_RESPONSES - paper, revoked: 270 - (DEMO_RESULTS_RESPONSES - paper) },
      { channel: 'paper', total: 50, used: paper, revoked: 50 - paper },
    ]);
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['online', 'paper', 'kiosk']));

    const answers = rows.map((r) => JSON.parse(r.answers) as { department?: string; location?: string; statements: Record<string, number>; enps_grade: number });
    const byDept = new Map<string, number>();
    for (const a of answers) if (a.department) byDept.set(a.department, (byDept.get(a.department) ?? 0) + 1);
    expect(byDept.size).toBe(6);
    // a department and a location below the minimum group size, so the report has something to suppress
    expect(byDept.get('Pravna služba')).toBeLessThan(5);
    expect(answers.filter((a) => a.location === 'Koper').length).toBeLessThan(5);
    // varied: every scale point is used, and the pay category scores below teamwork
    const values = new Set(answers.flatMap((a) => Object.values(a.statements)));
    expect(values).toEqual(new Set([1, 2, 3, 4]));
    const mean = (prefix: string) => {
      const xs = answers.flatMap((a) => Object.entries(a.statements).filter(([id]) => id.startsWith(prefix)).map(([, v]) => v));
      return xs.reduce((s, v) => s + v, 0) / xs.length;
    };
    const pay = STATEMENTS.find((s) => s.category === 'pay_benefits')?.id.slice(0, 2) ?? '';
    const team = STATEMENTS.find((s) => s.category === 'teamwork')?.id.slice(0, 2) ?? '';
    expect(mean(pay)).toBeLessThan(mean(team));
    expect(new Set(answers.map((a) => a.enps_grade)).size).toBeGreaterThan(6);
  });

  it('is deterministic: the same seed gives the same sequence', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
