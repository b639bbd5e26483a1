/**
 * Nothing stored about a used access code lines up with a stored response. On one day, one code
 * is used and one response stored: the schema has no day or time of a use and no day on a response, and no
 * row anywhere holds both sides.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoIzzAnswers, json, postResponses, startTestServer, type TestServer } from '../../test/helpers.js';
import { zonedToday } from '../../lib/time.js';

describe('a used code and its response cannot be joined', () => {
  let t: TestServer;
  let surveyId: number;
  const columns = async (table: string) =>
    (
      await t.handle.db.all<{ name: string }>(
        t.handle.db.dialect === 'postgres'
          ? 'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position'
          : 'SELECT name FROM pragma_table_info(?) ORDER BY cid',
        [table],
      )
    ).map((c) => c.name);
  const tables = async () =>
    (
      await t.handle.db.all<{ name: string }>(
        t.handle.db.dialect === 'postgres'
          ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
          : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      )
    ).map((r) => r.name);

  beforeAll(async () => {
    t = await startTestServer();
    surveyId = (await t.handle.db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'izz' AND state = 'in_progress'"))?.id ?? 0;
    await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, 'JZNCDAAAA2', 'online', 1, 1, '2026-01-01T00:00:00.000Z')", [surveyId]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps no day, time or order of a use, and no day on a response', async () => {
    const access = await call(t, 'POST', '/api/questionnaire/access', { body: { code: 'JZNCD-AAAA2' } });
    const { token } = (await json<{ data: { token: string } }>(access)).data;
    const id = randomUUID();
    expect(await postResponses(t, [{ id, token, answers: demoIzzAnswers() }])).toEqual([{ id, status: 'applied' }]);
    const today = zonedToday(new Date(), t.handle.config.timeZone);

    // The schema: a code counts its uses (used or not) and has no column for when; a response has no day.
    expect(await columns('access_codes')).toEqual(['id', 'survey_id', 'code', 'channel', 'batch', 'respondent_email_id', 'max_uses', 'uses', 'revoked_at', 'created_at', 'round']);
    expect(await columns('responses')).toEqual(['id', 'survey_id', 'channel', 'answers', 'round']);

    // The rows: the used code says nothing of today, the response holds no date at all.
    const code = await t.handle.db.get<Record<string, unknown>>("SELECT * FROM access_codes WHERE code = 'JZNCDAAAA2'");
    expect(code).toMatchObject({ uses: 1, revoked_at: null, created_at: '2026-01-01T00:00:00.000Z' });
    expect(JSON.stringify(code)).not.toContain(today);
    const response = await t.handle.db.get<Record<string, unknown>>('SELECT * FROM responses WHERE id = ?', [id]);
    expect(JSON.stringify(response)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The two share the survey and the channel (as every online code and online response of the survey do), nothing else.
    const shared = Object.entries(response ?? {}).filter(([, v]) => v !== null && Object.values(code ?? {}).includes(v));
    expect(shared).toEqual([
      ['survey_id', surveyId],
      ['channel', 'online'],
    ]);

    // No row of any table holds the response id beside the code, its row id or anything else: only the response's own row.
    for (const table of await tables()) {
      const rows = (await t.handle.db.all<Record<string, unknown>>(`SELECT * FROM "${table}"`)).map((r) => JSON.stringify(r, (_k, v: unknown) => (Buffer.isBuffer(v) ? '' : v)));
      const withId = rows.filter((r) => r.includes(id));
      expect(withId, table).toHaveLength(table === 'responses' ? 1 : 0);
      if (table !== 'access_codes') expect(rows.filter((r) => r.includes('JZNCDAAAA2') || r.includes('JZNCD-AAAA2')), table).toEqual([]);
    }
  });
});
