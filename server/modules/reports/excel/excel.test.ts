import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../../shared/question-banks/index.js';
import { reportSettingsSchema } from '../../../../shared/schemas/report.js';
import { buildAnonymisedMatrix } from './anonymised-matrix.js';
import { SheetNames, toAscii } from './excel.js';
import { writePulsXlsx } from './excel-puls.js';
import { writeReportXlsxV1 } from './excel-v1.js';
import { writeReportXlsxV2 } from './excel-v2.js';
import type { ReportResponse } from '../figures/figures.js';
import { analyseFilter } from '../figures/filters.js';
import { groupFigures } from '../figures/statistics.js';
import { answers, baseFrom, figuresFrom, generateSurvey, online, pulsFiguresFrom } from '../figures/testing.js';

async function load(buffer: Buffer | undefined): Promise<ExcelJS.Workbook> {
  expect(buffer).toBeInstanceOf(Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return wb;
}

const rowValues = (ws: ExcelJS.Worksheet, r: number): unknown[] => (ws.getRow(r).values as unknown[]).slice(1);

/** A generated survey plus a department of 3 people with their own, rare demographics. */
function surveyWithTinyDepartment(count: number, seed: number) {
  const g = generateSurvey(count, seed);
  g.survey.departments.push('Board office');
  g.responses.forEach((r, i) => {
    if (r.answers.department === 'Legal') r.answers.department = 'Finance';
    if (i < 3) {
      r.answers.department = 'Board office';
      r.answers.demographics = { gender: 'other', age_group: '56_plus', tenure: 'over_10', education: 'special', position_level: 'senior_management' };
    }
  });
  return g;
}

function figuresOf(g: ReturnType<typeof generateSurvey>, language: 'sl' | 'mk' | 'en' = 'sl') {
  return figuresFrom({ meta: g.meta, survey: g.survey, responses: g.responses, settings: reportSettingsSchema.parse({ language }), minGroupSize: 5 });
}

describe('sheet names', () => {
  it('are ASCII, at most 31 characters, without forbidden characters and unique', () => {
    expect(toAscii('Dodatna vprašanja')).toBe('Dodatna vprasanja');
    expect(toAscii('Резиме')).toBe('Rezime');
    expect(toAscii('Đakovo Übersicht straße')).toBe('Djakovo Ubersicht strasse');
    const names = new SheetNames();
    expect(names.name('Do you work shifts? [yes/no]')).toBe('Do you work shifts yes no');
    const long = 'A very long extra question title that goes on';
    const first = names.name(long);
    const second = names.name(long);
    expect(first.length).toBeLessThanOrEqual(31);
    expect(second.length).toBeLessThanOrEqual(31);
    expect(second).not.toBe(first);
    expect(second.endsWith('(2)')).toBe(true);
  });
});

describe('Excel version 1 (aggregated)', () => {
  it('has the localized sheets, styled frozen headers and the statistics module figures', async () => {
    const g = surveyWithTinyDepartment(300, 4);
    const figures = figuresOf(g);
    const base = baseFrom(g.survey, g.responses);
    const wb = await load(await writeReportXlsxV1({ figures, survey: g.survey, base }));
    // One sheet per dimension of the reporting base (department and location first); no sheet for a question it leaves out.
    const titles: Record<string, string> = { department: 'Oddelek', location: 'Lokacija', 'demographic:gender': 'Spol', 'demographic:age_group': 'Starostna skupina', 'demographic:tenure': 'Delovna doba v podjetju', 'demographic:education': 'Izobrazba', 'demographic:position_level': 'Raven delovnega mesta', 'extra:shift': 'Do you work shifts', 'extra:commute': 'How easy is your commute' };
    const dims = base.summary.dimensions.map((d) => d.question);
    expect(dims.slice(0, 2)).toEqual(['department', 'location']);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Povzetek', 'Kategorije', 'Trditve', ...dims.map((q) => titles[q]), 'Dodatna vprasanja', 'Komentarji']);

    const cats = wb.getWorksheet('Kategorije')!;
    expect(rowValues(cats, 1)).toEqual(['Kategorija', 'Povprečje', 'Ugodni', 'n']);
    expect(cats.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(cats.getRow(1).getCell(1).font?.bold).toBe(true);
    const first = figures.categories[0]!;
    expect(cats.getCell('A2').value).toBe(CATEGORIES[0]!.title.sl);
    expect(cats.getCell('B2').value).toBe(first.mean);
    expect(cats.getCell('B2').numFmt).toBe('0.00');
    expect(cats.getCell('C2').value as number).toBeCloseTo(first.favourable_pct! / 100, 10);
    expect(cats.getCell('C2').numFmt).toBe('0.0%');

    const stmts = wb.getWorksheet('Trditve')!;
    expect(rowValues(stmts, 1)).toEqual(['ID', 'Kategorija', 'Trditev', 'Povprečje', 'Ugodni', '1', '2', '3', '4', 'n']);
    const s = figures.statements[5]!;
    const row = stmts.getRow(7);
    expect(row.getCell(1).value).toBe(s.id);
    expect(row.getCell(4).value).toBe(s.mean);
    expect(row.getCell(5).value as number).toBeCloseTo(s.favourable_pct! / 100, 10);
    expect([6, 7, 8, 9].map((c) => row.getCell(c).value)).toEqual(s.distribution);
    expect(row.getCell(10).value).toBe(s.n);

    const summary = wb.getWorksheet('Povzetek')!;
    const summaryValues = new Map<unknown, unknown>();
    summary.eachRow((r) => summaryValues.set(r.getCell(1).value, r.getCell(2).value));
    expect(summaryValues.get('Odgovori')).toBe(300);
    expect(summaryValues.get('ESI')).toBe(figures.esi.score);
    expect(summaryValues.get('eNPS')).toBe(figures.enps.score);
    expect(summaryValues.get('Napaka (95 %), ± o.t.')).toBe(figures.meta.margin_of_error.p95);
    // What the reporting base did, as the v2 Columns sheet lists it: merged values, left-out questions, withheld respondents.
    expect(figures.protection).toMatchObject({ withheld: 5, merged: [{ question: 'department', values: ['IT', 'Board office'] }, { question: 'location' }] });
    const protection: unknown[] = [];
    summary.eachRow((r) => r.getCell(1).value === 'Kako je zaščitena anonimnost' && protection.push(r.getCell(2).value));
    expect(protection).toEqual([
      'Oddelek: IT, Board office → Drugo',
      'Lokacija: Split, Osijek → Drugo',
      ...['Spol', 'Starostna skupina', 'Delovna doba v podjetju', 'Izobrazba', 'Raven delovnega mesta', 'How easy is your commute?'].map((q) => `${q}: ni na voljo kot skupina ali filter (z ostalimi vprašanji bi tvorilo premajhne skupine)`),
      'Zadržano zaradi anonimnosti: n = 5',
    ]);

    // Department sheet: figures from groupFigures over the base; the 3-person department is merged into "Other".
    const filter = analyseFilter(base.respondents, [], 5);
    const groups = groupFigures(base.respondents, { question: 'department', base: base.summary, survey: g.survey, filter, minGroupSize: 5, language: 'sl', seed: 'test', comments: false });
    const dept = wb.getWorksheet('Oddelek')!;
    const byLabel = new Map<unknown, ExcelJS.Row>();
    dept.eachRow((r, i) => i > 1 && byLabel.set(r.getCell(1).value, r));
    const production = groups.find((x) => x.key === 'Production')!;
    expect(byLabel.get('Production')!.getCell(2).value).toBe(production.n);
    expect(byLabel.get('Production')!.getCell(5).value).toBe(production.figures!.categories[0]!.mean);
    expect(byLabel.has('Board office')).toBe(false);
    const other = groups.find((x) => x.key === '~other')!;
    expect(other.merged).toContain('Board office');
    expect(byLabel.get(`Drugo: ${other.merged.map((m) => m ?? 'Brez odgovora').join(', ')}`)!.getCell(2).value).toBe(other.n);
    // The withheld respondents are one group of their own, named as such (not the hidden-figure marker).
    expect(byLabel.get('Zadržano zaradi anonimnosti')!.getCell(2).value).toBe(5);
    expect(dept.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });

    // A question the base leaves out is hidden for protection, not for too few answers.
    const extra = wb.getWorksheet('Dodatna vprasanja')!;
    const commute = extra.getRows(2, extra.rowCount - 1)!.find((r) => r.getCell(1).value === 'How easy is your commute?')!;
    expect(commute.getCell(6).value).toBe('skrito (zaščita anonimnosti)');

    const comments = wb.getWorksheet('Komentarji')!;
    expect(comments.rowCount - 1).toBeGreaterThanOrEqual(figures.comments.praise_critique.length);
  });

  it('writes the answers the base merges as "Other: …", also as a selected answer', async () => {
    const team = { id: 'team', type: 'radio' as const, title: { en: 'Which team are you in?', sl: 'V kateri ekipi ste?' }, description: {}, answers: [{ en: 'Alpha' }, { en: 'Beta' }, { en: 'Gamma' }], required: true, allow_comments: false };
    // 20 Alpha, 17 Beta, 3 Gamma: Gamma is too rare, and Beta joins it until "Other" reaches the minimum.
    const responses = Array.from({ length: 40 }, (_, i) => answers({ all: ((i % 4) + 1) as 1 | 2 | 3 | 4, enps: i % 11, extra: { team: { value: i < 20 ? 0 : i < 37 ? 1 : 2 } } }));
    const survey = { departments: [], locations: [], extraQuestions: [team], demographicIds: [] };
    const meta = generateSurvey(1).meta;
    const settings = reportSettingsSchema.parse({ language: 'sl', filter: { answers: [{ question: 'extra:team', value: '~other' }] } });
    const figures = figuresFrom({ meta, survey, responses, settings, minGroupSize: 5 });
    expect(figures.protection.merged).toEqual([{ question: 'extra:team', values: ['Beta', 'Gamma'] }]);
    const wb = await load(await writeReportXlsxV1({ figures, survey, base: baseFrom(survey, responses) }));

    const extra = wb.getWorksheet('Dodatna vprasanja')!;
    const answersOf = extra.getRows(2, extra.rowCount - 1)!.map((r) => [r.getCell(2).value, r.getCell(3).value]);
    expect(answersOf).toContainEqual(['Alpha', 0]);
    expect(answersOf).toContainEqual(['Drugo: Beta, Gamma', 20]);

    const summary = wb.getWorksheet('Povzetek')!;
    const values = new Map<unknown, unknown>();
    summary.eachRow((r) => values.set(r.getCell(1).value, r.getCell(2).value));
    expect(values.get('Filter')).toBe('V kateri ekipi ste? = Drugo: Beta, Gamma');
    expect(values.get('Filter: n')).toBe(20);
    expect(values.get('Kako je zaščitena anonimnost')).toBe('V kateri ekipi ste?: Beta, Gamma → Drugo');
    // The group sheet names the merged group the same way.
    const sheet = wb.getWorksheet('V kateri ekipi ste')!;
    expect(sheet.getColumn(1).values).toContain('Drugo: Beta, Gamma');
  });

  it('names sheets in ASCII in Macedonian and writes to a stream', async () => {
    const g = generateSurvey(60, 9);
    const figures = figuresOf(g, 'mk');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const result = await writeReportXlsxV1({ figures, survey: g.survey }, out);
    expect(result).toBeUndefined();
    const wb = await load(Buffer.concat(chunks));
    const names = wb.worksheets.map((w) => w.name);
    expect(names.slice(0, 3)).toEqual(['Rezime', 'Kategorii', 'Tvrdenja']);
    for (const n of names) expect(n).toMatch(/^[\x20-\x7e]{1,31}$/);
    // Without responses only the department sheet (from the heatmap) is possible.
    expect(names).toContain('Oddel');
    expect(names).not.toContain('Pol');
  });
});

/** Quasi-identifier columns of the matrix sheet, by header. */
const QUASI_HEADERS = ['Oddelek', 'Lokacija', 'Spol', 'Starostna skupina', 'Delovna doba v podjetju', 'Izobrazba', 'Raven delovnega mesta'];

function combinations(ws: ExcelJS.Worksheet): Map<string, number> {
  const header = rowValues(ws, 1);
  const cols = header.map((h, i) => (QUASI_HEADERS.includes(String(h)) ? i + 1 : -1)).filter((i) => i > 0);
  const counts = new Map<string, number>();
  ws.eachRow((r, i) => {
    if (i === 1) return;
    const key = cols.map((c) => String(r.getCell(c).value ?? '')).join('|');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return counts;
}

describe('Excel version 2 (anonymised response matrix)', () => {
  it('has one row per response, no identifying columns, and no quasi-identifier combination below the minimum', async () => {
    const g = surveyWithTinyDepartment(400, 11);
    const base = baseFrom(g.survey, g.responses);
    const wb = await load(await writeReportXlsxV2({ survey: g.survey, base, language: 'sl', seed: 'test' }));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Odgovori', 'Prosto besedilo', 'Stolpci']);
    const ws = wb.getWorksheet('Odgovori')!;
    expect(ws.rowCount).toBe(401);
    const header = rowValues(ws, 1).map(String);
    expect(header.slice(0, 3)).toEqual(['JC01', 'JC02', 'JC03']);
    expect(header).toContain('eNPS (0-10)');
    expect(header).toContain('ESI 3 (1-10)');
    expect(header).toContain('Which benefits do you use?: Gym');
    for (const h of header) expect(h.toLowerCase()).not.toMatch(/^(id|date|datum|channel|kanal|language|jezik)$/);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const counts = combinations(ws);
    for (const [, n] of counts) expect(n).toBeGreaterThanOrEqual(5);
    let board = 0;
    ws.eachRow((r) => r.eachCell((c) => void (c.value === 'Board office' && (board += 1))));
    expect(board).toBe(0);
    // The withheld respondents' groupable columns name why they are empty.
    expect(base.summary.withheld).toBe(8);
    const deptCol = header.indexOf('Oddelek') + 1;
    let withheld = 0;
    ws.eachRow((r, i) => i > 1 && r.getCell(deptCol).value === 'Zadržano zaradi anonimnosti' && (withheld += 1));
    expect(withheld).toBe(8);
    const legend = wb.getWorksheet('Stolpci')!;
    const protection: unknown[] = [];
    legend.eachRow((r) => r.getCell(1).value === 'Kako je zaščitena anonimnost' && protection.push(r.getCell(2).value));
    expect(protection).toContain('Zadržano zaradi anonimnosti: n = 8');
    expect(protection).toContain('Spol: ni na voljo kot skupina ali filter (z ostalimi vprašanji bi tvorilo premajhne skupine)');

    // Checkbox answers are 0/1 columns; rows are not in the stored order.
    const gym = header.indexOf('Which benefits do you use?: Gym') + 1;
    ws.eachRow((r, i) => i > 1 && expect([0, 1]).toContain(r.getCell(gym).value));
    const jc01 = Array.from({ length: 400 }, (_, i) => ws.getRow(i + 2).getCell(1).value);
    expect(jc01).not.toEqual(g.responses.map((r) => r.answers.statements.JC01));

    const free = wb.getWorksheet('Prosto besedilo')!;
    expect(rowValues(free, 1)).toEqual(['Vprašanje', 'Besedilo']);
    expect(free.columnCount).toBe(2);
    const texts: string[] = [];
    free.eachRow((r, i) => i > 1 && texts.push(String(r.getCell(2).value)));
    const praise = g.responses.map((r) => r.answers.praise_critique).filter((x): x is string => !!x);
    for (const p of praise) expect(texts).toContain(p);
    free.eachRow((r, i) => i > 1 && expect(typeof r.getCell(1).value).toBe('string'));
    const praiseOrder = texts.filter((x) => praise.includes(x));
    expect(praiseOrder).not.toEqual(praise);
  });

  it('keeps k-anonymity for small, fully unique surveys and any minimum from 3', () => {
    const responses: ReportResponse[] = Array.from({ length: 23 }, (_, i) =>
      online(
        answers({
          all: ((i % 4) + 1) as 1 | 2 | 3 | 4,
          department: `Dept ${i}`,
          location: i % 2 ? 'A' : 'B',
          demographics: { gender: i % 3 ? 'male' : 'female', age_group: ['up_to_25', '26_35', '36_45', '46_55', '56_plus'][i % 5]! },
        }),
      ),
    );
    const survey = { departments: responses.map((_, i) => `Dept ${i}`), locations: ['A', 'B'], extraQuestions: [], demographicIds: ['gender', 'age_group'] };
    for (const min of [3, 5, 7, 1]) {
      const m = buildAnonymisedMatrix({ survey, base: baseFrom(survey, responses, min), language: 'en', seed: 'test' });
      const k = Math.max(3, min);
      expect(m.minGroupSize).toBe(k);
      expect(m.rows).toHaveLength(23);
      const qi = m.columns.map((c, i) => (c.kind === 'quasi' ? i : -1)).filter((i) => i >= 0);
      const counts = new Map<string, number>();
      for (const r of m.rows) {
        const key = qi.map((i) => String(r[i])).join('|');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      for (const n of counts.values()) expect(n).toBeGreaterThanOrEqual(k);
    }
  });

  it('gives no rows and no text for a population below the minimum', () => {
    const responses = Array.from({ length: 4 }, () => online(answers({ all: 3, praise: 'hello' })));
    const survey = { departments: [], locations: [], extraQuestions: [], demographicIds: [] };
    const m = buildAnonymisedMatrix({ survey, base: baseFrom(survey, responses, 5), language: 'en', seed: 'test' });
    expect(m.rows).toEqual([]);
    expect(m.texts).toEqual([]);
  });
});

describe('PULS Excel', () => {
  it('has a sheet per round, the trend and the figures of buildPulsFigures', async () => {
    const round = (n: number, base: number) =>
      Array.from({ length: n }, (_, i) => answers({ puls: { P01: ((i + base) % 5) + 1, P34: (i * 3 + base) % 11, P35: `Note ${base}-${i}` } }));
    const figures = pulsFiguresFrom({
      meta: { survey_id: 2, name: 'PULS 2026', company: 'Demo d.o.o.', employees: 40, start_date: '2026-01-01', end_date: null },
      questionIds: ['P01', 'P34', 'P35'],
      ownQuestions: [],
      rounds: [
        { round: 1, responses: round(20, 0) },
        { round: 2, responses: round(3, 1) },
        { round: 3, responses: round(25, 2) },
      ],
      language: 'hr',
      minGroupSize: 5,
    });
    const wb = await load(await writePulsXlsx({ figures }));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Sazetak', 'Krug 1', 'Krug 2', 'Krug 3', 'Trend', 'Komentari']);
    const r1 = wb.getWorksheet('Krug 1')!;
    const p01 = figures.rounds[0]!.questions.find((q) => q.id === 'P01');
    expect(p01?.kind).toBe('scale5');
    expect(r1.getCell('A2').value).toBe('P01');
    expect(r1.getCell('C2').value).toBe(p01?.kind === 'scale5' ? p01.mean : undefined);
    // Round 2 (3 responses) carries no questions: its sheet is the hidden marker alone, its trend point is hidden.
    expect(figures.rounds[1]).toMatchObject({ responses: 3, suppressed: true, questions: [], own_questions: [] });
    const r2 = wb.getWorksheet('Krug 2')!;
    expect(r2.rowCount).toBe(2);
    expect(r2.getCell('A2').value).toBeNull();
    expect(r2.getCell('J2').value).toBe('skriveno (manje od 5)');
    const summary = wb.getWorksheet('Sazetak')!;
    expect([summary.getCell('A3').value, summary.getCell('C3').value]).toEqual(['Krug 2', 3]);
    const trend = wb.getWorksheet('Trend')!;
    expect(rowValues(trend, 1)).toEqual(['ID', 'Pitanje', 'Vrsta', 'Krug 1', 'Krug 2', 'Krug 3', 'Promjena']);
    expect(trend.getCell('D2').value).toBe(figures.trend[0]!.points[0]!.value);
    expect(trend.getCell('E2').value).toBe('skriveno (manje od 5)');
    expect(trend.getCell('G2').value).toBe(figures.trend[0]!.change);
    const comments = wb.getWorksheet('Komentari')!;
    expect(comments.rowCount).toBe(1 + 20 + 25);
  });

  it('lists every planned round in the Summary with its status: ended early on a day, did not run', async () => {
    const figures = pulsFiguresFrom({
      meta: { survey_id: 2, name: 'PULS 2026', company: 'Demo d.o.o.', employees: 40, start_date: '2026-01-01', end_date: null },
      questionIds: ['P01'],
      ownQuestions: [],
      rounds: [
        { round: 1, start_date: '2026-01-05', end_date: '2026-01-11', responses: Array.from({ length: 6 }, () => answers({ puls: { P01: 4 } })) },
        { round: 2, start_date: '2026-02-05', end_date: '2026-02-07', responses: Array.from({ length: 2 }, () => answers({ puls: { P01: 4 } })) },
      ],
      schedule: [
        { round: 1, start_date: '2026-01-05', end_date: '2026-01-11', outcome: 'ran', ended_on: null },
        { round: 2, start_date: '2026-02-05', end_date: '2026-02-11', outcome: 'ended-early', ended_on: '2026-02-07' },
        { round: 3, start_date: '2026-03-05', end_date: '2026-03-11', outcome: 'not-run', ended_on: null },
      ],
      language: 'en',
      minGroupSize: 5,
    });
    const wb = await load(await writePulsXlsx({ figures }));
    const summary = wb.getWorksheet('Summary')!;
    expect(rowValues(summary, 1).slice(0, 7)).toEqual(['Round', 'Survey period', 'Responses', 'Response rate', 'Margin of error (90%), ± pp', 'Margin of error (95%), ± pp', 'Status']);
    expect([2, 3, 4].map((r) => [summary.getCell(r, 1).value, summary.getCell(r, 2).value, summary.getCell(r, 3).value, summary.getCell(r, 7).value, summary.getCell(r, 8).value])).toEqual([
      ['Round 1', '05.01.2026 – 11.01.2026', 6, 'Ran', null],
      ['Round 2', '05.02.2026 – 07.02.2026', 2, 'Ended early on 07.02.2026', 'hidden (fewer than 5)'],
      ['Round 3', '05.03.2026 – 11.03.2026', null, 'Did not run: the survey was closed before this round', null],
    ]);
    // Only the rounds that ran have a sheet.
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Round 1', 'Round 2', 'Trend', 'Comments']);
  });
});
