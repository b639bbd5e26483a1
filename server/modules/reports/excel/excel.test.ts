import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../../shared/question-banks/index.js';
import { groupDisplayLabel, reportSettingsSchema, type ExtraResult, type FigureSet, type ReportSettingsInput } from '../../../../shared/schemas/report.js';
import { dimensionHeader, hiddenMarker, SheetNames, toAscii } from './excel.js';
import { writePulsXlsx } from './excel-puls.js';
import { focusAreaLabel, pulsFollowUp } from '../../../../shared/focus-follow-up.js';
import { localizedText } from '../../../../shared/i18n/localized-text.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { pulsQuestionById } from '../../../../shared/question-banks/index.js';
import { writeReportXlsxV1 } from './excel-v1.js';
import { buildExcelV2 } from './excel-v2.js';
import { buildReportFigures, type ReportResponse, type ReportSurvey } from '../figures/figures.js';
import { analyseFilter } from '../figures/filters.js';
import { groupFigures } from '../figures/statistics.js';
import { answers, baseFrom, figuresFrom, generateSurvey, online, pulsFiguresFrom } from '../figures/testing.js';
import { releasedBreakdowns } from '../released-breakdowns.js';

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
    // What the reporting base did: the tiny department merged into "Other"; every other dimension released on its own, nobody withheld.
    expect(figures.protection).toEqual({ merged: [{ question: 'department', values: ['IT', 'Board office'] }], left_out: [], withheld: 0 });
    const protection: unknown[] = [];
    summary.eachRow((r) => r.getCell(1).value === 'Kako je zaščitena anonimnost' && protection.push(r.getCell(2).value));
    expect(protection).toEqual(['Oddelek: IT, Board office → Drugo']);

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
    // Nobody is withheld (version 2 of the base): no such group.
    expect(byLabel.has('Zadržano zaradi anonimnosti')).toBe(false);
    expect(dept.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });

    // The company's scale question is released on its own now: its answers are counted (no protection marker).
    const extra = wb.getWorksheet('Dodatna vprasanja')!;
    const commute = extra.getRows(2, extra.rowCount - 1)!.find((r) => r.getCell(1).value === 'How easy is your commute?')!;
    expect(commute.getCell(6).value).toBe(300);

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

/** Excel v2 as the route writes it: the report's figures and every released breakdown's, under the same settings. */
async function v2Of(input: { survey: ReportSurvey; responses: readonly ReportResponse[]; settings?: ReportSettingsInput; min?: number; meta?: ReturnType<typeof generateSurvey>['meta'] }) {
  const base = baseFrom(input.survey, input.responses, input.min ?? 5);
  const settings = reportSettingsSchema.parse(input.settings ?? { language: 'sl' });
  const source = { meta: input.meta ?? generateSurvey(1).meta, survey: input.survey, base, seed: 'test' };
  const whole = buildReportFigures({ ...source, settings });
  const released = releasedBreakdowns(source, settings);
  const wb = await load(await buildExcelV2({ whole, breakdowns: released.breakdowns, comments: released.comments }));
  return { base, whole, released, wb, source, settings };
}

/** A sheet's rows below the header, every cell read (null where empty). */
function sheetRows(ws: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  // exceljs computes columnCount over every row: read it once, not per row.
  const columns = ws.columnCount;
  ws.eachRow((r, i) => {
    if (i > 1) out.push(Array.from({ length: columns }, (_, c) => r.getCell(c + 1).value ?? null));
  });
  return out;
}

const BREAKDOWN = 0;
const GROUP = 1;
const QID = 2;
const ANSWER = 4;
const COUNT = 5;
const SHARE = 6;
const N = 7;

// Each workbook is written and read back with exceljs (a few seconds on a busy machine): generous time limits.
describe('Excel version 2 (pivot-ready long table of aggregates)', { timeout: 120_000 }, () => {
  it('names its sheets and columns in the report language (sl, en)', async () => {
    const g = generateSurvey(60, 5);
    const sl = await v2Of({ survey: g.survey, responses: g.responses });
    expect(sl.wb.worksheets.map((w) => w.name)).toEqual(['Podatki', 'Komentarji']);
    expect(rowValues(sl.wb.getWorksheet('Podatki')!, 1)).toEqual(['Razčlenitev', 'Skupina', 'ID vprašanja', 'Vprašanje', 'Odgovor', 'Število', 'Delež', 'Anketiranci (n)']);
    expect(rowValues(sl.wb.getWorksheet('Komentarji')!, 1)).toEqual(['Razčlenitev', 'Skupina', 'Vprašanje', 'Besedilo']);
    const en = await v2Of({ survey: g.survey, responses: g.responses, settings: { language: 'en' } });
    expect(en.wb.worksheets.map((w) => w.name)).toEqual(['Data', 'Comments']);
    const data = en.wb.getWorksheet('Data')!;
    expect(rowValues(data, 1)).toEqual(['Breakdown', 'Group', 'Question ID', 'Question', 'Answer', 'Count', 'Share', 'Respondents (n)']);
    expect(rowValues(en.wb.getWorksheet('Comments')!, 1)).toEqual(['Breakdown', 'Group', 'Question', 'Text']);
    expect(data.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // The first rows: everyone, the first statement, its four answers worded as the scale.
    expect(sheetRows(data).slice(0, 4).map((r) => [r[BREAKDOWN], r[GROUP], r[QID], r[ANSWER]])).toEqual([
      ['All respondents', 'All respondents', 'JC01', '1 – Completely disagree'],
      ['All respondents', 'All respondents', 'JC01', '2 – Mostly disagree'],
      ['All respondents', 'All respondents', 'JC01', '3 – Mostly agree'],
      ['All respondents', 'All respondents', 'JC01', '4 – Completely agree'],
    ]);
    expect(data.getRow(2).getCell(7).numFmt).toBe('0.0%');
  });

  it('holds the web report’s counts for everyone and every group of every released breakdown, shares = count / answers, in content order', async () => {
    const g = surveyWithTinyDepartment(300, 4);
    const { base, whole, wb, source, settings } = await v2Of({ survey: g.survey, responses: g.responses, settings: { language: 'en' } });
    const dims = base.summary.dimensions.map((d) => d.question);
    expect(dims.length).toBeGreaterThanOrEqual(2);
    const rows = sheetRows(wb.getWorksheet('Data')!);
    const at = new Map<string, unknown[]>();
    for (const r of rows) at.set([r[BREAKDOWN], r[GROUP], r[QID], r[ANSWER]].join('|'), r);
    const check = (breakdown: string, group: string, n: number, set: FigureSet, extras: readonly ExtraResult[]) => {
      for (const s of set.statements)
        s.distribution.forEach((count, i) => {
          const r = at.get([breakdown, group, s.id, `${String(i + 1)} – ${['Completely disagree', 'Mostly disagree', 'Mostly agree', 'Completely agree'][i]!}`].join('|'))!;
          expect(r[COUNT]).toBe(count);
          expect(r[SHARE] as number).toBeCloseTo(Math.round((1000 * count) / s.n) / 1000, 10);
          expect(r[N]).toBe(n);
        });
      set.enps.distribution.forEach((count, grade) => expect(at.get([breakdown, group, 'enps_grade', grade].join('|'))![COUNT]).toBe(count));
      for (const q of set.esi_questions) q.distribution!.forEach((count, i) => expect(at.get([breakdown, group, q.id, i + 1].join('|'))![COUNT]).toBe(count));
      for (const q of extras) {
        if (q.type === 'text250' || q.type === 'text1000') continue;
        if (q.suppressed) {
          // Hidden (left out of the base, or fewer than 5 answered it in the group): one row with the marker, no answers.
          const leftOut = whole.protection.left_out.some((l) => l.question === `extra:${q.id}`);
          expect(at.get([breakdown, group, q.id, ''].join('|'))![COUNT]).toBe(q.reason === 'not-released' ? 'hidden (not released for this survey)' : leftOut ? 'hidden (anonymity protection)' : 'hidden (fewer than 5)');
          continue;
        }
        if (q.type === 'checkbox' || q.type === 'radio')
          for (const o of q.options) {
            const r = at.get([breakdown, group, q.id, o.other ? `Other: ${o.label}` : o.label].join('|'))!;
            if (o.suppressed) expect(r[COUNT]).toBe('hidden (fewer than 5)');
            else {
              expect(r[COUNT]).toBe(o.count);
              // The web's share, as the fraction Excel formats.
              expect(r[SHARE] as number).toBeCloseTo(o.pct! / 100, 10);
            }
          }
        if (q.type === 'scale') q.distribution.forEach((count, i) => expect(at.get([breakdown, group, q.id, q.min + i].join('|'))![COUNT]).toBe(count));
      }
    };
    check('All respondents', 'All respondents', whole.population.n!, whole, whole.extra_questions);
    let groups = 0;
    for (const question of dims) {
      // The web report's JSON for this group (the service's izzFigures), built on its own.
      const web = buildReportFigures({ ...source, settings: { ...settings, filter: { ...settings.filter, group: question } } });
      for (const grp of web.breakdown!.groups) {
        const label = groupDisplayLabel(grp, { other: 'Other', noAnswer: 'No answer', withheld: 'Withheld for anonymity' });
        check(dimensionHeader(question, g.survey, 'en'), label, grp.n!, grp.figures!, grp.extra_questions);
        groups += 1;
      }
    }
    // Every row belongs to everyone or one of those groups; breakdowns in the base's order, each group's rows together.
    const populations = [...new Set(rows.map((r) => `${String(r[BREAKDOWN])}|${String(r[GROUP])}`))];
    expect(populations).toHaveLength(1 + groups);
    expect(populations[0]).toBe('All respondents|All respondents');
    expect(populations.slice(1, 3).map((p) => p.split('|')[0])).toEqual(['Department', 'Department']);
    // The checkbox's options are there, and the free-text question is not (it is in Comments).
    expect(rows.some((r) => r[QID] === 'perks')).toBe(true);
    expect(rows.some((r) => r[QID] === 'idea')).toBe(false);
    // Repeated downloads are identical.
    const again = await v2Of({ survey: g.survey, responses: g.responses, settings: { language: 'en' } });
    expect(sheetRows(again.wb.getWorksheet('Data')!)).toEqual(rows);
  });

  it('has no row per respondent: a unique checkbox holder is hidden, and the rows do not grow with the respondents', async () => {
    const perks = { id: 'perks', type: 'checkbox' as const, title: { en: 'Which benefits do you use?' }, description: {}, answers: [{ en: 'Meals' }, { en: 'Crèche' }], required: false, allow_comments: false };
    const survey = { departments: ['A', 'B'], locations: [], extraQuestions: [perks], demographicIds: [] };
    // 30 respondents in two departments of 15, everyone eats, one of them also uses the crèche.
    const people = (copies: number) =>
      Array.from({ length: 30 * copies }, (_, i) =>
        online(answers({ all: (((i % 30) % 4) + 1) as 1 | 2 | 3 | 4, enps: (i % 30) % 11, esi: [((i % 30) % 10) + 1, 5, 5], department: i % 2 ? 'A' : 'B', extra: { perks: { value: i % 30 === 7 ? [0, 1] : [0] } } })),
      );
    const thirty = await v2Of({ survey, responses: people(1), settings: { language: 'en' } });
    const rows = sheetRows(thirty.wb.getWorksheet('Data')!);
    const creche = rows.filter((r) => r[QID] === 'perks' && r[ANSWER] === 'Crèche');
    // Everyone, department A, department B: hidden everywhere, never a count of 1.
    expect(creche.map((r) => [r[GROUP], r[COUNT], r[SHARE]])).toEqual([
      ['All respondents', 'hidden (fewer than 5)', null],
      ['A', 'hidden (fewer than 5)', null],
      ['B', 'hidden (fewer than 5)', null],
    ]);
    expect(rows.some((r) => r[COUNT] === 1 && r[QID] === 'perks')).toBe(false);
    // Twice the respondents with the same answers: the same rows, twice the counts (the crèche now 2, still hidden).
    const sixty = await v2Of({ survey, responses: people(2), settings: { language: 'en' } });
    const rows60 = sheetRows(sixty.wb.getWorksheet('Data')!);
    expect(rows60.length).toBe(rows.length);
    expect(rows60.map((r) => r.slice(0, 5))).toEqual(rows.map((r) => r.slice(0, 5)));
    rows.forEach((r, i) => typeof r[COUNT] === 'number' && expect(rows60[i]![COUNT]).toBe(2 * r[COUNT]));
    // Rows = populations × (74 statements × 4 + 11 eNPS grades + 3 × 10 ESI answers + 2 options).
    expect(rows.length).toBe(3 * (74 * 4 + 11 + 30 + 2));
  });

  it('lists comments for the whole survey and under ONE dimension: department when released', async () => {
    const g = generateSurvey(300, 6);
    const { base, released, wb } = await v2Of({ survey: g.survey, responses: g.responses, settings: { language: 'en' } });
    expect(base.summary.dimensions.map((d) => d.question).slice(0, 2)).toEqual(['department', 'location']);
    expect(released.comments?.breakdown?.question).toBe('department');
    const rows = sheetRows(wb.getWorksheet('Comments')!);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['All respondents', 'Department']));
    const praise = g.responses.map((r) => r.answers.praise_critique).filter((x): x is string => !!x);
    const texts = (breakdown: string, question: string) => rows.filter((r) => r[0] === breakdown && r[2] === question).map((r) => r[3] as string);
    // Each praise once for everyone and once under its department group; in content order (as the figures release it).
    expect(texts('All respondents', 'Praise and criticism').sort()).toEqual([...praise].sort());
    expect(texts('Department', 'Praise and criticism').sort()).toEqual([...praise].sort());
    expect(texts('All respondents', 'Praise and criticism')).not.toEqual(praise);
    // The text question's answers, for everyone and per department.
    const ideas = g.responses.filter((r) => r.answers.extra.idea).length;
    expect(ideas).toBeGreaterThan(0);
    expect(texts('All respondents', 'One idea for us')).toHaveLength(ideas);
    expect(texts('Department', 'One idea for us')).toHaveLength(ideas);
    // Every department's list is its members' texts: the lists of the groups add up to everyone's.
    const byQuestion = (breakdown: string) => rows.filter((r) => r[0] === breakdown).map((r) => `${String(r[2])}|${String(r[3])}`).sort();
    expect(byQuestion('Department')).toEqual(byQuestion('All respondents'));
  });

  it('lists comments under the first released dimension when there is no department', async () => {
    const g = generateSurvey(200, 8);
    const survey = { ...g.survey, departments: [] };
    for (const r of g.responses) delete r.answers.department;
    const { base, wb } = await v2Of({ survey, responses: g.responses, settings: { language: 'en' } });
    expect(base.summary.dimensions[0]?.question).toBe('location');
    const rows = sheetRows(wb.getWorksheet('Comments')!);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['All respondents', 'Location']));
  });

  it('writes a hidden group as one marked row without answers or comments, an empty group as n = 0, and a survey below the minimum as one row', async () => {
    const g = generateSurvey(300, 6);
    const { whole, released } = await v2Of({ survey: g.survey, responses: g.responses, settings: { language: 'en', filter: { answers: [{ question: 'location', value: 'Zagreb' }] } } });
    // The groups are the released values under the report's selected answer: every location but Zagreb is empty here.
    const byLocation = released.breakdowns.find((f) => f.breakdown?.question === 'location')!;
    const empty = byLocation.breakdown!.groups.filter((x) => x.key !== 'Zagreb');
    expect(empty.length).toBeGreaterThan(0);
    for (const x of empty) expect(x.n).toBe(0);
    // The second line of protection hides a group (forced here): one row, no answers, no comments.
    const department = released.comments!;
    const hiddenGroup = department.breakdown!.groups[0]!;
    const forced = { ...department, breakdown: { ...department.breakdown!, groups: department.breakdown!.groups.map((x, i) => (i === 0 ? { ...x, n: null, suppressed: true, reason: 'complementary' as const, figures: null, comments: [], extra_questions: [] } : x)) } };
    const wb = await load(await buildExcelV2({ whole, breakdowns: released.breakdowns.map((f) => (f === department ? forced : f)), comments: forced }));
    const rows = sheetRows(wb.getWorksheet('Data')!);
    expect(rows.filter((r) => r[GROUP] === hiddenGroup.label && r[BREAKDOWN] === 'Department')).toEqual([['Department', hiddenGroup.label, null, null, null, 'hidden (anonymity protection)', null, 'hidden (anonymity protection)']]);
    expect(rows.filter((r) => r[BREAKDOWN] === 'Location' && r[N] === 0)).toHaveLength(empty.length);
    expect(rows.filter((r) => r[BREAKDOWN] === 'Location' && r[N] === 0 && r[COUNT] === null && r[QID] === null)).toHaveLength(empty.length);
    // The report's population is named by its selected answer.
    expect(rows[0]!.slice(0, 2)).toEqual(['All respondents', 'Location = Zagreb']);
    const comments = sheetRows(wb.getWorksheet('Comments')!);
    expect(comments.some((r) => r[1] === hiddenGroup.label)).toBe(false);

    const few = await v2Of({ survey: g.survey, responses: g.responses.slice(0, 4), settings: { language: 'en' } });
    expect(sheetRows(few.wb.getWorksheet('Data')!)).toEqual([['All respondents', 'All respondents', null, null, null, 'hidden (fewer than 5)', null, 'hidden (fewer than 5)']]);
    expect(sheetRows(few.wb.getWorksheet('Comments')!)).toEqual([]);
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

  it('a survey made from a focus area shows its follow-up under the Summary: the area, the IZZ survey and the change of its questions (en, hr)', async () => {
    for (const language of ['en', 'hr'] as const) {
      const figures = pulsFiguresFrom({
        meta: { survey_id: 2, name: 'PULS 2026', company: 'Demo d.o.o.', employees: 40, start_date: '2026-01-01', end_date: null },
        questionIds: ['P01', 'P02'],
        ownQuestions: [],
        rounds: [
          { round: 1, start_date: '2026-01-05', end_date: '2026-01-11', responses: Array.from({ length: 6 }, () => answers({ puls: { P01: 2, P02: 3 } })) },
          { round: 2, start_date: '2026-02-05', end_date: '2026-02-11', responses: Array.from({ length: 6 }, () => answers({ puls: { P01: 4, P02: 3 } })) },
        ],
        language,
        minGroupSize: 5,
      });
      const followUp = pulsFollowUp({ survey_id: 9, survey_name: 'IZZ 2025', kind: 'category', item_id: 'direct_manager', questions: ['P01'] }, figures);
      const summary = (await load(await writePulsXlsx({ figures, followUp }))).worksheets[0]!;
      const rows = Array.from({ length: summary.rowCount }, (_, i) => rowValues(summary, i + 1));
      const w = (key: string, vars: Record<string, string> = {}) => textsFor(language, 'reports')(key, vars);
      const title = rows.findIndex((r) => r[0] === w('focusFollowUp.title'));
      expect(title).toBeGreaterThan(0);
      expect(rows[title + 1]?.[0]).toBe(w('focusFollowUp.text', { area: focusAreaLabel('category', 'direct_manager', language), survey: 'IZZ 2025' }));
      // Only the area's question, with its change from the first to the last round (2 -> 4).
      expect(rows.slice(title + 2)).toEqual([[localizedText(pulsQuestionById('P01')?.text, language), 2]]);
      // Without a focus area the Summary has no such rows.
      const plain = (await load(await writePulsXlsx({ figures, followUp: null }))).worksheets[0]!;
      expect(Array.from({ length: plain.rowCount }, (_, i) => rowValues(plain, i + 1)[0])).not.toContain(w('focusFollowUp.title'));
    }
  });
});

describe('the hidden marker says why (sl, en)', () => {
  it('fewer than the minimum, anonymity protection, or a combination the release does not include', () => {
    expect(hiddenMarker('en', 5, 'below-minimum')).toBe('hidden (fewer than 5)');
    expect(hiddenMarker('en', 5, 'complementary')).toBe('hidden (anonymity protection)');
    expect(hiddenMarker('en', 5, 'not-released')).toBe('hidden (not released for this survey)');
    expect(hiddenMarker('sl', 5, 'not-released')).toBe('skrito (za to anketo ni objavljeno)');
  });
});
