import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { DEMO_USER } from '../../seed/seed.js';
import { adminCookie, call, createCompanyAccount, startTestServer } from '../../test/helpers.js';

let nowMs = Date.parse('2030-03-01T09:00:00Z');
const clock = () => new Date(nowMs);

describe('application jobs across a restart', () => {
  it('an invitation scheduled before a restart is sent once after it', async () => {
    const t = await startTestServer({ TIME_ZONE: 'Europe/Ljubljana' }, { clock, startScheduler: false });
    const c = await createCompanyAccount(t);
    const created = await call(t, 'POST', '/api/applications', { cookie: c.cookie, body: { type: 'izz' } });
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    await call(t, 'PUT', `/api/applications/${id}/draft`, {
      cookie: c.cookie,
      body: { draft: { details: { name: 'R', collection: 'online', start_date: '2030-03-10', end_date: '2030-03-20', employees: 100, online_respondents: 2, offline_respondents: 0, code_type: 'identical', invitation_date: '2030-03-10', invitation_time: '09:00', reminder_date: '2030-03-15', reminder_time: '09:00', languages: ['de'], respondent_emails: [{ email: 'a@r.test', language: 'de' }, { email: 'b@r.test', language: 'de' }] } } },
    });
    expect((await call(t, 'POST', `/api/applications/${id}/submit`, { cookie: c.cookie })).status).toBe(200);
    expect((await call(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: await adminCookie(t) })).status).toBe(200);
    // A restart: the server stops, and new app instances open the same database (a SQLite file under DATA_DIR, or
    // the PostgreSQL database of DATABASE_URL); t.close() at the end also removes that database.
    const config = t.handle.config;
    t.server.closeAllConnections();
    await new Promise<void>((r) => t.server.close(() => r()));
    await t.handle.close();

    nowMs = Date.parse('2030-03-10T08:00:00Z');
    for (let run = 0; run < 2; run++) {
      const again = await createApp(config, { clock, startScheduler: false, startMailWorker: false });
      await again.scheduler.tick();
      await again.close();
    }
    const check = await createApp(config, { clock, startScheduler: false, startMailWorker: false });
    const mails = await check.db.all<{ to_address: string; locale: string; text: string }>('SELECT to_address, locale, text FROM mail_outbox WHERE dedupe_key LIKE ? ORDER BY to_address', [`invite:${id}:%`]);
    expect(mails.map((m) => [m.to_address, m.locale])).toEqual([['a@r.test', 'de'], ['b@r.test', 'de']]);
    // identical codes: both carry the same shared code
    const codes = mails.map((m) => /\?code=([A-Z0-9-]+)/.exec(m.text)?.[1]);
    expect(codes[0]).toBe(codes[1]);
    expect(mails[0]?.text).toContain('/de/');
    await check.close();
    await t.close();
  }, 60_000);

  it('the demo seed has an IZZ survey in progress, a submitted PULS application and last year\'s finished survey, once', async () => {
    const t = await startTestServer({ SEED_DEMO: 'true' });
    const companyId = (await t.handle.db.get<{ company_id: number }>('SELECT company_id FROM users WHERE email = ?', [DEMO_USER.email]))?.company_id;
    const rows = await t.handle.db.all<{ type: string; state: string }>('SELECT type, state FROM applications WHERE company_id = ? ORDER BY type, state', [companyId]);
    expect(rows).toEqual([{ type: 'izz', state: 'finished' }, { type: 'izz', state: 'in_progress' }, { type: 'puls', state: 'submitted' }]);
    const config = t.handle.config;
    t.server.closeAllConnections();
    await new Promise<void>((r) => t.server.close(() => r()));
    await t.handle.close();
    const again = await createApp(config, { startScheduler: false, startMailWorker: false });
    expect((await again.db.get<{ n: number }>('SELECT count(*) AS n FROM applications'))?.n).toBe(3);
    expect((await again.db.get<{ n: number }>("SELECT count(*) AS n FROM access_codes WHERE channel = 'online' AND respondent_email_id IS NOT NULL"))?.n).toBe(3);
    await again.close();
    await t.close();
  }, 60_000);
});
