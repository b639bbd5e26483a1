/** Admin API: role checks on every route, companies, outbox, testimonials, audit log, login-as-client. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCompanyDetailSchema, adminCompanyListItemSchema, auditEntrySchema } from '../../../shared/schemas/admin.js';
import { currentUserSchema } from '../../../shared/schemas/user.js';
import { accountSnapshot, adminCookie, call, createCompanyAccount, demoSessionCookie, json, loginCookie, registerViaApi, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';

// Logins hash with scrypt; under a loaded parallel run a test with many of them needs more than 5 s.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await adminCookie(t);
});
afterAll(() => t.close());

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/companies'],
  ['GET', '/api/admin/companies/1'],
  ['POST', '/api/admin/companies/1/verify'],
  ['POST', '/api/admin/companies/1/disable'],
  ['POST', '/api/admin/companies/1/enable'],
  ['GET', '/api/admin/outbox'],
  ['GET', '/api/admin/outbox/1'],
  ['POST', '/api/admin/outbox/1/retry'],
  ['GET', '/api/admin/testimonials'],
  ['POST', '/api/admin/testimonials/1/approve'],
  ['POST', '/api/admin/testimonials/1/hide'],
  ['GET', '/api/admin/audit-log'],
  ['POST', '/api/admin/login-as-client', { company_id: 1 }],
  ['POST', '/api/admin/login-as-client/stop'],
];

describe('role checks', () => {
  it.each(ROUTES)('%s %s: 401 logged out, 403 for a company user, nothing changed', async (method, path, body) => {
    const cookie = await demoSessionCookie(t.handle);
    const before = JSON.stringify(await t.handle.db.all('SELECT * FROM companies')) + JSON.stringify(await t.handle.db.all('SELECT id, acting_user_id FROM sessions'));
    const anonymous = await call(t, method, path, { body });
    expect(anonymous.status).toBe(401);
    expect((await json<ErrorJson>(anonymous)).error.code).toBe('unauthenticated');
    const company = await call(t, method, path, { body, cookie });
    expect(company.status).toBe(403);
    expect((await json<ErrorJson>(company)).error.code).toBe('forbidden');
    const after = JSON.stringify(await t.handle.db.all('SELECT * FROM companies')) + JSON.stringify(await t.handle.db.all('SELECT id, acting_user_id FROM sessions'));
    expect(after).toBe(before);
  });
});

describe('companies', () => {
  it('lists, searches and filters companies; shows one; verify, disable (ends its sessions) and enable are audited', async () => {
    const acc = await createCompanyAccount(t, { company_name: 'Searchable Kft d.o.o.' });
    const list = await json<{ data: { items: unknown[]; total: number; page: number; page_size: number } }>(await call(t, 'GET', '/api/admin/companies?q=searchable', { cookie: admin }));
    expect(list.data.total).toBe(1);
    expect(adminCompanyListItemSchema.strict().parse(list.data.items[0])).toMatchObject({ id: acc.companyId, user_email: acc.email, verified_at: null });
    const byMail = await json<{ data: { total: number } }>(await call(t, 'GET', `/api/admin/companies?q=${encodeURIComponent(acc.email)}`, { cookie: admin }));
    expect(byMail.data.total).toBe(1);
    const pct = await json<{ data: { total: number } }>(await call(t, 'GET', '/api/admin/companies?q=%25', { cookie: admin }));
    expect(pct.data.total).toBe(0);
    expect((await call(t, 'GET', '/api/admin/companies?status=bogus', { cookie: admin })).status).toBe(422);
    expect((await call(t, 'GET', '/api/admin/companies?page=0', { cookie: admin })).status).toBe(422);

    const detail = await json<{ data: unknown }>(await call(t, 'GET', `/api/admin/companies/${acc.companyId}`, { cookie: admin }));
    expect(adminCompanyDetailSchema.parse(detail.data).users[0]?.email).toBe(acc.email);
    expect((await call(t, 'GET', '/api/admin/companies/99999', { cookie: admin })).status).toBe(404);
    expect((await call(t, 'GET', '/api/admin/companies/abc', { cookie: admin })).status).toBe(422);

    const verified = await json<{ data: { verified_at: string | null } }>(await call(t, 'POST', `/api/admin/companies/${acc.companyId}/verify`, { cookie: admin }));
    expect(verified.data.verified_at).not.toBeNull();
    const unverified = await json<{ data: { items: { id: number }[] } }>(await call(t, 'GET', '/api/admin/companies?status=unverified', { cookie: admin }));
    expect(unverified.data.items.map((c) => c.id)).not.toContain(acc.companyId);

    expect((await call(t, 'POST', `/api/admin/companies/${acc.companyId}/disable`, { cookie: admin })).status).toBe(200);
    expect((await call(t, 'GET', '/api/me', { cookie: acc.cookie })).status).toBe(401);
    expect((await call(t, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })).status).toBe(403);
    const disabled = await json<{ data: { items: { id: number }[] } }>(await call(t, 'GET', '/api/admin/companies?status=disabled', { cookie: admin }));
    expect(disabled.data.items.map((c) => c.id)).toEqual([acc.companyId]);
    expect((await call(t, 'POST', `/api/admin/companies/${acc.companyId}/enable`, { cookie: admin })).status).toBe(200);
    await loginCookie(t, acc.email, acc.password);

    const audit = await json<{ data: { items: unknown[] } }>(await call(t, 'GET', '/api/admin/audit-log', { cookie: admin }));
    const entries = audit.data.items.map((e) => auditEntrySchema.parse(e));
    const actions = entries.filter((e) => e.target_id === String(acc.companyId)).map((e) => e.action);
    expect(actions).toEqual(['company.enable', 'company.disable', 'company.verify']);
    expect(entries[0]?.actor_email).toBe('admin@example.com');
  });
});

describe('outbox', () => {
  it('lists mails with status, shows one, and retries a captured or failed one', async () => {
    await registerViaApi(t, { email: 'outbox@example.org' });
    await t.handle.mailWorker.tick();
    const list = await json<{ data: { items: { id: number; to: string; status: string }[] } }>(await call(t, 'GET', '/api/admin/outbox?status=captured', { cookie: admin }));
    const item = list.data.items.find((m) => m.to === 'outbox@example.org');
    expect(item?.status).toBe('captured');
    const view = await json<{ data: { html: string; text: string } }>(await call(t, 'GET', `/api/admin/outbox/${item?.id}`, { cookie: admin }));
    expect(view.data.text).toContain('token=');
    const retried = await json<{ data: { status: string; attempts: number } }>(await call(t, 'POST', `/api/admin/outbox/${item?.id}/retry`, { cookie: admin }));
    expect(retried.data).toMatchObject({ status: 'queued', attempts: 0 });
    const again = await call(t, 'POST', `/api/admin/outbox/${item?.id}/retry`, { cookie: admin });
    expect(again.status).toBe(422);
    expect((await call(t, 'GET', '/api/admin/outbox/99999', { cookie: admin })).status).toBe(404);
    expect((await call(t, 'GET', '/api/admin/outbox?status=nope', { cookie: admin })).status).toBe(422);
  });
});

describe('testimonials', () => {
  it('approves (public) and hides (not public), audited', async () => {
    const acc = await createCompanyAccount(t);
    await call(t, 'PUT', '/api/profile/testimonial', { cookie: acc.cookie, body: { name: 'Moderated Person', title: 'HR', comment: 'Great.' } });
    const pending = await json<{ data: { id: number; name: string; company_id: number }[] }>(await call(t, 'GET', '/api/admin/testimonials?status=pending', { cookie: admin }));
    const item = pending.data.find((x) => x.company_id === acc.companyId);
    expect(item?.name).toBe('Moderated Person');
    const approved = await json<{ data: { status: string } }>(await call(t, 'POST', `/api/admin/testimonials/${item?.id}/approve`, { cookie: admin }));
    expect(approved.data.status).toBe('approved');
    expect(JSON.stringify(await json(await t.fetch('/api/testimonials')))).toContain('Moderated Person');
    await call(t, 'POST', `/api/admin/testimonials/${item?.id}/hide`, { cookie: admin });
    expect(JSON.stringify(await json(await t.fetch('/api/testimonials')))).not.toContain('Moderated Person');
    expect((await call(t, 'POST', '/api/admin/testimonials/99999/approve', { cookie: admin })).status).toBe(404);
  });
});

describe('login-as-client', () => {
  it('switches only the admin’s own session to the company user, audited; stop switches back', async () => {
    const acc = await createCompanyAccount(t, { company_name: 'Client Co d.o.o.' });
    const otherAdminSession = await adminCookie(t);
    const res = await call(t, 'POST', '/api/admin/login-as-client', { cookie: admin, body: { company_id: acc.companyId } });
    expect(res.status).toBe(200);
    const user = currentUserSchema.parse((await json<{ data: unknown }>(res)).data);
    expect(user).toMatchObject({ id: acc.userId, company_id: acc.companyId, scope: ['company'], acting_admin: { email: 'admin@example.com' } });

    const me = currentUserSchema.parse((await json<{ data: unknown }>(await call(t, 'GET', '/api/me', { cookie: admin }))).data);
    expect(me.acting_admin?.email).toBe('admin@example.com');
    expect(me.email).toBe(acc.email);
    const profile = await json<{ data: { company_name: string } }>(await call(t, 'GET', '/api/profile', { cookie: admin }));
    expect(profile.data.company_name).toBe('Client Co d.o.o.');
    // The admin's other session and the client's own session are untouched.
    expect((await json<{ data: { email: string } }>(await call(t, 'GET', '/api/me', { cookie: otherAdminSession }))).data.email).toBe('admin@example.com');
    expect((await json<{ data: { acting_admin: unknown } }>(await call(t, 'GET', '/api/me', { cookie: acc.cookie }))).data.acting_admin).toBeNull();
    // Admin routes stay reachable while acting.
    expect((await call(t, 'GET', '/api/admin/audit-log', { cookie: admin })).status).toBe(200);

    const stop = await call(t, 'POST', '/api/admin/login-as-client/stop', { cookie: admin });
    expect(stop.status).toBe(200);
    expect((await json<{ data: { email: string; acting_admin: unknown } }>(stop)).data).toMatchObject({ email: 'admin@example.com', acting_admin: null });
    expect((await call(t, 'GET', '/api/profile', { cookie: admin })).status).toBe(403);

    const audit = await json<{ data: { items: { action: string; details: Record<string, unknown> }[] } }>(await call(t, 'GET', '/api/admin/audit-log', { cookie: admin }));
    const actions = audit.data.items.map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['login-as-client.stop', 'login-as-client.start']);
    expect(audit.data.items[1]?.details).toMatchObject({ user_email: acc.email });

    expect((await call(t, 'POST', '/api/admin/login-as-client', { cookie: admin, body: { company_id: 99999 } })).status).toBe(404);
    expect((await call(t, 'POST', '/api/admin/login-as-client', { cookie: admin, body: { company_id: 'x' } })).status).toBe(422);
  });

  it('refuses a disabled company with 409 company-disabled in the admin’s language, and changes nothing', async () => {
    const acc = await createCompanyAccount(t, { company_name: 'Disabled Client d.o.o.' });
    const cookie = await adminCookie(t);
    expect((await call(t, 'POST', `/api/admin/companies/${acc.companyId}/disable`, { cookie })).status).toBe(200);
    const before = await accountSnapshot(t.handle);
    for (const [locale, message] of [
      ['en', 'This company is disabled, so you cannot log in as its user. Enable it first.'],
      ['sl', 'To podjetje je onemogočeno, zato se ne morete prijaviti kot njegov uporabnik. Najprej ga omogočite.'],
    ] as const) {
      const res = await call(t, 'POST', '/api/admin/login-as-client', { cookie, body: { company_id: acc.companyId }, headers: { 'X-Locale': locale } });
      expect(res.status).toBe(409);
      expect((await json<ErrorJson>(res)).error).toMatchObject({ code: 'company-disabled', message });
    }
    // Still the administrator: no acting, no audit entry (refusals are not audited), the company's data out of reach.
    expect(await accountSnapshot(t.handle)).toBe(before);
    expect((await json<{ data: { email: string; acting_admin: unknown } }>(await call(t, 'GET', '/api/me', { cookie }))).data).toMatchObject({ email: 'admin@example.com', acting_admin: null });
    expect((await call(t, 'GET', '/api/applications', { cookie })).status).toBe(403);
  });

  it('ends when the company is disabled: the acting admin and the client’s own sessions lose its data', async () => {
    const acc = await createCompanyAccount(t, { company_name: 'Soon Disabled d.o.o.' });
    const acting = await adminCookie(t);
    const other = await adminCookie(t);
    expect((await call(t, 'POST', '/api/admin/login-as-client', { cookie: acting, body: { company_id: acc.companyId } })).status).toBe(200);
    expect((await call(t, 'GET', '/api/applications', { cookie: acting })).status).toBe(200);
    expect((await call(t, 'GET', '/api/applications', { cookie: acc.cookie })).status).toBe(200);

    // Another administrator disables the company.
    expect((await call(t, 'POST', `/api/admin/companies/${acc.companyId}/disable`, { cookie: other })).status).toBe(200);
    expect((await call(t, 'GET', '/api/applications', { cookie: acc.cookie })).status).toBe(401);
    expect((await call(t, 'GET', '/api/profile', { cookie: acc.cookie })).status).toBe(401);
    expect((await call(t, 'GET', '/api/applications', { cookie: acting })).status).toBe(403);
    expect((await json<{ data: { email: string; acting_admin: unknown } }>(await call(t, 'GET', '/api/me', { cookie: acting }))).data).toMatchObject({ email: 'admin@example.com', acting_admin: null });

    // A login-as-client that raced the disable (its acting written after the disable ended the others) acts as nobody.
    const sessionId = (await t.handle.db.get<{ id: string }>('SELECT id FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ?) AND revoked_at IS NULL ORDER BY created_at DESC, id LIMIT 1', ['admin@example.com']))?.id;
    await t.handle.db.run('UPDATE sessions SET acting_user_id = ? WHERE id = ?', [acc.userId, sessionId]);
    for (const cookie of [acting, other]) {
      expect((await call(t, 'GET', '/api/applications', { cookie })).status).toBe(403);
      expect((await call(t, 'GET', '/api/profile', { cookie })).status).toBe(403);
    }
  });
});
