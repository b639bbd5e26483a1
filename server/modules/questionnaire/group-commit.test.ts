import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index.js';
import type { Db } from '../../db/connection.js';
import { startTestServer, type TestServer } from '../../test/helpers.js';
import { createQuestionnaireService } from './questionnaire.service.js';

// Responses submitted together share one transaction (group commit), each in its own savepoint:
// every item still gets its own answer, and a refused or failing item changes nothing for the others.
function answers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    language: 'sl',
    statements: Object.fromEntries(STATEMENTS.map((s, i) => [s.id, (i % 4) + 1])),
    enps_grade: 9,
    esi_workplace_satisfaction: 8,
    esi_workplace_expectations: 7,
    esi_ideal_job_comparison: 6,
    extra: { 'demo-q1': { value: 1 }, 'demo-q2': { value: 'Nič.' } },
    ...overrides,
  };
}

describe('questionnaire store: group commit', () => {
  let t: TestServer;
  let surveyId: number;
  beforeAll(async () => {
    t = await startTestServer();
    surveyId = (await t.handle.db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'izz' AND state = 'in_progress'"))?.id ?? 0;
    await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, 'GRPCAAAAA2', 'online', 1, 2, '2026-01-01T00:00:00Z')", [surveyId]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every item of a group on its own and stores exactly the applied ones', async () => {
    const service = createQuestionnaireService({ db: t.handle.db, config: t.handle.config, clock: t.handle.clock });
    const single = (await service.access('DEMXA-AAAA2')).token;
    const twice = (await service.access('GRPCA-AAAA2')).token;
    const [a, b, c, d, e, f] = Array.from({ length: 6 }, () => randomUUID());
    const results = await Promise.all([
      service.submit({ id: a as string, token: single, answers: answers() }),
      service.submit({ id: b as string, token: single, answers: answers() }), // the single-use code is spent by a
      service.submit({ id: c as string, token: twice, answers: answers({ enps_grade: 11 }) }), // invalid: stores nothing, uses nothing
      service.submit({ id: d as string, token: twice, answers: answers() }),
      service.submit({ id: d as string, token: twice, answers: answers() }), // the same response twice in one group
      service.submit({ id: e as string, token: 'not-a-token', answers: answers() }),
      service.submit({ id: f as string, token: twice, answers: answers() }),
    ]);
    expect(results.map((r) => [r.id, r.status, r.code])).toEqual([
      [a, 'applied', undefined],
      [b, 'rejected', 'access-code-used'],
      [c, 'rejected', 'validation-failed'],
      [d, 'applied', undefined],
      [d, 'duplicate', undefined],
      [e, 'rejected', 'invalid-token'],
      [f, 'applied', undefined],
    ]);
    const stored = (await t.handle.db.all<{ id: string }>('SELECT id FROM responses WHERE survey_id = ? ORDER BY id', [surveyId])).map((r) => r.id);
    expect(stored).toEqual([a, d, f].sort());
    expect((await t.handle.db.get<{ uses: number }>("SELECT uses FROM access_codes WHERE code = 'GRPCAAAAA2'"))?.uses).toBe(2);
  });

  it("writes a group's responses after all of its codes' uses, in an order that is not the order of arrival", async () => {
    // A Db that records the statements the store runs (and passes everything on).
    const statements: { sql: string; params: unknown }[] = [];
    const db = t.handle.db;
    const recording: Db = Object.create(db) as Db;
    (recording as { run: Db['run'] }).run = async (sql, params) => {
      statements.push({ sql, params });
      return await db.run(sql, params);
    };
    const n = 30;
    await db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, 'GRPCBAAAA2', 'online', 1, ?, '2026-01-01T00:00:00Z')", [surveyId, n]);
    const service = createQuestionnaireService({ db: recording, config: t.handle.config, clock: t.handle.clock });
    const token = (await service.access('GRPCB-AAAA2')).token;
    const ids = Array.from({ length: n }, () => randomUUID());
    const results = await Promise.all(ids.map((id) => service.submit({ id, token, answers: answers() })));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 'applied'));
    const kinds = statements.map((s) => (s.sql.startsWith('UPDATE access_codes') ? 'use' : s.sql.startsWith('INSERT INTO responses') ? 'insert' : 'other'));
    expect(kinds.filter((k) => k !== 'other')).toEqual([...ids.map(() => 'use'), ...ids.map(() => 'insert')]);
    const inserted = statements.filter((s) => s.sql.startsWith('INSERT INTO responses')).map((s) => (s.params as unknown[])[0]);
    expect([...inserted].sort()).toEqual([...ids].sort());
    // A random order of 30: the chance that it is the order of arrival is 1 in 30! (about 4e-33).
    expect(inserted).not.toEqual(ids);
  });
});
