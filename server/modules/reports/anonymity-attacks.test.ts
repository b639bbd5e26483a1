/**
 * The anonymity attacks on the demo company's finished survey (296 responses, a 4-person legal
 * department, an 11-person finance department, rare genders and education levels), each as a
 * named regression test through the real API. On the code before the reporting base, each of
 * them rebuilt one employee's (or 2–4 employees') answers. Since the frozen release the base releases every
 * dimension on its own (rare values in "Other") and only the crossings its exact check proves.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupDisplayLabel, reportBaseSummarySchema, reportFiguresSchema, type ReportFigures } from '../../../shared/schemas/report.js';
import { demoSessionCookie, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';

describe('report anonymity: the attacks on the demo survey', () => {
  let t: TestServer;
  let demo: string;
  let id: number;
  const get = (query: string, locale = 'en') => t.fetch(`/api/surveys/${String(id)}/report${query}`, { headers: { Cookie: demo, 'Accept-Language': locale } });
  const figures = async (query: string): Promise<ReportFigures> => {
    const res = await get(query);
    expect(res.status).toBe(200);
    return reportFiguresSchema.parse((await json<{ data: unknown }>(res)).data);
  };
  const refused = async (query: string, locale = 'en') => {
    const res = await get(query, locale);
    expect(res.status).toBe(422);
    return (await json<ErrorJson>(res)).error;
  };

  beforeAll(async () => {
    t = await startTestServer();
    demo = await demoSessionCookie(t.handle);
    id = (await t.handle.db.get<{ id: number }>("SELECT a.id FROM applications a JOIN users u ON u.company_id = a.company_id WHERE u.email = 'demo@example.com' AND a.type = 'izz' AND a.state = 'finished'"))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('complement hiding undone by a filter: the finance department cannot be selected, so total − shown − finance no longer gives the legal department', async () => {
    const byDepartment = await figures('?group=department');
    const keys = byDepartment.breakdown!.groups.map((g) => g.key);
    expect(keys).not.toContain('Pravna služba');
    expect(keys).not.toContain('Finance in kadri');
    expect(byDepartment.breakdown!.groups.find((g) => g.key === '~other')).toMatchObject({ merged: ['Finance in kadri', 'Pravna služba'], suppressed: false });
    for (const g of byDepartment.breakdown!.groups) expect(g.n === 0 || (g.n ?? 0) >= 5).toBe(true);
    // The request of the attack is refused, in the user's language.
    const en = await refused('?answer=' + encodeURIComponent('department:Finance in kadri'));
    expect(en.details?.[0]?.message).toMatch(/merged into 'Other' or left out/);
    const sl = await refused('?answer=' + encodeURIComponent('department:Finance in kadri'), 'sl');
    expect(sl.details?.[0]?.message).toMatch(/združeno v 'Drugo'/);
    // Same for the 2 respondents of gender "other": merged into "Other" with "prefer not to say", never a value of its own.
    await refused('?answer=demographic:gender:other');
    const byGender = await figures('?group=demographic:gender');
    expect(byGender.breakdown!.groups.find((g) => g.key === '~other')).toMatchObject({ merged: ['Other', 'Prefer not to say'], suppressed: false });
    for (const g of byGender.breakdown!.groups) expect(g.n === 0 || (g.n ?? 0) >= 5).toBe(true);
  });

  it('every demographic and both company questions are groups; a crossing the release does not include is hidden whole, so siblings cannot be subtracted', async () => {
    const options = await t.fetch(`/api/surveys/${String(id)}/report/options`, { headers: { Cookie: demo } });
    const base = reportBaseSummarySchema.parse((await json<{ data: { base: unknown } }>(options)).data.base);
    expect(base.dimensions.map((d) => d.question)).toEqual([
      'department',
      'location',
      ...['gender', 'age_group', 'tenure', 'education', 'position_level'].map((q) => `demographic:${q}`),
      'extra:demo-r1',
      'extra:demo-r2',
    ]);
    expect(base.left_out).toEqual([]);
    // Education within departments: not a released crossing, so every group is hidden with that reason (never a small one shown).
    for (const v of ['low', 'middle', 'higher']) {
      const f = await figures(`?group=department&answer=demographic:education:${v}`);
      expect(f.population.suppressed).toBe(false);
      for (const g of f.breakdown!.groups) expect(g.n === 0 || (g.suppressed && g.reason === 'not-released' && g.n === null)).toBe(true);
    }
    // Every group of every breakdown, and every single answer under each released crossing: 0 or at least 5.
    const answers = base.dimensions.flatMap((d) => d.values.filter((v) => v.key !== '').map((v) => `${d.question}:${v.key}`));
    for (const group of ['', ...base.dimensions.map((d) => d.question)]) {
      for (const answer of group === '' || group === 'department' ? ['', ...answers] : ['']) {
        const q = new URLSearchParams();
        if (group) q.append('group', group);
        if (answer) q.append('answer', answer);
        const f = await figures(`?${q.toString()}`);
        expect(f.population.n === null || f.population.n >= 5).toBe(true);
        for (const g of f.breakdown?.groups ?? []) expect(g.n === 0 || g.n === null || g.n >= 5).toBe(true);
      }
    }
  });

  it('Excel v2: repeated downloads are identical, aggregates only, and its department counts are the web report’s', async () => {
    const download = async () => {
      const res = await get('?format=xlsx2&language=en');
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Data', 'Comments']);
      const ws = wb.worksheets[0]!;
      const rows: unknown[][] = [];
      ws.eachRow((r) => rows.push(Array.from({ length: 8 }, (_, c) => r.getCell(c + 1).value ?? null)));
      return rows;
    };
    const first = await download();
    expect(await download()).toEqual(first);
    expect(first[0]).toEqual(['Breakdown', 'Group', 'Question ID', 'Question', 'Answer', 'Count', 'Share', 'Respondents (n)']);
    // Every department group's n and first statement's answers are the web report's.
    const web = await figures('?group=department&language=en');
    const words = { other: 'Other', noAnswer: 'No answer', withheld: 'Withheld for anonymity' };
    for (const g of web.breakdown!.groups) {
      const rows = first.filter((r) => r[0] === 'Department' && r[1] === groupDisplayLabel(g, words));
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r[7]).toBe(g.n);
      // The first statement's answers are the web's distribution.
      const jc01 = g.figures!.statements.find((s) => s.id === 'JC01')!;
      expect(rows.filter((r) => r[2] === 'JC01').map((r) => r[5])).toEqual(jc01.distribution);
    }
    // Every demographic is a breakdown of its own; no row is a respondent (every count is of a released group of at least 5).
    const breakdowns = new Set(first.slice(1).map((r) => r[0]));
    for (const h of ['Gender', 'Age group', 'Education', 'Position level']) expect(breakdowns.has(h)).toBe(true);
    for (const r of first.slice(1)) expect(r[7] === null || typeof r[7] !== 'number' || r[7] === 0 || r[7] >= 5).toBe(true);
  });

  it('comment lists are identical at every request (no random draw per download)', async () => {
    const a = await figures('?group=department');
    const b = await figures('?group=department');
    expect(b.comments.praise_critique).toEqual(a.comments.praise_critique);
    expect(b.breakdown!.groups.map((g) => g.comments)).toEqual(a.breakdown!.groups.map((g) => g.comments));
  });
});
