/**
 * The award cycle through the API on a real server: the administrator's preview (figures from the reporting base),
 * exclusion with a reason, the company's choices, publication (frozen results, available years, one mail per company
 * user), the public winners, certificates and badges, unpublication — each with the audit log.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../print/pdf-text.js';
import { formatDate } from '../../../shared/dates.js';
import type { AwardCompanyYear, AwardYearAdmin, AwardYearListItem, PublicAwardYear } from '../../../shared/schemas/award.js';
import { adminCookie, call, createCompanyAccount, createTestClock, demoIzzAnswers, demoSessionCookie, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';

let t: TestServer;
/** The server's clock: it starts now and moves only when a test says (each publication at its own instant). */
const clock = createTestClock(new Date());
let admin: string;
let demoCookie: string;
let demoCompanyId: number;
let demoSurveyId: number;
type Company = Awaited<ReturnType<typeof createCompanyAccount>>;
let small: Company; // 30 employees, 30 answers, best ESI: place 1 among the small
let small2: Company; // 30 employees, 26 answers (86.7 %), lower ESI: place 2
let lowShare: Company; // 30 employees, 20 answers: 66.7 % < 85 %
let medium: Company; // 60 employees, 50 answers

/** A finished IZZ survey of 2025 (demo survey's draft with another population) with `n` answers of the given ESI grades. */
async function finishedSurvey(company: Company, employees: number, n: number, grades: { esi: number; enps: number }, finishedAt = '2025-10-20T12:00:00.000Z'): Promise<number> {
  const draft = JSON.parse((await t.handle.db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = ?', [demoSurveyId]))!.draft) as { details: Record<string, unknown> };
  draft.details.employees = employees;
  draft.details.name = `IZZ 2025 (${String(company.companyId)})`;
  const id = Number(
    await t.handle.db.insert(
      `INSERT INTO applications (company_id, type, state, draft, code_batch, created_at, updated_at, submitted_at, approved_at, started_at, finished_at)
       VALUES (?, 'izz', 'finished', ?, 1, ?, ?, ?, ?, ?, ?)`,
      [company.companyId, JSON.stringify(draft), '2025-09-01T08:00:00.000Z', finishedAt, '2025-09-02T08:00:00.000Z', '2025-09-03T08:00:00.000Z', '2025-10-01T07:00:00.000Z', finishedAt],
    ),
  );
  for (let i = 0; i < n; i++) {
    const answers = demoIzzAnswers({ extra: {}, enps_grade: grades.enps, esi_workplace_satisfaction: grades.esi, esi_workplace_expectations: grades.esi, esi_ideal_job_comparison: grades.esi });
    await t.handle.db.run("INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, 'online', ?, NULL)", [randomUUID(), id, JSON.stringify(answers)]);
  }
  return id;
}

const adminYear = async () => (await json<{ data: AwardYearAdmin }>(await call(t, 'GET', '/api/admin/award/2025', { cookie: admin }))).data;
const entryOf = (y: AwardYearAdmin, companyId: number) => y.entries.find((e) => e.company_id === companyId)!;
const auditActions = async () => (await t.handle.db.all<{ action: string; details: string }>("SELECT action, details FROM audit_log WHERE action LIKE 'award.%' ORDER BY id")).map((r) => r.action);
const correctionMails = async () => await t.handle.db.all<{ to_address: string; subject: string; text: string; locale: string; dedupe_key: string }>("SELECT to_address, subject, text, locale, dedupe_key FROM mail_outbox WHERE dedupe_key LIKE 'award-correction:%' ORDER BY id");
const awardMails = async () => await t.handle.db.all<{ to_address: string; subject: string; text: string; locale: string }>("SELECT to_address, subject, text, locale FROM mail_outbox WHERE dedupe_key LIKE 'award-result:%' ORDER BY id");

beforeAll(async () => {
  t = await startTestServer({ TIME_ZONE: 'Europe/Ljubljana' }, { clock });
  admin = await adminCookie(t);
  demoCookie = await demoSessionCookie(t.handle);
  const demo = await t.handle.db.get<{ id: number; company_id: number; finished_at: string }>("SELECT id, company_id, finished_at FROM applications WHERE type = 'izz' AND state = 'finished' ORDER BY id LIMIT 1");
  demoSurveyId = demo!.id;
  demoCompanyId = demo!.company_id;
  // the demo survey finishes in last year (relative to the real clock): move it into 2025 for a fixed fixture
  await t.handle.db.run("UPDATE applications SET started_at = '2025-10-06T07:00:00.000Z', finished_at = '2025-10-24T22:00:00.000Z' WHERE id = ?", [demoSurveyId]);
  small = await createCompanyAccount(t, { company_name: 'Mala Zvezda d.o.o.', locale: 'sl' });
  small2 = await createCompanyAccount(t, { company_name: 'Druga Mala d.o.o.', locale: 'en' });
  lowShare = await createCompanyAccount(t, { company_name: 'Nizka Odzivnost d.o.o.', locale: 'sl' });
  medium = await createCompanyAccount(t, { company_name: 'Srednja Hiša d.o.o.', locale: 'sl' });
  await finishedSurvey(small, 30, 30, { esi: 10, enps: 10 });
  await finishedSurvey(small2, 30, 26, { esi: 8, enps: 9 });
  await finishedSurvey(lowShare, 30, 20, { esi: 10, enps: 10 });
  await finishedSurvey(medium, 60, 50, { esi: 7, enps: 6 });
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('the administrator computes a year', () => {
  it('lists the year with its surveys, open', async () => {
    const res = await call(t, 'GET', '/api/admin/award', { cookie: admin });
    expect(res.status).toBe(200);
    const years = (await json<{ data: AwardYearListItem[] }>(res)).data;
    expect(years.find((y) => y.year === 2025)).toMatchObject({ status: 'open', surveys: 5, published_at: null, eligible: null });
  });

  it('previews every company, eligible or not and why, with figures from the reporting base', async () => {
    const y = await adminYear();
    expect(y.status).toBe('open');
    expect(entryOf(y, small.companyId)).toMatchObject({ eligible: true, size_class: 'small', rank: 1, responses: 30, occupancy: 100, esi: 100, enps: 100, awards: expect.arrayContaining([{ kind: 'class', place: 1 }]) });
    expect(entryOf(y, small2.companyId)).toMatchObject({ eligible: true, rank: 2, occupancy: 86.7, esi: 77.8, awards: [{ kind: 'class', place: 2 }] });
    const low = entryOf(y, lowShare.companyId);
    expect(low.eligible).toBe(false);
    expect(low.checks.filter((c) => !c.passed)).toEqual([{ rule: 'occupancy', passed: false, actual: 66.7, required: 85, decimals: 1 }]);
    expect(entryOf(y, medium.companyId)).toMatchObject({ eligible: true, size_class: 'medium', rank: 1 });
    // the demo survey's ESI and eNPS are the ones its report prints
    const report = (await json<{ data: { esi: { score: number }; enps: { score: number } } }>(await call(t, 'GET', `/api/surveys/${String(demoSurveyId)}/report`, { cookie: demoCookie }))).data;
    expect(entryOf(y, demoCompanyId)).toMatchObject({ eligible: true, size_class: 'large', rank: 1, responses: 296, employees: 320, esi: report.esi.score, enps: report.enps.score });
  });

  it('is for administrators only', async () => {
    expect((await call(t, 'GET', '/api/admin/award/2025')).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/award/2025', { cookie: small.cookie })).status).toBe(403);
    expect((await call(t, 'POST', '/api/admin/award/2025/publish', { cookie: small.cookie })).status).toBe(403);
  });

  it('excludes a company only with a written reason, in the audit log, and includes it again', async () => {
    const empty = await call(t, 'POST', `/api/admin/award/2025/exclusions/${String(small.companyId)}`, { cookie: admin, body: { reason: ' ' }, headers: { 'Accept-Language': 'hr' } });
    expect(empty.status).toBe(422);
    expect((await json<ErrorJson>(empty)).error.code).toBe('validation-failed');
    const res = await call(t, 'POST', `/api/admin/award/2025/exclusions/${String(small.companyId)}`, { cookie: admin, body: { reason: 'Odgovori so bili vneseni na enem računalniku.' } });
    expect(res.status).toBe(200);
    const y = (await json<{ data: AwardYearAdmin }>(res)).data;
    expect(entryOf(y, small.companyId)).toMatchObject({ eligible: false, rank: null, awards: [], excluded: { reason: 'Odgovori so bili vneseni na enem računalniku.' } });
    expect(entryOf(y, small2.companyId)).toMatchObject({ rank: 1, awards: expect.arrayContaining([{ kind: 'class', place: 1 }]) });
    const audit = await t.handle.db.get<{ details: string; target_id: string }>("SELECT details, target_id FROM audit_log WHERE action = 'award.exclude' ORDER BY id DESC LIMIT 1");
    expect(JSON.parse(audit!.details)).toEqual({ year: 2025, reason: 'Odgovori so bili vneseni na enem računalniku.' });
    expect(audit!.target_id).toBe(String(small.companyId));
    const back = await call(t, 'DELETE', `/api/admin/award/2025/exclusions/${String(small.companyId)}`, { cookie: admin });
    expect(entryOf((await json<{ data: AwardYearAdmin }>(back)).data, small.companyId)).toMatchObject({ eligible: true, rank: 1, excluded: null });
    expect(await auditActions()).toEqual(['award.exclude', 'award.include']);
  });

  it('refuses an exclusion of a company without a survey that year', async () => {
    const other = await createCompanyAccount(t);
    expect((await call(t, 'POST', `/api/admin/award/2025/exclusions/${String(other.companyId)}`, { cookie: admin, body: { reason: 'No survey here' } })).status).toBe(404);
  });
});

describe('the company before publication', () => {
  it('sees its year and chooses not to be named', async () => {
    const list = (await json<{ data: AwardCompanyYear[] }>(await call(t, 'GET', '/api/profile/award', { cookie: small2.cookie }))).data;
    expect(list).toEqual([{ year: 2025, published: false, survey_name: `IZZ 2025 (${String(small2.companyId)})`, withdraw_name: false, show_figures: false, result: null }]);
    const res = await call(t, 'PUT', '/api/profile/award/2025', { cookie: small2.cookie, body: { withdraw_name: true, show_figures: false } });
    expect(res.status).toBe(200);
    expect((await json<{ data: AwardCompanyYear }>(res)).data).toMatchObject({ withdraw_name: true, show_figures: false });
    await call(t, 'PUT', '/api/profile/award/2025', { cookie: small.cookie, body: { withdraw_name: false, show_figures: true } });
  });

  it('cannot choose for a year it has no survey in, nor with a bad body', async () => {
    expect((await call(t, 'PUT', '/api/profile/award/2024', { cookie: small.cookie, body: { withdraw_name: true, show_figures: false } })).status).toBe(404);
    const bad = await call(t, 'PUT', '/api/profile/award/2025', { cookie: small.cookie, body: { withdraw_name: 'yes' }, headers: { 'Accept-Language': 'en' } });
    expect(bad.status).toBe(422);
  });

  it('has no certificate before publication', async () => {
    const res = await call(t, 'GET', '/api/profile/award/2025/certificate?award=class', { cookie: small.cookie, headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(404);
    expect((await json<ErrorJson>(res)).error).toMatchObject({ code: 'award-not-published', message: 'The award results of this year are not published yet.' });
  });

  it('the public sees nothing of an open year', async () => {
    expect((await call(t, 'GET', '/api/leaderboards/2025')).status).toBe(404);
    expect((await json<{ data: { available_years: number[] } }>(await call(t, 'GET', '/api/leaderboards/available-years'))).data.available_years).not.toContain(2025);
  });
});

describe('publication', () => {
  it('freezes the results, adds the year, mails each company user once, and is audited', async () => {
    const res = await call(t, 'POST', '/api/admin/award/2025/publish', { cookie: admin });
    expect(res.status).toBe(200);
    const y = (await json<{ data: AwardYearAdmin }>(res)).data;
    expect(y.status).toBe('published');
    expect(y.published_at).not.toBeNull();
    expect((await json<{ data: { available_years: number[] } }>(await call(t, 'GET', '/api/leaderboards/available-years'))).data.available_years).toContain(2025);
    const mails = await awardMails();
    const to = (c: Company) => mails.filter((m) => m.to_address === c.email);
    for (const c of [small, small2, lowShare, medium]) expect(to(c)).toHaveLength(1);
    expect(to(small)[0]!.subject).toBe('Najboljši zaposlovalec 2025: rezultat podjetja Mala Zvezda d.o.o.');
    expect(to(small)[0]!.text).toContain('1. mesto v razredu malih podjetij (20–50 zaposlenih)');
    expect(to(small)[0]!.text).toContain('posebno priznanje: najvišji eNPS');
    expect(to(small2)[0]!.locale).toBe('en');
    expect(to(small2)[0]!.text).toContain('place 2 among small companies (20–50 employees)');
    expect(to(lowShare)[0]!.text).toContain('odzivnost je bila 66,7\u00a0%, potrebnih je 85\u00a0%');
    expect(to(medium)[0]!.text).toContain('1. mesto v razredu srednjih podjetij (51–250 zaposlenih)');
    expect((await auditActions()).at(-1)).toBe('award.publish');
  });

  it('shows the winners publicly: bands unless agreed, no name when withdrawn', async () => {
    const res = await call(t, 'GET', '/api/leaderboards/2025');
    expect(res.status).toBe(200);
    const y = (await json<{ data: PublicAwardYear }>(res)).data;
    const smallClass = y.classes.find((c) => c.size_class === 'small')!;
    expect(smallClass.eligible).toBe(2);
    expect(smallClass.winners).toEqual([
      { place: 1, company_name: 'Mala Zvezda d.o.o.', logo_asset_id: null, logo_width: null, logo_height: null, esi_band: { from: 95, to: 100 }, esi: 100, enps: 100, value: null },
      { place: 2, company_name: null, logo_asset_id: null, logo_width: null, logo_height: null, esi_band: { from: 75, to: 80 }, esi: null, enps: null, value: null },
    ]);
    expect(y.classes.find((c) => c.size_class === 'large')!.winners[0]).toMatchObject({ place: 1, company_name: 'Demo podjetje d.o.o.', esi: null, enps: null });
    expect(y.special.find((s) => s.category === 'highest_enps')!.winners).toEqual([expect.objectContaining({ company_name: 'Mala Zvezda d.o.o.', value: 100 })]);
    expect(JSON.stringify(y)).not.toContain('Nizka Odzivnost');
    expect(JSON.stringify(y)).not.toContain('Druga Mala');
  });

  it('gives the company its result, a certificate and a badge', async () => {
    const list = (await json<{ data: AwardCompanyYear[] }>(await call(t, 'GET', '/api/profile/award', { cookie: small.cookie }))).data;
    expect(list[0]).toMatchObject({ year: 2025, published: true, result: { eligible: true, rank: 1, class_count: 2, size_class: 'small', failed: [] } });
    const pdf = await call(t, 'GET', '/api/profile/award/2025/certificate?award=class', { cookie: small.cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Mala Zvezda d.o.o.');
    expect(text).toContain('2025');
    expect(text).toContain('1. mesto');
    const badge = await call(t, 'GET', '/api/profile/award/2025/badge?award=highest_enps', { cookie: small.cookie });
    expect(badge.status).toBe(200);
    expect(badge.headers.get('content-type')).toContain('image/svg+xml');
    expect(await badge.text()).toMatch(/^<svg[\s\S]*2025[\s\S]*<\/svg>\s*$/);
    const notWon = await call(t, 'GET', '/api/profile/award/2025/certificate?award=most_improved_esi', { cookie: small.cookie, headers: { 'Accept-Language': 'hr' } });
    expect(notWon.status).toBe(404);
    expect((await json<ErrorJson>(notWon)).error).toMatchObject({ code: 'award-not-won', message: 'Vaša tvrtka nije osvojila ovu nagradu.' });
    expect((await call(t, 'GET', '/api/profile/award/2025/certificate?award=class', { cookie: lowShare.cookie })).status).toBe(404);
    expect((await call(t, 'GET', '/api/profile/award/2025/certificate?award=first', { cookie: small.cookie })).status).toBe(422);
  });

  it('writes the certificate and the badge in the page\'s language when asked (lang), else in the user\'s', async () => {
    const pdf = await call(t, 'GET', '/api/profile/award/2025/certificate?award=class&lang=mk', { cookie: small.cookie });
    expect(pdf.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('1-во место');
    expect(text).not.toContain('1. mesto');
    const badge = await (await call(t, 'GET', '/api/profile/award/2025/badge?award=class&lang=de', { cookie: small.cookie })).text();
    expect(badge).toContain('1. Platz');
    const bad = await call(t, 'GET', '/api/profile/award/2025/certificate?award=class&lang=xx', { cookie: small.cookie, headers: { 'Accept-Language': 'en' } });
    expect(bad.status).toBe(422);
  });

  it('refuses changes once published', async () => {
    const excl = await call(t, 'POST', `/api/admin/award/2025/exclusions/${String(small.companyId)}`, { cookie: admin, body: { reason: 'Too late for this' }, headers: { 'Accept-Language': 'en' } });
    expect(excl.status).toBe(409);
    expect((await json<ErrorJson>(excl)).error.message).toBe('The results of this year are published; unpublish them first.');
    expect((await call(t, 'PUT', '/api/profile/award/2025', { cookie: small.cookie, body: { withdraw_name: true, show_figures: false } })).status).toBe(409);
    expect((await call(t, 'POST', '/api/admin/award/2025/publish', { cookie: admin })).status).toBe(409);
  });

  it('unpublishes (audited) and publishes again without mailing twice, keeping its public date and the certificates\' issue date', async () => {
    const before = (await awardMails()).length;
    const publicDate = async () => (await json<{ data: { published_at: string } }>(await call(t, 'GET', '/api/leaderboards/2025'))).data.published_at;
    const issuedOn = async () => {
      const pdf = await call(t, 'GET', '/api/profile/award/2025/certificate?award=class', { cookie: small.cookie });
      expect(pdf.status).toBe(200);
      return /\d{2}\.\d{2}\.\d{4}/.exec(pdfText(new Uint8Array(await pdf.arrayBuffer())))?.[0];
    };
    const firstPublic = await publicDate();
    const firstIssued = await issuedOn();
    expect(firstIssued).toBe(formatDate(firstPublic, 'Europe/Ljubljana'));
    // Days later (another calendar date), the year is taken back and published again.
    clock.advance(3 * 86_400_000);
    const res = await call(t, 'POST', '/api/admin/award/2025/unpublish', { cookie: admin });
    expect(res.status).toBe(200);
    expect((await json<{ data: AwardYearAdmin }>(res)).data.status).toBe('open');
    expect((await call(t, 'GET', '/api/leaderboards/2025')).status).toBe(404);
    expect((await json<{ data: { available_years: number[] } }>(await call(t, 'GET', '/api/leaderboards/available-years'))).data.available_years).not.toContain(2025);
    expect((await call(t, 'POST', '/api/admin/award/2025/unpublish', { cookie: admin })).status).toBe(409);
    expect((await call(t, 'POST', '/api/admin/award/2025/publish', { cookie: admin })).status).toBe(200);
    expect((await awardMails()).length).toBe(before);
    expect((await auditActions()).slice(-2)).toEqual(['award.unpublish', 'award.publish']);
    expect(await publicDate()).toBe(firstPublic);
    expect(await issuedOn()).toBe(firstIssued);
    // The administrator's year shows the latest publication.
    expect((await adminYear()).published_at).toBe(clock().toISOString());
  });

  it('published again with other places, corrects the result mails of the companies whose result changed, once per publication', async () => {
    const republish = async () => {
      clock.advance(60_000);
      expect((await call(t, 'POST', '/api/admin/award/2025/unpublish', { cookie: admin })).status).toBe(200);
      return async () => {
        clock.advance(60_000);
        expect((await call(t, 'POST', '/api/admin/award/2025/publish', { cookie: admin })).status).toBe(200);
      };
    };
    const first = await adminYear();
    const results = (await awardMails()).length;
    expect(await correctionMails()).toEqual([]);

    // Mala Zvezda (1st of the small class) is excluded: Druga Mala moves up to 1st.
    let publish = await republish();
    expect((await call(t, 'POST', `/api/admin/award/2025/exclusions/${String(small.companyId)}`, { cookie: admin, body: { reason: 'Podatki vneseni dvakrat' } })).status).toBe(200);
    await publish();
    const second = await adminYear();
    expect(entryOf(second, small2.companyId)).toMatchObject({ rank: 1, awards: expect.arrayContaining([{ kind: 'class', place: 1 }]) });
    const changed = first.entries.filter((e) => {
      const now = entryOf(second, e.company_id);
      return JSON.stringify([e.eligible, e.rank, e.awards]) !== JSON.stringify([now.eligible, now.rank, now.awards]);
    });
    expect(changed.map((e) => e.company_id)).toEqual(expect.arrayContaining([small.companyId, small2.companyId]));
    let corrections = await correctionMails();
    const to = (c: Company) => corrections.filter((m) => m.to_address === c.email);
    // In each user's language: Slovenian for Mala Zvezda, English for Druga Mala.
    expect(to(small)).toHaveLength(1);
    expect(to(small)[0]!.subject).toBe('Popravek – Najboljši zaposlovalec 2025: rezultat podjetja Mala Zvezda d.o.o.');
    expect(to(small)[0]!.text).toContain('Rezultati nagrade Najboljši zaposlovalec 2025 so bili ponovno objavljeni s spremembami in rezultat podjetja Mala Zvezda d.o.o. ni več tak, kot smo vam ga sporočili prej.');
    expect(to(small)[0]!.text).toContain('Razlog: Podatki vneseni dvakrat');
    expect(to(small2)).toHaveLength(1);
    expect(to(small2)[0]!.locale).toBe('en');
    expect(to(small2)[0]!.subject).toBe('Correction – Best Employer 2025: the result of Druga Mala d.o.o.');
    expect(to(small2)[0]!.text).toContain('This message replaces the earlier one; the result below is the one that counts.');
    expect(to(small2)[0]!.text).toContain('place 1 among small companies (20–50 employees)');
    // Nobody whose result stayed the same hears again; the year's result mails are not sent twice.
    expect(to(lowShare)).toEqual([]);
    expect(to(medium)).toEqual([]);
    const companyOf = new Map((await t.handle.db.all<{ email: string; company_id: number }>('SELECT email, company_id FROM users')).map((u) => [u.email, u.company_id]));
    for (const m of corrections) expect(changed.map((e) => e.company_id)).toContain(companyOf.get(m.to_address));
    expect((await awardMails()).length).toBe(results);
    const audit = await t.handle.db.get<{ details: string }>("SELECT details FROM audit_log WHERE action = 'award.publish' ORDER BY id DESC LIMIT 1");
    expect(JSON.parse(audit!.details)).toMatchObject({ mails: 0, corrections: corrections.length });

    // Published again with the same results: no mail at all.
    publish = await republish();
    await publish();
    expect(await correctionMails()).toHaveLength(corrections.length);

    // Mala Zvezda included again: back to the first places, and each changed company hears it once more.
    publish = await republish();
    expect((await call(t, 'DELETE', `/api/admin/award/2025/exclusions/${String(small.companyId)}`, { cookie: admin })).status).toBe(200);
    await publish();
    const before = corrections.length;
    corrections = await correctionMails();
    expect(corrections.length).toBe(2 * before);
    expect(to(small)).toHaveLength(2);
    expect(to(small)[1]!.text).toContain('1. mesto v razredu malih podjetij (20–50 zaposlenih)');
    expect(to(small2)[1]!.text).toContain('place 2 among small companies (20–50 employees)');
    expect(new Set(corrections.map((m) => m.dedupe_key)).size).toBe(corrections.length);
    expect((await awardMails()).length).toBe(results);
  });

  it('answers 404 for an unpublished year and 422 for a malformed one', async () => {
    expect((await call(t, 'GET', '/api/leaderboards/2019')).status).toBe(404);
    expect((await call(t, 'GET', '/api/leaderboards/abcd')).status).toBe(422);
  });
});
