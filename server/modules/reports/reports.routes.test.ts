import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFiguresSchema, pulsFiguresSchema } from '../../../shared/schemas/report.js';
import { DEMO_RESULTS_RESPONSES } from '../../seed/seed-demo-results.js';
import { adminCookie, createCompanyAccount, demoSessionCookie, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { FILE_TYPES } from '../../../shared/report-formats.js';
import { fileStem, parseAnswerParam } from './reports.routes.js';

import { reportRenderers } from './renderers.js';
import { PULS_BASE_VERSION } from './figures/reporting-base.js';

const PDF_TYPE = FILE_TYPES.pdf;
const XLSX_TYPE = FILE_TYPES.xlsx;

describe('report API', () => {
  let t: TestServer;
  let demo: string;
  let finishedId: number;
  let inProgressId: number;
  let pulsId: number;
  const get = (path: string, cookie?: string, locale?: string) =>
    t.fetch(path, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...(locale ? { 'Accept-Language': locale } : {}) } });

  beforeAll(async () => {
    t = await startTestServer();
    demo = await demoSessionCookie(t.handle);
    const company = (await t.handle.db.get<{ company_id: number }>("SELECT company_id FROM users WHERE email = 'demo@example.com'"))?.company_id;
    const id = async (sql: string) => (await t.handle.db.get<{ id: number }>(sql, [company]))?.id ?? 0;
    finishedId = await id("SELECT id FROM applications WHERE company_id = ? AND type = 'izz' AND state = 'finished'");
    inProgressId = await id("SELECT id FROM applications WHERE company_id = ? AND type = 'izz' AND state <> 'finished' ORDER BY id LIMIT 1");
    pulsId = await id("SELECT id FROM applications WHERE company_id = ? AND type = 'puls' ORDER BY id LIMIT 1");
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the owner the figures of the finished demo survey (figures only, suppressed cells marked)', async () => {
    const res = await get(`/api/surveys/${String(finishedId)}/report`, demo);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const figures = reportFiguresSchema.parse((await json<{ data: unknown }>(res)).data);
    expect(figures.language).toBe('en'); // the request's language (en without one): the survey ran in sl, en and hr
    expect(figures.meta.responses.total).toBe(DEMO_RESULTS_RESPONSES);
    expect(figures.meta.company).toBe('Demo podjetje d.o.o.');
    expect(figures.categories).toHaveLength(9);
    expect(figures.esi.score).not.toBeNull();
    expect(figures.enps.score).not.toBeNull();
    // The 4-person department is never a column of its own: it is inside "Other" with the next smallest.
    expect(figures.heatmap?.columns.some((c) => c.key === 'Pravna služba')).toBe(false);
    const other = figures.heatmap?.columns.find((c) => c.key === '~other');
    expect(other?.merged).toEqual(['Finance in kadri', 'Pravna služba']);
    expect(other?.n).toBeGreaterThanOrEqual(5);
    expect(figures.protection.merged.find((m) => m.question === 'department')?.values).toEqual(['Finance in kadri', 'Pravna služba']);
  });

  it('applies the settings: language, chosen questions, a department group and a location answer', async () => {
    const q = new URLSearchParams([
      ['language', 'mk'],
      ['questions', 'JC01,JC02'],
      ['group', 'department'],
      ['answer', 'location:Ljubljana'],
    ]);
    // (Maribor and Koper are merged into "Other" in the demo survey's base; Ljubljana is released.)
    const res = await get(`/api/surveys/${String(finishedId)}/report?${q.toString()}`, demo);
    expect(res.status).toBe(200);
    const figures = reportFiguresSchema.parse((await json<{ data: unknown }>(res)).data);
    expect(figures.language).toBe('mk');
    expect(figures.filter).toEqual({ group: 'department', answers: [{ question: 'location', value: 'Ljubljana' }] });
    expect(figures.breakdown?.question).toBe('department');
    expect(figures.population.n).toBeLessThan(DEMO_RESULTS_RESPONSES);
  });

  it('opens in the UI language when the survey ran in it, otherwise in the report language of the application', async () => {
    // The demo survey ran in sl, en and hr; its application names no report language (default hr).
    const language = async (path: string, locale: string) => reportFiguresSchema.parse((await json<{ data: unknown }>(await get(path, demo, locale))).data).language;
    const report = `/api/surveys/${String(finishedId)}/report`;
    expect(await language(report, 'en')).toBe('en');
    expect(await language(report, 'sl')).toBe('sl');
    expect(await language(report, 'mk')).toBe('hr');
    expect(await language(report, 'de')).toBe('hr');
    expect(await language(`${report}?language=fr`, 'en')).toBe('fr');
    const options = async (locale: string) =>
      (await json<{ data: { default_language: string } }>(await get(`/api/surveys/${String(finishedId)}/report/options`, demo, locale))).data.default_language;
    expect(await options('en')).toBe('en');
    expect(await options('mk')).toBe('hr');
  });

  it('gives the settings form the survey definition (no responses), with the same access rules', async () => {
    const res = await get(`/api/surveys/${String(finishedId)}/report/options`, demo);
    expect(res.status).toBe(200);
    const { data } = await json<{ data: { type: string; departments: string[]; locations: string[]; extra_questions: { id: string }[] } }>(res);
    expect(data.type).toBe('izz');
    expect(data.departments).toContain('Pravna služba');
    expect(data.locations).toEqual(['Ljubljana', 'Maribor', 'Koper']);
    expect(data.extra_questions.map((q) => q.id)).toEqual(['demo-r1', 'demo-r2', 'demo-r3']);
    expect(JSON.stringify(data)).not.toContain('responses');
    expect((await get(`/api/surveys/${String(inProgressId)}/report/options`, demo)).status).toBe(409);
    expect((await get(`/api/surveys/${String(finishedId)}/report/options`)).status).toBe(401);
  });

  it('lets the administrator read any report', async () => {
    const res = await get(`/api/surveys/${String(finishedId)}/report`, await adminCookie(t));
    expect(res.status).toBe(200);
  });

  it('answers 401 without a session and 404 to another company (same as an unknown id)', async () => {
    expect((await get(`/api/surveys/${String(finishedId)}/report`)).status).toBe(401);
    const other = await createCompanyAccount(t);
    const res = await get(`/api/surveys/${String(finishedId)}/report`, other.cookie);
    expect(res.status).toBe(404);
    expect((await json<ErrorJson>(res)).error.code).toBe('not-found');
    expect((await get(`/api/surveys/${String(finishedId)}/report?format=pdf`, other.cookie)).status).toBe(404);
    expect((await get('/api/surveys/999999/report', demo)).status).toBe(404);
    // An IZZ survey is not a PULS report.
    expect((await get(`/api/surveys/${String(finishedId)}/report/puls`, demo)).status).toBe(404);
  });

  it('answers 409 with the localized message before the survey is finished', async () => {
    const en = await get(`/api/surveys/${String(inProgressId)}/report`, demo, 'en');
    expect(en.status).toBe(409);
    expect((await json<ErrorJson>(en)).error).toMatchObject({ code: 'report-unavailable', message: 'Report currently unavailable' });
    const sl = await get(`/api/surveys/${String(inProgressId)}/report`, demo, 'sl');
    expect((await json<ErrorJson>(sl)).error.message).toBe('Poročilo trenutno ni na voljo');
    const puls = await get(`/api/surveys/${String(pulsId)}/report/puls`, demo, 'hr');
    expect(puls.status).toBe(409);
    expect((await json<ErrorJson>(puls)).error.message).toBe('Izvještaj trenutno nije dostupan');
  });

  it('refuses a second group and a third answer with the filter messages (422, request locale)', async () => {
    const base = `/api/surveys/${String(finishedId)}/report`;
    const groups = await get(`${base}?group=department&group=location`, demo, 'en');
    expect(groups.status).toBe(422);
    expect((await json<ErrorJson>(groups)).error.details?.map((d) => d.message)).toContain('You have already marked one group of questions!');
    const three = new URLSearchParams([
      ['answer', 'location:Ljubljana'],
      ['answer', 'location:Maribor'],
      ['answer', 'department:Razvoj'],
    ]);
    const answers = await get(`${base}?${three.toString()}`, demo, 'en');
    expect(answers.status).toBe(422);
    expect((await json<ErrorJson>(answers)).error.details?.map((d) => d.message)).toContain('You have already marked 2 additional answers!');
    const sl = await get(`${base}?${three.toString()}`, demo, 'sl');
    expect((await json<ErrorJson>(sl)).error.details?.map((d) => d.message)).toContain('Označili ste že 2 dodatna odgovora!');
  });

  it('refuses settings that do not fit the survey (unknown department, free-text group, unknown format)', async () => {
    const base = `/api/surveys/${String(finishedId)}/report`;
    const unknown = await get(`${base}?answer=${encodeURIComponent('department:Nope')}`, demo, 'en');
    expect(unknown.status).toBe(422);
    expect((await json<ErrorJson>(unknown)).error.details?.[0]).toMatchObject({ path: 'filter.answers.0', message: 'This question is not in the question bank.' });
    const text = await get(`${base}?group=extra:demo-r3`, demo, 'en');
    expect(text.status).toBe(422);
    expect((await json<ErrorJson>(text)).error.details?.[0]?.path).toBe('filter.group');
    expect((await get(`${base}?language=xx`, demo)).status).toBe(422);
    expect((await get(`${base}?format=docx`, demo)).status).toBe(422);
  });

  it('answers 500 report-generation-failed in the request locale when a renderer fails', async () => {
    const original = reportRenderers.izz.pdf;
    reportRenderers.izz.pdf = () => {
      throw new Error('renderer exploded');
    };
    try {
      const en = await get(`/api/surveys/${String(finishedId)}/report?format=pdf`, demo, 'en');
      expect(en.status).toBe(500);
      expect(en.headers.get('x-request-id')).toBeTruthy();
      const body = await json<ErrorJson>(en);
      expect(body.error).toEqual({ code: 'report-generation-failed', message: 'Unable to generate report!' });
      expect(JSON.stringify(body)).not.toContain('exploded');
      const hr = await get(`/api/surveys/${String(finishedId)}/report?format=pdf`, demo, 'hr');
      expect((await json<ErrorJson>(hr)).error.message).toBe('Izrada izvještaja nije uspjela!');
    } finally {
      reportRenderers.izz.pdf = original;
    }
  });

  it('serves the files whose renderers exist with their content types and file names', async () => {
    const base = `/api/surveys/${String(finishedId)}/report`;
    const cases = [
      ['pdf', PDF_TYPE, /^zadovoljstvo-zaposlenih-\d{4}-en\.pdf$/],
      ['xlsx1', XLSX_TYPE, /^zadovoljstvo-zaposlenih-\d{4}-en-v1\.xlsx$/],
      ['xlsx2', XLSX_TYPE, /^zadovoljstvo-zaposlenih-\d{4}-en-v2\.xlsx$/],
    ] as const;
    for (const [format, type, name] of cases) {
      const res = await get(`${base}?format=${format}`, demo);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="/);
      expect(disposition.slice(22, -1)).toMatch(name);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(1000);
      expect(bytes.subarray(0, format === 'pdf' ? 4 : 2).toString('latin1')).toBe(format === 'pdf' ? '%PDF' : 'PK');
    }
  });
});

describe('report PULS', () => {
  let t: TestServer;
  let demo: string;
  beforeAll(async () => {
    t = await startTestServer();
    demo = await demoSessionCookie(t.handle);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives each closed round and the trend once the survey is finished', async () => {
    const company = (await t.handle.db.get<{ company_id: number }>("SELECT company_id FROM users WHERE email = 'demo@example.com'"))?.company_id;
    const draft = JSON.stringify({ details: { name: 'Puls 2026', start_date: '2026-01-05', end_date: '2026-01-16', languages: ['sl'] }, questions: ['P01', 'P02'], own_questions: [] });
    const id = Number(
      await t.handle.db.insert("INSERT INTO applications (company_id, type, state, draft, created_at, updated_at, finished_at) VALUES (?, 'puls', 'finished', ?, '2026-01-01', '2026-01-01', '2026-03-01')", [company, draft]),
    );
    for (const n of [1, 2]) {
      await t.handle.db.run("INSERT INTO survey_rounds (survey_id, number, opens_on, closes_on, invitation_at, state) VALUES (?, ?, ?, ?, '2026-01-05T08:00:00Z', 'closed')", [id, n, `2026-0${String(n)}-05`, `2026-0${String(n)}-16`]);
    }
    // Round 1: 6 responses; round 2: 2 responses (below the minimum: only its count is shown).
    const add = async (round: number, grade: number) =>
      await t.handle.db.run("INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, 'online', ?, ?)", [
        `r-${String(round)}-${String(Math.random())}`,
        id,
        JSON.stringify({ language: 'sl', statements: {}, demographics: {}, extra: {}, puls: { P01: grade } }),
        round,
      ]);
    for (let i = 0; i < 6; i++) await add(1, 4);
    for (let i = 0; i < 2; i++) await add(2, 2);
    const res = await t.fetch(`/api/surveys/${String(id)}/report/puls?language=sl`, { headers: { Cookie: demo } });
    expect(res.status).toBe(200);
    const figures = pulsFiguresSchema.parse((await json<{ data: unknown }>(res)).data);
    expect(figures.rounds.map((r) => [r.round, r.responses, r.suppressed])).toEqual([
      [1, 6, false],
      [2, 2, true],
    ]);
    expect(figures.language).toBe('sl');
    expect(figures.trend[0]?.points.map((p) => p.value)).toEqual([4, null]);

    const xlsx = await t.fetch(`/api/surveys/${String(id)}/report/puls?language=sl&format=xlsx`, { headers: { Cookie: demo } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(xlsx.headers.get('content-disposition')).toBe('attachment; filename="puls-2026-sl.xlsx"');
    // The round of 2 gives its count only, in the Excel file too: no question, no per-question count.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const round2 = wb.worksheets.find((w) => w.name === 'Krog 2')!;
    const cells: unknown[] = [];
    round2.eachRow((r, i) => i > 1 && r.eachCell((c) => void cells.push(c.value)));
    expect(cells).not.toContain('P01');
    expect(cells.filter((c) => typeof c === 'number')).toEqual([]);
    const pdf = await t.fetch(`/api/surveys/${String(id)}/report/puls?language=sl&format=pdf`, { headers: { Cookie: demo } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe(PDF_TYPE);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('merges a rare answer of an own question per round; a base stored before that is rebuilt once', async () => {
    const company = (await t.handle.db.get<{ company_id: number }>("SELECT company_id FROM users WHERE email = 'demo@example.com'"))?.company_id;
    const shift = { id: 'shift', type: 'radio', title: { sl: 'Izmena?' }, description: {}, answers: [{ sl: 'Jutranja' }, { sl: 'Popoldanska' }, { sl: 'Nočna' }], required: true, allow_comments: false };
    const draft = JSON.stringify({ details: { name: 'Puls izmene', start_date: '2026-01-05', end_date: '2026-01-16', languages: ['sl'] }, questions: ['P01'], own_questions: [shift] });
    const id = Number(
      await t.handle.db.insert("INSERT INTO applications (company_id, type, state, draft, created_at, updated_at, finished_at) VALUES (?, 'puls', 'finished', ?, '2026-01-01', '2026-01-01', '2026-03-01')", [company, draft]),
    );
    await t.handle.db.run("INSERT INTO survey_rounds (survey_id, number, opens_on, closes_on, invitation_at, state) VALUES (?, 1, '2026-01-05', '2026-01-16', '2026-01-05T08:00:00Z', 'closed')", [id]);
    // Morning 8, afternoon 5, night 1: the one night shift must not be shown on its own.
    const shifts = [...Array<number>(8).fill(0), ...Array<number>(5).fill(1), 2];
    for (const [i, value] of shifts.entries()) {
      await t.handle.db.run("INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, 'online', ?, 1)", [
        `shift-${String(i)}`,
        id,
        JSON.stringify({ language: 'sl', statements: {}, demographics: {}, extra: { shift: { value } }, puls: { P01: 4 } }),
      ]);
    }
    // A base stored before the merge (its key has no PULS version; its rows hold the raw answers).
    const old = { version: 1, minGroupSize: 5, rounds: [{ round: 1, start_date: '2026-01-05', end_date: '2026-01-16', responses: 14, answers: shifts.map((value) => ({ language: 'en', statements: {}, demographics: {}, extra: { shift: { value } }, puls: { P01: 4 } })) }] };
    await t.handle.db.run("INSERT INTO report_bases (survey_id, version, min_group_size, rounds, base) VALUES (?, 1, 5, 'finished:1', ?)", [id, JSON.stringify(old)]);

    const res = await t.fetch(`/api/surveys/${String(id)}/report/puls?language=sl`, { headers: { Cookie: demo } });
    expect(res.status).toBe(200);
    const figures = pulsFiguresSchema.parse((await json<{ data: unknown }>(res)).data);
    const own = figures.rounds[0]!.own_questions[0]!;
    // Night (1) joins "Other", still below 5, so afternoon (5) joins too: morning 8, Other 6.
    expect(own.type === 'radio' && own.options.map((o) => [o.label, o.count, o.other])).toEqual([
      ['Jutranja', 8, false],
      ['Popoldanska, Nočna', 6, true],
    ]);
    const stored = await t.handle.db.get<{ rounds: string; base: string }>('SELECT rounds, base FROM report_bases WHERE survey_id = ?', [id]);
    expect(stored?.rounds).toBe(`puls${String(PULS_BASE_VERSION)}:finished:1`);
    // The rebuilt base holds the released values only: no shift answer as given.
    expect(stored?.base).toContain('"extra:shift":"~other"');
    expect(stored?.base).not.toMatch(/"value":\s*\d/);
  });
});

describe('report query helpers', () => {
  it('splits an answer parameter at the end of its question key', () => {
    expect(parseAnswerParam('department:Pravna služba')).toEqual({ question: 'department', value: 'Pravna služba' });
    expect(parseAnswerParam('demographic:gender:female')).toEqual({ question: 'demographic:gender', value: 'female' });
    expect(parseAnswerParam('extra:demo-r1:0')).toEqual({ question: 'extra:demo-r1', value: '0' });
    expect(parseAnswerParam('location:a:b')).toEqual({ question: 'location', value: 'a:b' });
    expect(parseAnswerParam('nonsense')).toEqual({ question: 'nonsense', value: 'nonsense' });
  });
  it('makes ASCII file names', () => {
    expect(fileStem('Zadovoljstvo zaposlenih 2025', 'x')).toBe('zadovoljstvo-zaposlenih-2025');
    expect(fileStem('Đački čćšž Anketa', 'x')).toBe('dacki-ccsz-anketa');
    expect(fileStem('Анкета', 'report-1')).toBe('report-1');
  });
});
