/**
 * The comparative and benchmark reports through the API on a real server with the demo market (the demo company's four
 * yearly surveys, 36 companies 2022–2025, their award years published at the first start): the three variants, their
 * refusals in the user's language, access, the benchmark against the stored market and its withdrawal when the year
 * is unpublished.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwardYearAdmin } from '../../../shared/schemas/award.js';
import type { BenchmarkFigures, ComparativeFigures, ComparativeOptions } from '../../../shared/schemas/comparison.js';
import type { ReportFigures } from '../../../shared/schemas/report.js';
import { adminCookie, call, createCompanyAccount, demoSessionCookie, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { pdfText } from '../../../print/pdf-text.js';
import { roundHalfAwayFromZero } from '../../../shared/rounding.js';
import { FILE_TYPES } from '../../../shared/report-formats.js';

const PDF_TYPE = FILE_TYPES.pdf;
const XLSX_TYPE = FILE_TYPES.xlsx;


let t: TestServer;
let admin: string;
let demo: string;
let surveys: { id: number; year: number }[];
let last: { id: number; year: number };

const get = async <T>(path: string, cookie = demo, headers: Record<string, string> = {}) => {
  const res = await call(t, 'GET', path, { cookie, headers });
  return { status: res.status, body: res.status === 200 ? (await json<{ data: T }>(res)).data : undefined, error: res.status === 200 ? undefined : (await json<ErrorJson>(res)).error };
};
const comparative = (id: number, query: string) => get<ComparativeFigures>(`/api/surveys/${String(id)}/report/comparative?${query}`);

beforeAll(async () => {
  t = await startTestServer({ SEED_DEMO_MARKET: 'true', TIME_ZONE: 'Europe/Ljubljana' });
  admin = await adminCookie(t);
  demo = await demoSessionCookie(t.handle);
  const rows = await t.handle.db.all<{ id: number; finished_at: string }>(
    "SELECT a.id, a.finished_at FROM applications a JOIN users u ON u.company_id = a.company_id WHERE u.email = 'demo@example.com' AND a.type = 'izz' AND a.state = 'finished' ORDER BY a.finished_at",
  );
  surveys = rows.map((r) => ({ id: r.id, year: Number(r.finished_at.slice(0, 4)) }));
  last = surveys[surveys.length - 1]!;
}, 180_000);

afterAll(async () => {
  await t.close();
});

describe('the comparative report', () => {
  it('offers the company’s finished surveys and the question groups to compare', async () => {
    const { status, body } = await get<ComparativeOptions>(`/api/surveys/${String(last.id)}/report/comparative/options`);
    expect(status).toBe(200);
    expect(body!.surveys.map((s) => s.year)).toEqual(surveys.map((s) => s.year));
    expect(surveys.length).toBeGreaterThanOrEqual(4);
    expect(body!.groups).toContain('department');
    expect(body!.groups_over_years.map((g) => g.question)).toContain('department');
  });

  it('all years: every survey oldest first, the last one as its basic report prints it', async () => {
    const { status, body } = await comparative(last.id, 'variant=years&language=sl');
    expect(status).toBe(200);
    expect(body!.columns.map((c) => c.survey_id)).toEqual(surveys.map((s) => s.id));
    expect(body!.columns[0]!.esi.change).toBeNull();
    const basic = (await get<ReportFigures>(`/api/surveys/${String(last.id)}/report?language=sl`)).body!;
    const column = body!.columns.at(-1)!;
    expect(column.esi.value).toBe(basic.esi.score);
    expect(column.enps.value).toBe(basic.enps.score);
    expect(column.categories.map((c) => c.mean.value)).toEqual(basic.categories.map((c) => c.mean));
    expect(column.statements.map((s) => s.favourable.value)).toEqual(basic.statements.map((s) => s.favourable_pct));
    const previous = body!.columns.at(-2)!;
    expect(column.esi.change).toBeCloseTo(column.esi.value! - previous.esi.value!, 5);
  });

  it('by group within a year: the groups of the survey’s reporting base, none below the minimum shown', async () => {
    const { body } = await comparative(last.id, 'variant=groups&group=department&language=en');
    expect(body!.group_title).toBe('Department');
    expect(body!.total!.n).toBeGreaterThan(0);
    expect(body!.columns.length).toBeGreaterThanOrEqual(2);
    for (const c of body!.columns) {
      if (c.hidden) expect(c.esi.value).toBeNull();
      else expect(c.n).toBeGreaterThanOrEqual(body!.min_group_size);
    }
    const shown = body!.columns.filter((c) => !c.hidden);
    expect(shown.reduce((a, c) => a + c.n!, 0)).toBeLessThanOrEqual(body!.total!.n!);
  });

  it('by group over the years: one series per department, a column per survey', async () => {
    const { body } = await comparative(last.id, 'variant=group-years&group=department&language=hr');
    expect(body!.series.length).toBeGreaterThanOrEqual(2);
    for (const s of body!.series) {
      expect(s.columns.map((c) => c.survey_id)).toEqual(surveys.map((x) => x.id));
      for (const c of s.columns) if (c.hidden) expect(c.categories.every((x) => x.mean.value === null)).toBe(true);
    }
  });

  it('refuses what it cannot make, in the user’s language', async () => {
    const other = await createCompanyAccount(t, { company_name: 'Ena Anketa d.o.o.', locale: 'sl' });
    // A company with one finished survey: the demo's last one moved to it would change the demo; use its own row instead.
    const draft = (await t.handle.db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = ?', [last.id]))!.draft;
    const own = Number(
      await t.handle.db.insert(
        `INSERT INTO applications (company_id, type, state, draft, code_batch, created_at, updated_at, submitted_at, approved_at, started_at, finished_at)
         VALUES (?, 'izz', 'finished', ?, 1, '2025-09-01T08:00:00.000Z', '2025-10-20T12:00:00.000Z', '2025-09-02T08:00:00.000Z', '2025-09-03T08:00:00.000Z', '2025-10-01T07:00:00.000Z', '2025-10-20T12:00:00.000Z')`,
        [other.companyId, draft],
      ),
    );
    const sl = await get(`/api/surveys/${String(own)}/report/comparative?variant=years`, other.cookie, { 'Accept-Language': 'sl' });
    expect(sl.status).toBe(409);
    expect(sl.error).toMatchObject({ code: 'group-report-all-years-unavailable', message: 'Skupno poročilo za vsa leta ni na voljo!' });
    const en = await get(`/api/surveys/${String(own)}/report/comparative?variant=group-years&group=department`, other.cookie, { 'Accept-Language': 'en' });
    expect(en.error).toMatchObject({ code: 'group-report-all-years-unavailable', message: 'Generating a group report for all years is not available!' });
    // Another company's survey is not found; a variant or a group that does not exist is a 422 naming it.
    expect((await get(`/api/surveys/${String(last.id)}/report/comparative?variant=years`, other.cookie)).status).toBe(404);
    const variant = await get(`/api/surveys/${String(last.id)}/report/comparative?variant=everything`, demo, { 'Accept-Language': 'de' });
    expect(variant.status).toBe(422);
    expect(variant.error!.details).toEqual([expect.objectContaining({ path: 'variant' })]);
    const group = await get(`/api/surveys/${String(last.id)}/report/comparative?variant=groups&group=extra:nope`);
    expect(group.status).toBe(422);
    expect((await call(t, 'GET', `/api/surveys/${String(last.id)}/report/comparative?variant=years`)).status).toBe(401);
  });

  it('says why a group does not fit: not a question of the survey, not groupable, or not comparable over the years', async () => {
    // The demo survey has a free-text question (demo-r3) and a radio question (demo-r1), both its own.
    const detail = async (query: string, language: string) => {
      const res = await get(`/api/surveys/${String(last.id)}/report/comparative?${query}`, demo, { 'Accept-Language': language });
      expect(res.status).toBe(422);
      return res.error!.details!.map((d) => ({ path: d.path, message: d.message }));
    };
    const notGroupable = {
      en: 'This question is answered with several choices or free text, so it cannot be used as a group or a selected answer: only single-choice and scale questions can.',
      sl: 'Na to vprašanje se odgovarja z več izbirami ali s prostim besedilom, zato ga ni mogoče uporabiti kot skupino ali izbrani odgovor: to je mogoče le pri vprašanjih z enim odgovorom in lestvicah.',
    };
    for (const language of ['en', 'sl'] as const) {
      expect(await detail('variant=groups&group=extra:demo-r3', language)).toEqual([{ path: 'group', message: notGroupable[language] }]);
      expect(await detail('variant=group-years&group=extra:demo-r3', language)).toEqual([{ path: 'group', message: notGroupable[language] }]);
      // The basic report answers the same for the same question.
      const basic = await call(t, 'GET', `/api/surveys/${String(last.id)}/report?group=extra:demo-r3`, { cookie: demo, headers: { 'Accept-Language': language } });
      expect(basic.status).toBe(422);
      expect((await json<ErrorJson>(basic)).error.details).toEqual([expect.objectContaining({ path: 'filter.group', message: notGroupable[language] })]);
    }
    expect(await detail('variant=groups&group=extra:nope', 'en')).toEqual([{ path: 'group', message: 'This question is not in the question bank.' }]);
    // A company question is not followed over the years (its answers are per survey).
    expect(await detail('variant=group-years&group=extra:demo-r1', 'en')).toEqual([
      { path: 'group', message: 'This question cannot be compared over the years: only departments, locations and demographic questions available in at least two of your surveys can.' },
    ]);
    expect(await detail('variant=group-years&group=extra:demo-r1', 'de')).toEqual([
      { path: 'group', message: 'Diese Frage lässt sich nicht über die Jahre vergleichen: Das geht nur bei Abteilungen, Standorten und demografischen Fragen, die in mindestens zwei Ihrer Befragungen verfügbar sind.' },
    ]);
  });

  it('downloads as Excel', async () => {
    const res = await call(t, 'GET', `/api/surveys/${String(last.id)}/report/comparative?variant=years&language=mk&format=xlsx`, { cookie: demo });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(/-comparative-years-mk\.xlsx"$/);
  });

  it('downloads as PDF in the report language', async () => {
    const res = await call(t, 'GET', `/api/surveys/${String(last.id)}/report/comparative?variant=group-years&group=department&language=sl&format=pdf`, { cookie: demo });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(PDF_TYPE);
    const text = pdfText(new Uint8Array(await res.arrayBuffer()), { joinLines: true });
    expect(text).toContain('Primerjalno poročilo');
    expect(text).toContain('Oddelek');
  });
});

/** The benchmark's bands, computed here on their own (the definitions of shared/schemas/comparison.ts). */
function band(n: number, which: 'median' | 'top25' | 'top10'): [number, number] | null {
  if (n < 5) return null;
  if (which === 'median') {
    const m = Math.max(5, Math.floor(n / 5));
    const from = Math.floor((n - m) / 2);
    return [from, from + m];
  }
  const size = Math.floor(which === 'top25' ? n / 4 : n / 10);
  return size >= 5 ? [n - size, n] : null;
}

const adminYear = async (year: number) => (await json<{ data: AwardYearAdmin }>(await call(t, 'GET', `/api/admin/award/${String(year)}`, { cookie: admin }))).data;
const benchmarkOf = (id: number, cookie = demo, query = 'language=en') => get<BenchmarkFigures>(`/api/surveys/${String(id)}/report/benchmark?${query}`, cookie);

describe('the benchmark report', () => {
  it('compares the survey with the market of its published year: every figure the mean of a band of at least five companies', async () => {
    const { status, body } = await benchmarkOf(last.id);
    expect(status).toBe(200);
    expect(body!.version).toBe(2);
    expect(body!.year).toBe(last.year);
    const year = await adminYear(last.year);
    const eligible = year.entries.filter((e) => e.eligible);
    expect(body!.groups[0]).toMatchObject({ kind: 'market', key: 'all', companies: eligible.length, available: true });
    const own = year.entries.find((e) => e.survey_id === last.id)!;
    expect(body!.in_market).toBe(own.eligible);
    const esi = body!.items.find((i) => i.kind === 'esi')!;
    expect(esi.value).toBe(own.esi);
    // The market's ESI, ascending (ties in survey order): each shown figure is its band's mean, half away from zero.
    const sorted = eligible.map((e) => ({ id: e.survey_id, v: e.esi! })).sort((a, b) => a.v - b.v || a.id - b.id);
    const market = esi.markets[0]!;
    expect(market.companies).toBe(sorted.length);
    let shown = 0;
    for (const which of ['median', 'top25', 'top10'] as const) {
      const range = band(sorted.length, which);
      if (!range) expect(market[which]).toBeNull();
      if (!range || market[which] === null) continue;
      const members = sorted.slice(range[0], range[1]).map((e) => e.v);
      expect(members.length).toBeGreaterThanOrEqual(5);
      expect(market[which]).toBe(roundHalfAwayFromZero(members.reduce((a, b) => a + b, 0) / members.length, 1));
      shown++;
    }
    // The demo market (about 25 companies a year): the median band at least (its top quarter is mostly the award's
    // winners, whose ESI band is public: that band may be withheld); every category has a median band and a top 25 %.
    expect(market.median).not.toBeNull();
    expect(shown).toBeGreaterThanOrEqual(1);
    for (const item of body!.items.filter((i) => i.kind === 'category')) expect([item.markets[0]!.median, item.markets[0]!.top25].every((v) => v !== null)).toBe(true);
    // The position: the band of the survey's mid-rank among the market.
    const below = sorted.filter((e) => e.v < own.esi!).length;
    const equal = sorted.filter((e) => e.v === own.esi).length;
    const percentile = (100 * (below + equal / 2)) / sorted.length;
    const expected = percentile >= 90 ? 'top-10' : percentile >= 75 ? 'top-25' : percentile >= 50 ? 'upper-half' : percentile >= 25 ? 'lower-half' : 'bottom-25';
    expect(market.position).toBe(own.eligible ? expected : null);
    // Every group offered has at least five companies besides this one; nothing per company leaves the server.
    for (const g of body!.groups) if (g.available) expect(g.others).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(body)).not.toMatch(/"values"|"percentile"|"survey_ids"/);
  });

  it('a company’s second survey of a year: the other companies leave out its own counted survey', async () => {
    // The demo market has, every year, a company whose second IZZ survey of the year is not counted (its first one is).
    const year = await adminYear(last.year);
    const second = year.entries.find((e) => !e.eligible && e.checks.some((c) => c.rule === 'first_of_year' && !c.passed))!;
    expect(second).toBeDefined();
    const first = year.entries.find((e) => e.company_id === second.company_id && e.eligible)!;
    expect(first).toBeDefined();
    const { status, body } = await benchmarkOf(second.survey_id, admin);
    expect(status).toBe(200);
    expect(body!.in_market).toBe(false);
    const market = body!.groups[0]!;
    expect(market.companies).toBe(year.entries.filter((e) => e.eligible).length);
    // Before: the counted first survey was one of the "other companies" (one too many).
    expect(market.others).toBe(market.companies - 1);
    // The size class and industry are its company's at the publication; no position outside the market.
    for (const item of body!.items) for (const m of item.markets) if (m) expect(m.position).toBeNull();
  });

  it('keeps the groups frozen at the publication when the company changes its profile; a new publication takes the new profile', async () => {
    const before = (await benchmarkOf(last.id)).body!;
    const profile = (await json<{ data: Record<string, unknown> & { employees: Record<string, number> } }>(await call(t, 'GET', '/api/profile', { cookie: demo }))).data;
    const industry = before.industry === 'J' ? 'C' : 'J';
    const update = {
      company_name: profile.company_name,
      country: profile.country,
      industry,
      activity: profile.activity,
      street: profile.street,
      house_number: profile.house_number,
      city: profile.city,
      tax_number: profile.tax_number,
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone,
      size: 'large',
      employees: { ...profile.employees, total: 5000 },
      locale: profile.locale,
    };
    const put = await call(t, 'PUT', '/api/profile', { cookie: demo, body: update });
    expect(put.status).toBe(200);
    // Read again: the same groups and figures — the profile now plays no part.
    const after = (await benchmarkOf(last.id)).body!;
    expect(after.industry).toBe(before.industry);
    expect(after.size_class).toBe(before.size_class);
    expect(after.groups).toEqual(before.groups);
    expect(after.items).toEqual(before.items);
    // Unpublishing and publishing again freezes the profile of that moment: the new industry.
    expect((await call(t, 'POST', `/api/admin/award/${String(last.year)}/unpublish`, { cookie: admin })).status).toBe(200);
    expect((await call(t, 'POST', `/api/admin/award/${String(last.year)}/publish`, { cookie: admin })).status).toBe(200);
    const republished = (await benchmarkOf(last.id)).body!;
    expect(republished.industry).toBe(industry);
    expect(republished.groups[2]).toMatchObject({ kind: 'industry', key: industry });
    // The profile back as it was, published again.
    expect((await call(t, 'PUT', '/api/profile', { cookie: demo, body: { ...update, industry: profile.industry, size: profile.size, employees: profile.employees } })).status).toBe(200);
    expect((await call(t, 'POST', `/api/admin/award/${String(last.year)}/unpublish`, { cookie: admin })).status).toBe(200);
    expect((await call(t, 'POST', `/api/admin/award/${String(last.year)}/publish`, { cookie: admin })).status).toBe(200);
    expect((await benchmarkOf(last.id)).body!.industry).toBe(before.industry);
  });

  it('counts what the winners page shows: a band needs five companies whose figure is not shown, two of them not even as an ESI band', async () => {
    // Two winners agree to show their figures; published again, the market's bands must still each hold five companies
    // whose ESI (eNPS) the winners page does not show, and for ESI two that are no winners (a hiding winner's ESI is
    // shown as a band five points wide).
    expect((await call(t, 'POST', `/api/admin/award/${String(last.year)}/unpublish`, { cookie: admin })).status).toBe(200);
    const open = await adminYear(last.year);
    const winners = open.entries.filter((e) => e.awards.length > 0);
    expect(winners.length).toBeGreaterThanOrEqual(3);
    for (const w of winners.slice(0, 2)) {
      await t.handle.db.run(
        `INSERT INTO award_participants (year, company_id, show_figures, updated_at) VALUES (?, ?, 1, ?)
         ON CONFLICT (year, company_id) DO UPDATE SET show_figures = 1`,
        [last.year, w.company_id, new Date().toISOString()],
      );
    }
    expect((await call(t, 'POST', `/api/admin/award/${String(last.year)}/publish`, { cookie: admin })).status).toBe(200);
    const year = await adminYear(last.year);
    const winnerIds = new Set(year.entries.filter((e) => e.awards.length > 0).map((e) => e.survey_id));
    const showing = new Set(year.entries.filter((e) => e.awards.length > 0 && e.show_figures).map((e) => e.survey_id));
    expect(showing.size).toBe(2);
    const { body } = await benchmarkOf(last.id);
    const eligible = year.entries.filter((e) => e.eligible);
    for (const kind of ['esi', 'enps'] as const) {
      const sorted = eligible.map((e) => ({ id: e.survey_id, v: e[kind]! })).sort((a, b) => a.v - b.v || a.id - b.id);
      const market = body!.items.find((i) => i.kind === kind)!.markets[0]!;
      // The market's median band and top 25 % are disjoint and audited first: each is shown exactly when it holds enough.
      for (const which of ['median', 'top25'] as const) {
        const range = band(sorted.length, which);
        if (!range) continue;
        const members = sorted.slice(range[0], range[1]);
        const unknown = members.filter((e) => !showing.has(e.id)).length;
        const unbounded = kind === 'esi' ? members.filter((e) => !winnerIds.has(e.id)).length : unknown;
        expect(market[which] !== null).toBe(unknown >= 5 && unbounded >= 2);
      }
    }
  });

  it('is unavailable while the year is not published, and back when it is published again', async () => {
    const unpublish = await call(t, 'POST', `/api/admin/award/${String(last.year)}/unpublish`, { cookie: admin });
    expect(unpublish.status).toBe(200);
    const closed = await get(`/api/surveys/${String(last.id)}/report/benchmark`, demo, { 'Accept-Language': 'sl' });
    expect(closed.status).toBe(409);
    expect(closed.error).toMatchObject({ code: 'report-unavailable', message: 'Poročilo trenutno ni na voljo' });
    expect(await t.handle.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM benchmark_members WHERE year = ?', [last.year])).toEqual({ n: 0 });
    expect((await call(t, 'POST', `/api/admin/award/${String(last.year)}/publish`, { cookie: admin })).status).toBe(200);
    const open = await get<BenchmarkFigures>(`/api/surveys/${String(last.id)}/report/benchmark?language=sl`);
    expect(open.status).toBe(200);
    expect(open.body!.language).toBe('sl');
  });

  it('downloads as Excel and PDF; another company cannot see it', async () => {
    const res = await call(t, 'GET', `/api/surveys/${String(last.id)}/report/benchmark?format=xlsx`, { cookie: demo });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    const pdf = await call(t, 'GET', `/api/surveys/${String(last.id)}/report/benchmark?format=pdf&language=mk`, { cookie: demo });
    expect(pdf.headers.get('content-type')).toBe(PDF_TYPE);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()), { joinLines: true });
    expect(text).toContain('Споредба со пазарот');
    expect(text).toContain('Среден појас');
    const other = await createCompanyAccount(t);
    expect((await call(t, 'GET', `/api/surveys/${String(last.id)}/report/benchmark`, { cookie: other.cookie })).status).toBe(404);
  });
});
