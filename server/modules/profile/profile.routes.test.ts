/** Profile API: data, logo, password, e-mail change, sessions, testimonial — and that companies cannot reach each other's data. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileSchema, testimonialViewSchema, type Profile } from '../../../shared/schemas/user.js';
import type { MailRow } from '../mail/mail.repo.js';
import { GIF, jpeg, png } from '../../test/images.js';
import {
  accountSnapshot,
  call,
  createCompanyAccount,
  json,
  loginCookie,
  startTestServer,
  tokenFromMail,
  type ErrorJson,
  type TestServer,
} from '../../test/helpers.js';

// Logins hash with scrypt; under a loaded parallel run a test with many of them needs more than 5 s.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof createCompanyAccount>>;

const validUpdate = (over: Record<string, unknown> = {}) => ({
  company_name: 'Novo ime d.o.o.',
  country: 'si',
  industry: 'C',
  activity: 'Proizvodnja',
  street: 'Slovenska cesta',
  house_number: '1',
  city: 'Maribor',
  tax_number: 'SI 12345679',
  first_name: 'Maja',
  last_name: 'Kovač',
  phone: '+386 2 111 222',
  size: 'medium',
  employees: { total: 100, male: 50, female: 45, other_gender: 5, education_low: 10, education_middle: 40, education_higher: 40, education_special: 10 },
  locale: 'sl',
  ...over,
});

const liveSessions = async (userId: number) =>
  (await t.handle.db.all<{ id: string }>('SELECT id FROM sessions WHERE user_id = ? AND revoked_at IS NULL', [userId])).map((r) => r.id);

describe('GET/PUT /api/profile', () => {
  let a: Account;
  beforeAll(async () => {
    a = await createCompanyAccount(t);
  });

  it('answers 401 logged out', async () => {
    expect((await call(t, 'GET', '/api/profile')).status).toBe(401);
    expect((await call(t, 'PUT', '/api/profile', { body: validUpdate() })).status).toBe(401);
  });

  it('reads and updates the own profile', async () => {
    const got = profileSchema.strict().parse((await json<{ data: unknown }>(await call(t, 'GET', '/api/profile', { cookie: a.cookie }))).data);
    expect(got).toMatchObject({ company_id: a.companyId, company_name: expect.stringMatching(/^Company/), country: 'hr', email: a.email, logo_url: null, pending_email: null, size: 'unknown' });
    const res = await call(t, 'PUT', '/api/profile', { cookie: a.cookie, body: validUpdate() });
    expect(res.status).toBe(200);
    const updated = profileSchema.parse((await json<{ data: unknown }>(res)).data);
    expect(updated).toMatchObject({ company_name: 'Novo ime d.o.o.', country: 'si', tax_number: '12345679', size: 'medium', first_name: 'Maja', locale: 'sl' });
    expect(updated.employees.total).toBe(100);
    expect(await t.handle.db.get<{ name: string; locale: string }>('SELECT name, locale FROM users WHERE id = ?', [a.userId])).toEqual({ name: 'Maja Kovač', locale: 'sl' });
  });

  const emp = (over: Record<string, number>) => ({ ...validUpdate().employees, ...over });
  const bad: [string, Record<string, unknown>, string][] = [
    ['company name missing', { company_name: '' }, 'company_name'],
    ['unknown country', { country: 'de' }, 'country'],
    ['unknown industry', { industry: 'X' }, 'industry'],
    ['activity missing', { activity: '' }, 'activity'],
    ['street missing', { street: '' }, 'street'],
    ['house number missing', { house_number: '' }, 'house_number'],
    ['city missing', { city: '' }, 'city'],
    ['tax number with a bad check digit', { tax_number: '12345678' }, 'tax_number'],
    ['OIB rules for hr', { country: 'hr', tax_number: '12345679' }, 'tax_number'],
    ['first name missing', { first_name: '' }, 'first_name'],
    ['surname missing', { last_name: '' }, 'last_name'],
    ['phone invalid', { phone: 'abc' }, 'phone'],
    ['unknown size', { size: 'huge' }, 'size'],
    ['negative total', { employees: emp({ total: -1 }) }, 'employees.total'],
    ['fractional count', { employees: emp({ male: 1.5 }) }, 'employees.male'],
    ['genders exceed the total', { employees: emp({ male: 60 }) }, 'employees.male'],
    ['education exceeds the total', { employees: emp({ education_special: 20 }) }, 'employees.education_special'],
    ['employees missing', { employees: undefined }, 'employees'],
    ['unknown locale', { locale: 'it' }, 'locale'],
  ];
  it.each(bad)('%s -> 422 validation-failed, nothing changed', async (_n, over, path) => {
    const before = await accountSnapshot(t.handle);
    const res = await call(t, 'PUT', '/api/profile?lang=en', { cookie: a.cookie, body: validUpdate(over) });
    expect(res.status).toBe(422);
    const body = await json<ErrorJson>(res);
    expect(body.error.code).toBe('validation-failed');
    expect(body.error.details?.map((d) => d.path)).toContain(path);
    expect(await accountSnapshot(t.handle)).toBe(before);
  });

  it('says which parts exceed the total in the page language', async () => {
    const res = await call(t, 'PUT', '/api/profile?lang=sl', { cookie: a.cookie, body: validUpdate({ employees: emp({ female: 90 }) }) });
    const details = (await json<ErrorJson>(res)).error.details ?? [];
    expect(details.find((d) => d.path === 'employees.female')?.message).toBe('Deli skupaj ne smejo presegati skupnega števila zaposlenih.');
  });

  it('is 403 for an administrator without a company', async () => {
    const admin = await loginCookie(t, 'admin@example.com', 'admin-secret-1');
    expect((await call(t, 'GET', '/api/profile', { cookie: admin })).status).toBe(403);
  });
});

describe('logo', () => {
  let a: Account;
  beforeAll(async () => {
    a = await createCompanyAccount(t);
  });
  const put = (body: Buffer, type = 'image/png') => call(t, 'PUT', '/api/profile/logo', { cookie: a.cookie, body, headers: { 'Content-Type': type } });

  it('stores a PNG or JPEG within 232x80..464x160 and serves it through /api/assets; replacing deletes the old one', async () => {
    const res = await put(png(300, 100));
    expect(res.status).toBe(200);
    const profile = (await json<{ data: Profile }>(res)).data;
    expect(profile.logo_url).toMatch(/^\/api\/assets\/[0-9a-f-]{36}$/);
    const served = await t.fetch(profile.logo_url as string);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    // A JPEG sent as application/octet-stream: judged by content.
    const jpg = await put(jpeg(464, 160), 'application/octet-stream');
    expect(jpg.status).toBe(200);
    const next = (await json<{ data: Profile }>(jpg)).data.logo_url as string;
    expect((await t.fetch(next)).headers.get('content-type')).toBe('image/jpeg');
    expect((await t.fetch(profile.logo_url as string)).status).toBe(404);
    expect((await put(png(232, 80))).status).toBe(200);
  });

  it.each([
    ['too narrow', png(231, 100)],
    ['too short', png(300, 79)],
    ['too wide', png(465, 100)],
    ['too tall', jpeg(300, 161)],
  ])('%s -> 422 image-dimensions with the spec text, nothing changed', async (_n, image) => {
    const before = await accountSnapshot(t.handle);
    const res = await call(t, 'PUT', '/api/profile/logo?lang=en', { cookie: a.cookie, body: image, headers: { 'Content-Type': 'image/png' } });
    expect(res.status).toBe(422);
    const body = await json<ErrorJson>(res);
    expect(body.error).toMatchObject({ code: 'image-dimensions', message: 'The image does not fit the given dimensions' });
    expect(await accountSnapshot(t.handle)).toBe(before);
  });

  it('judges the type by content: a GIF or text labelled image/png is 415 image-type', async () => {
    const before = await accountSnapshot(t.handle);
    for (const body of [GIF, Buffer.from('not an image at all'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])]) {
      const res = await put(body);
      expect(res.status).toBe(415);
      expect((await json<ErrorJson>(res)).error.code).toBe('image-type');
    }
    expect((await put(GIF, 'image/gif')).status).toBe(415);
    expect(await accountSnapshot(t.handle)).toBe(before);
  });

  it('is 413 image-too-big over 2 MB (also for a 2.5 MB body), with the spec text', async () => {
    const before = await accountSnapshot(t.handle);
    for (const size of [2 * 1024 * 1024 + 100, 2.5 * 1024 * 1024]) {
      const res = await call(t, 'PUT', '/api/profile/logo?lang=en', { cookie: a.cookie, body: png(300, 100, size), headers: { 'Content-Type': 'image/png' } });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: { code: 'image-too-big', message: 'The picture is too big' } });
    }
    expect(await accountSnapshot(t.handle)).toBe(before);
  });

  it('DELETE removes the logo', async () => {
    const res = await call(t, 'DELETE', '/api/profile/logo', { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect((await json<{ data: Profile }>(res)).data.logo_url).toBeNull();
  });
});

describe('POST /api/profile/password', () => {
  it('needs the current password (422 wrong-password) and ends every OTHER session', async () => {
    const a = await createCompanyAccount(t);
    const other = await loginCookie(t, a.email, a.password);
    const before = await accountSnapshot(t.handle);
    const wrong = await call(t, 'POST', '/api/profile/password', { cookie: a.cookie, body: { current_password: 'nope', password: 'newpass1', password_confirmation: 'newpass1' } });
    expect(wrong.status).toBe(422);
    expect((await json<ErrorJson>(wrong)).error.code).toBe('wrong-password');
    for (const body of [
      { current_password: a.password, password: '12345', password_confirmation: '12345' },
      { current_password: a.password, password: 'newpass1', password_confirmation: 'newpass2' },
      { current_password: '', password: 'newpass1', password_confirmation: 'newpass1' },
    ]) {
      const res = await call(t, 'POST', '/api/profile/password', { cookie: a.cookie, body });
      expect(res.status).toBe(422);
      expect((await json<ErrorJson>(res)).error.code).toBe('validation-failed');
    }
    expect(await accountSnapshot(t.handle)).toBe(before);

    const ok = await call(t, 'POST', '/api/profile/password', { cookie: a.cookie, body: { current_password: a.password, password: 'newpass1', password_confirmation: 'newpass1' } });
    expect(ok.status).toBe(204);
    expect((await call(t, 'GET', '/api/me', { cookie: a.cookie })).status).toBe(200);
    expect((await call(t, 'GET', '/api/me', { cookie: other })).status).toBe(401);
    expect(await liveSessions(a.userId)).toHaveLength(1);
    await loginCookie(t, a.email, 'newpass1');
  });
});

describe('e-mail change', () => {
  it('mails the new address, and on confirmation changes the e-mail, ends EVERY session, and tells the old address', async () => {
    const a = await createCompanyAccount(t, { locale: 'en' });
    const other = await loginCookie(t, a.email, a.password);
    const res = await call(t, 'POST', '/api/profile/email', { cookie: a.cookie, body: { new_email: 'New.Address@example.org', current_password: a.password, locale: 'en' } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ data: { status: 'confirmation-sent' } });
    const profile = (await json<{ data: Profile }>(await call(t, 'GET', '/api/profile', { cookie: a.cookie }))).data;
    expect(profile).toMatchObject({ email: a.email, pending_email: 'new.address@example.org' });
    const mail = await t.handle.db.get<MailRow>("SELECT * FROM mail_outbox WHERE to_address = 'new.address@example.org'");
    expect(mail?.subject).toBe('Confirm your new e-mail address');
    expect(mail?.text).toContain(`${t.handle.config.origin}/en/confirm-email?token=`);
    expect(mail?.text).toContain('&kind=email-change');
    const token = await tokenFromMail(t.handle, 'new.address@example.org');

    // A confirm-email token is not an e-mail change token.
    const wrongPurpose = await t.handle.services.tokens.sign('confirm-email', { userId: a.userId, email: 'new.address@example.org' });
    expect((await call(t, 'POST', '/api/auth/email-change/confirm', { body: { token: wrongPurpose } })).status).toBe(400);

    const done = await call(t, 'POST', '/api/auth/email-change/confirm', { body: { token } });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ data: { status: 'email-changed', email: 'new.address@example.org' } });
    expect(await liveSessions(a.userId)).toEqual([]);
    for (const cookie of [a.cookie, other]) expect((await call(t, 'GET', '/api/me', { cookie })).status).toBe(401);
    const notice = await t.handle.db.get<MailRow>('SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY id DESC', [a.email]);
    expect(notice?.subject).toBe('The e-mail address of your account was changed');
    expect(notice?.text).toContain('new.address@example.org');
    await loginCookie(t, 'new.address@example.org', a.password);
    expect((await call(t, 'POST', '/api/auth/email-change/confirm', { body: { token } })).status).toBe(400);
  });

  it('refuses a wrong password (422), a taken address (409), the same address (422), bad input (422); nothing changes', async () => {
    const a = await createCompanyAccount(t);
    const before = await accountSnapshot(t.handle);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ new_email: 'x1@example.org', current_password: 'wrong', locale: 'en' }, 422, 'wrong-password'],
      [{ new_email: 'demo@example.com', current_password: a.password, locale: 'en' }, 409, 'email-taken'],
      [{ new_email: a.email.toUpperCase(), current_password: a.password, locale: 'en' }, 422, 'validation-failed'],
      [{ new_email: 'not-an-email', current_password: a.password, locale: 'en' }, 422, 'validation-failed'],
      [{ new_email: 'x2@example.org', current_password: '', locale: 'en' }, 422, 'validation-failed'],
      [{ new_email: 'x3@example.org', current_password: a.password, locale: 'xx' }, 422, 'validation-failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(t, 'POST', '/api/profile/email?lang=en', { cookie: a.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      const err = await json<ErrorJson>(res);
      expect(err.error.code).toBe(code);
      if (body.new_email === a.email.toUpperCase()) expect(err.error.details?.[0]?.message).toBe('The new value is the same as the current one.');
    }
    expect(await accountSnapshot(t.handle)).toBe(before);
  });

  it('a confirmation for an address taken in the meantime is 409 email-taken; a superseded request is invalid', async () => {
    const a = await createCompanyAccount(t);
    await call(t, 'POST', '/api/profile/email', { cookie: a.cookie, body: { new_email: 'race@example.org', current_password: a.password, locale: 'en' } });
    const first = await tokenFromMail(t.handle, 'race@example.org');
    await call(t, 'POST', '/api/profile/email', { cookie: a.cookie, body: { new_email: 'race2@example.org', current_password: a.password, locale: 'en' } });
    expect((await call(t, 'POST', '/api/auth/email-change/confirm', { body: { token: first } })).status).toBe(400);
    const second = await tokenFromMail(t.handle, 'race2@example.org');
    await createCompanyAccount(t, { email: 'race2@example.org' });
    const res = await call(t, 'POST', '/api/auth/email-change/confirm', { body: { token: second } });
    expect(res.status).toBe(409);
    expect((await json<ErrorJson>(res)).error.code).toBe('email-taken');
  });
});

describe('sessions', () => {
  it('lists the own live sessions with device data and the current one marked; DELETE revokes one', async () => {
    const a = await createCompanyAccount(t);
    const other = await loginCookie(t, a.email, a.password);
    const list = (await json<{ data: { id: string; current: boolean; browser: string | null }[] }>(await call(t, 'GET', '/api/profile/sessions', { cookie: a.cookie }))).data;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(Object.keys(list[0] as object).sort()).toEqual(
      ['browser', 'created_at', 'current', 'device', 'id', 'last_seen_at', 'platform', 'screen_height', 'screen_width', 'user_agent'].sort(),
    );
    const otherId = list.find((s) => !s.current)?.id as string;
    expect((await call(t, 'DELETE', `/api/profile/sessions/${otherId}`, { cookie: a.cookie })).status).toBe(204);
    expect((await call(t, 'GET', '/api/me', { cookie: other })).status).toBe(401);
    expect((await call(t, 'DELETE', `/api/profile/sessions/${otherId}`, { cookie: a.cookie })).status).toBe(404);
    expect((await call(t, 'DELETE', '/api/profile/sessions/bad!', { cookie: a.cookie })).status).toBe(422);
  });
});

describe('testimonial', () => {
  let a: Account;
  beforeEach(async () => {
    a = await createCompanyAccount(t);
  });
  const text = { name: 'Ana Horvat', title: 'Direktorica kadrovske službe', comment: 'Raziskava nam je pomagala <b>zelo</b>.' };

  it('is null at first; PUT saves it as pending; the photo must be square; approval makes it public', async () => {
    expect(await json(await call(t, 'GET', '/api/profile/testimonial', { cookie: a.cookie }))).toEqual({ data: null });
    const noText = await call(t, 'PUT', '/api/profile/testimonial/photo', { cookie: a.cookie, body: png(300, 300), headers: { 'Content-Type': 'image/png' } });
    expect(noText.status).toBe(404);

    const saved = await call(t, 'PUT', '/api/profile/testimonial', { cookie: a.cookie, body: text });
    expect(saved.status).toBe(200);
    const view = testimonialViewSchema.strict().parse((await json<{ data: unknown }>(saved)).data);
    expect(view).toMatchObject({ ...text, status: 'pending', photo_url: null });

    const photo = await call(t, 'PUT', '/api/profile/testimonial/photo', { cookie: a.cookie, body: png(301, 300), headers: { 'Content-Type': 'image/png' } });
    expect(photo.status).toBe(200);
    expect((await json<{ data: { photo_url: string } }>(photo)).data.photo_url).toMatch(/^\/api\/assets\//);

    const publicBefore = await json<{ data: unknown[] }>(await t.fetch('/api/testimonials'));
    expect(JSON.stringify(publicBefore)).not.toContain('Direktorica kadrovske');
    await t.handle.db.run("UPDATE testimonials SET status = 'approved' WHERE id = ?", [view.id]);
    const pub = await json<{ data: Record<string, unknown>[] }>(await t.fetch('/api/testimonials'));
    expect(pub.data.find((x) => x.title === text.title)).toEqual({ ...text, photo_url: expect.stringMatching(/^\/api\/assets\//), company_name: expect.any(String) });

    // Any change sends it back to review.
    await call(t, 'PUT', '/api/profile/testimonial', { cookie: a.cookie, body: { ...text, comment: 'Changed.' } });
    expect((await json<{ data: { status: string } }>(await call(t, 'GET', '/api/profile/testimonial', { cookie: a.cookie }))).data.status).toBe('pending');
    expect((await call(t, 'DELETE', '/api/profile/testimonial', { cookie: a.cookie })).status).toBe(204);
    expect(await json(await call(t, 'GET', '/api/profile/testimonial', { cookie: a.cookie }))).toEqual({ data: null });
  });

  it('refuses bad texts and photos with the right code; nothing changes', async () => {
    await call(t, 'PUT', '/api/profile/testimonial', { cookie: a.cookie, body: text });
    const before = await accountSnapshot(t.handle);
    for (const [body, path] of [
      [{ ...text, comment: 'x'.repeat(2001) }, 'comment'],
      [{ ...text, comment: '' }, 'comment'],
      [{ ...text, name: '' }, 'name'],
      [{ ...text, title: 'x'.repeat(121) }, 'title'],
    ] as const) {
      const res = await call(t, 'PUT', '/api/profile/testimonial', { cookie: a.cookie, body });
      expect(res.status).toBe(422);
      expect((await json<ErrorJson>(res)).error.details?.map((d) => d.path)).toContain(path);
    }
    const photo = (body: Buffer) => call(t, 'PUT', '/api/profile/testimonial/photo?lang=en', { cookie: a.cookie, body, headers: { 'Content-Type': 'image/jpeg' } });
    const ratio = await photo(jpeg(400, 300));
    expect(ratio.status).toBe(422);
    expect((await json<ErrorJson>(ratio)).error.code).toBe('photo-ratio');
    const small = await photo(png(150, 150));
    expect(small.status).toBe(422);
    expect((await json<ErrorJson>(small)).error.code).toBe('image-dimensions');
    expect((await photo(GIF)).status).toBe(415);
    expect((await photo(png(300, 300, 2.5 * 1024 * 1024))).status).toBe(413);
    expect(await accountSnapshot(t.handle)).toBe(before);
    expect((await call(t, 'PUT', '/api/profile/testimonial', { cookie: a.cookie, body: { ...text, comment: 'x'.repeat(2000) } })).status).toBe(200);
  });
});

// A second company can neither read nor change the first company's profile, logo, testimonial or sessions, through any endpoint.
describe('isolation between companies', () => {
  let first: Account;
  let second: Account;
  let firstSessionId: string;
  beforeAll(async () => {
    first = await createCompanyAccount(t, { company_name: 'First Secret d.o.o.' });
    second = await createCompanyAccount(t, { company_name: 'Second d.o.o.' });
    await call(t, 'PUT', '/api/profile/logo', { cookie: first.cookie, body: png(300, 100), headers: { 'Content-Type': 'image/png' } });
    await call(t, 'PUT', '/api/profile/testimonial', { cookie: first.cookie, body: { name: 'First Person', title: 'CEO', comment: 'First secret comment' } });
    await call(t, 'PUT', '/api/profile/testimonial/photo', { cookie: first.cookie, body: png(300, 300), headers: { 'Content-Type': 'image/png' } });
    firstSessionId = (await t.handle.db.get<{ id: string }>('SELECT id FROM sessions WHERE user_id = ? AND revoked_at IS NULL', [first.userId]) as { id: string }).id;
  });
  const firstState = async () =>
    JSON.stringify([
      await t.handle.db.get('SELECT * FROM companies WHERE id = ?', [first.companyId]),
      await t.handle.db.get('SELECT id, email, name, phone, locale, password_hash, pending_email FROM users WHERE id = ?', [first.userId]),
      await t.handle.db.get('SELECT * FROM testimonials WHERE company_id = ?', [first.companyId]),
      await t.handle.db.all('SELECT id, revoked_at FROM sessions WHERE user_id = ?', [first.userId]),
    ]);
  const leaks = (body: unknown) => /First Secret|First Person|First secret comment/.test(JSON.stringify(body)) || JSON.stringify(body).includes(first.email);

  it('GET /api/profile shows only the own company', async () => {
    const body = await json(await call(t, 'GET', '/api/profile', { cookie: second.cookie }));
    expect(leaks(body)).toBe(false);
    expect((body as { data: Profile }).data.company_id).toBe(second.companyId);
  });

  it('PUT /api/profile changes only the own company (a company_id in the body is ignored)', async () => {
    const before = await firstState();
    const res = await call(t, 'PUT', '/api/profile', { cookie: second.cookie, body: { ...validUpdate(), company_id: first.companyId, id: first.companyId } });
    expect(res.status).toBe(200);
    expect((await json<{ data: Profile }>(res)).data.company_id).toBe(second.companyId);
    expect(await firstState()).toBe(before);
  });

  it('PUT /api/profile/logo changes only the own logo', async () => {
    const before = await firstState();
    expect((await call(t, 'PUT', `/api/profile/logo?company_id=${first.companyId}`, { cookie: second.cookie, body: png(300, 100), headers: { 'Content-Type': 'image/png' } })).status).toBe(200);
    expect(await firstState()).toBe(before);
  });

  it('DELETE /api/profile/logo removes only the own logo', async () => {
    const before = await firstState();
    expect((await call(t, 'DELETE', '/api/profile/logo', { cookie: second.cookie })).status).toBe(200);
    expect(await firstState()).toBe(before);
  });

  it('GET /api/profile/testimonial does not show the first company’s testimonial', async () => {
    const body = await json(await call(t, 'GET', '/api/profile/testimonial', { cookie: second.cookie }));
    expect(body).toEqual({ data: null });
  });

  it('PUT /api/profile/testimonial writes only the own testimonial', async () => {
    const before = await firstState();
    const res = await call(t, 'PUT', '/api/profile/testimonial', { cookie: second.cookie, body: { name: 'X', title: 'Y', comment: 'Z', company_id: first.companyId } });
    expect(res.status).toBe(200);
    expect(leaks(await res.json())).toBe(false);
    expect(await firstState()).toBe(before);
  });

  it('PUT /api/profile/testimonial/photo changes only the own photo', async () => {
    const before = await firstState();
    expect((await call(t, 'PUT', '/api/profile/testimonial/photo', { cookie: second.cookie, body: png(300, 300), headers: { 'Content-Type': 'image/png' } })).status).toBe(200);
    expect(await firstState()).toBe(before);
  });

  it('DELETE /api/profile/testimonial deletes only the own testimonial', async () => {
    const before = await firstState();
    expect((await call(t, 'DELETE', '/api/profile/testimonial', { cookie: second.cookie })).status).toBe(204);
    expect(await firstState()).toBe(before);
  });

  it('GET /api/profile/sessions lists only the own sessions', async () => {
    const body = await json<{ data: { id: string }[] }>(await call(t, 'GET', '/api/profile/sessions', { cookie: second.cookie }));
    expect(body.data.map((s) => s.id)).not.toContain(firstSessionId);
  });

  it('DELETE /api/profile/sessions/:id of another company’s session is 404 and revokes nothing', async () => {
    const before = await firstState();
    const res = await call(t, 'DELETE', `/api/profile/sessions/${firstSessionId}`, { cookie: second.cookie });
    expect(res.status).toBe(404);
    expect(await firstState()).toBe(before);
    expect((await call(t, 'GET', '/api/me', { cookie: first.cookie })).status).toBe(200);
  });

  it('POST /api/profile/password changes only the own password', async () => {
    const before = await firstState();
    const res = await call(t, 'POST', '/api/profile/password', { cookie: second.cookie, body: { current_password: first.password, password: 'hijack1', password_confirmation: 'hijack1', user_id: first.userId } });
    // Both accounts share the test password, so this changes the SECOND account's password only.
    expect(res.status).toBe(204);
    expect(await firstState()).toBe(before);
  });

  it('POST /api/profile/email requests a change only for the own account', async () => {
    const before = await firstState();
    const res = await call(t, 'POST', '/api/profile/email', { cookie: second.cookie, body: { new_email: 'steal@example.org', current_password: 'hijack1', locale: 'en', user_id: first.userId } });
    expect(res.status).toBe(202);
    expect(await firstState()).toBe(before);
    expect((await t.handle.db.get<{ pending_email: string }>('SELECT pending_email FROM users WHERE id = ?', [second.userId]))?.pending_email).toBe('steal@example.org');
  });
});
