/**
 * A company question the reporting base leaves out as a group and filter still shows its answers over every respondent
 *: stored at the freeze, merged as a dimension's (no answer given by fewer than k is ever shown with its
 * count), only in the report of every respondent, never under a selected answer or in a group.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../print/pdf-text.js';
import { renderBasicReport } from '../../../../print/templates/report-basic.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import { reportFiguresSchema, reportSettingsSchema, type ExtraResult, type ReportSettingsInput } from '../../../../shared/schemas/report.js';
import { buildReportFigures } from './figures.js';
import { coarsenReportingBase, parseReportingBase, REPORTING_BASE_VERSION, serializeReportingBase, type ReportingBase } from './reporting-base.js';
import { answers, baseFrom, online } from './testing.js';
import { writeReportXlsxV1 } from '../excel/excel-v1.js';
import { buildExcelV2 } from '../excel/excel-v2.js';
import { releasedBreakdowns } from '../released-breakdowns.js';
import { formatPercent } from '../../../../shared/format.js';

const meta = { survey_id: 7, name: 'IZZ 2026', company: 'Demo d.o.o.', employees: 40, start_date: '2026-03-01', end_date: '2026-03-31' };
const TEAM: ExtraQuestion = {
  id: 'team',
  type: 'radio',
  title: { en: 'Which team are you in?', sl: 'V kateri ekipi ste?' },
  description: {},
  answers: [
    { en: 'Red', sl: 'Rdeča' },
    { en: 'Blue', sl: 'Modra' },
    { en: 'Green', sl: 'Zelena' },
  ],
  required: false,
  allow_comments: true,
};
const MOOD: ExtraQuestion = { id: 'mood', type: 'scale', title: { en: 'Mood' }, description: {}, answers: [], scale: { min: 1, max: 5, min_label: {}, max_label: {} }, required: false, allow_comments: false };
const survey = { departments: ['D1', 'D2'], locations: [], extraQuestions: [TEAM], demographicIds: [] };

/** One respondent per [department, team answer index or null, mood or null]. */
const responses = (rows: [string, number | null, number | null][]) =>
  rows.map(([department, team, mood], i) =>
    online(
      answers({
        all: 3,
        department,
        extra: { ...(team === null ? {} : { team: { value: team, comment: `team note ${String(i)}` } }), ...(mood === null ? {} : { mood: { value: mood } }) },
      }),
    ),
  );
const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

/**
 * D1: 10 people, all Red. D2: 10 people: 1 Red, 6 Blue, 3 Green.
 * As a group, Team would be Red (11) and "Other" (Blue, Green: 9): Red minus D1 is one person of D2, so the base
 * leaves Team out ('small-combinations'). Its overall answers: Red 11, Other (Blue, Green) 9.
 */
const rows: [string, number | null, number | null][] = [...times<[string, number, number]>(10, ['D1', 0, 4]), ['D2', 0, 3], ...times<[string, number, number]>(6, ['D2', 1, 3]), ...times<[string, number, number]>(3, ['D2', 2, 3])];
const base = baseFrom(survey, responses(rows));
const report = (b: ReportingBase, s: ReportSettingsInput = {}) => buildReportFigures({ meta, survey, base: b, settings: reportSettingsSchema.parse(s), seed: 'test' });
const team = (extras: readonly ExtraResult[]) => extras.find((e) => e.id === 'team')!;

describe('the overall answers of a question the base leaves out', () => {
  it('are stored at the freeze, merged as a dimension is: no answer below k is ever stored with its count', () => {
    expect(base.version).toBe(REPORTING_BASE_VERSION);
    expect(base.summary.left_out).toContainEqual({ question: 'extra:team', reason: 'small-combinations' });
    expect(base.summary.overall).toEqual([
      {
        question: 'extra:team',
        values: [
          { key: '0', merged: [], n: 11 },
          { key: '~other', merged: ['1', '2'], n: 9 },
        ],
      },
    ]);
    // The base rows keep no answer of the left-out question (only its comment), so no other figure can depend on it.
    for (const r of base.respondents) expect(r.answers.extra.team?.value ?? '').toBe('');
    // Stored and read back as they are.
    expect(parseReportingBase(serializeReportingBase(base)).summary.overall).toEqual(base.summary.overall);
  });

  it('the report of every respondent shows them, in the report language; no comment of the question is listed', () => {
    const f = report(base, { language: 'sl' });
    expect(reportFiguresSchema.parse(f)).toEqual(f);
    expect(team(f.extra_questions)).toEqual({
      type: 'radio',
      id: 'team',
      title: 'V kateri ekipi ste?',
      n: 20,
      suppressed: false,
      comments: [],
      overall_only: true,
      options: [
        { index: 0, label: 'Rdeča', count: 11, pct: 55, other: false, suppressed: false },
        { index: 1, label: 'Modra, Zelena', count: 9, pct: 45, other: true, suppressed: false },
      ],
    });
    expect(team(report(base, { language: 'en' }).extra_questions)).toMatchObject({ options: [{ label: 'Red' }, { label: 'Blue, Green' }] });
  });

  it('a report under a selected answer, and every group of a breakdown, still hide the question whole', () => {
    const filtered = report(base, { filter: { answers: [{ question: 'department', value: 'D2' }] } });
    expect(team(filtered.extra_questions)).toMatchObject({ suppressed: true, n: 0, comments: [] });
    expect(team(filtered.extra_questions).overall_only).toBeUndefined();
    const grouped = report(base, { filter: { group: 'department' } });
    expect(team(grouped.extra_questions)).toMatchObject({ overall_only: true, n: 20 });
    for (const g of grouped.breakdown!.groups) if (!g.suppressed) expect(team(g.extra_questions)).toMatchObject({ suppressed: true, n: 0 });
    // Never a group or a selected answer of its own.
    expect(() => report(base, { filter: { group: 'extra:team' } })).toThrow();
  });

  it('a scale question without merged values shows its distribution and mean', () => {
    // Mood: D1 all 4; D2 one 4 and nine 3: "4" minus D1 is one person, so Mood is left out. Overall: 4 × 11, 3 × 9.
    const withMood = { ...survey, extraQuestions: [MOOD] };
    const b = baseFrom(withMood, responses([...times<[string, null, number]>(10, ['D1', null, 4]), ['D2', null, 4], ...times<[string, null, number]>(9, ['D2', null, 3])]));
    expect(b.summary.left_out).toEqual([{ question: 'extra:mood', reason: 'small-combinations' }]);
    const f = buildReportFigures({ meta, survey: withMood, base: b, settings: reportSettingsSchema.parse({ language: 'en' }), seed: 'test' });
    // (11 × 4 + 9 × 3) / 20 = 3.55
    expect(f.extra_questions[0]).toEqual({ type: 'scale', id: 'mood', title: 'Mood', n: 20, suppressed: false, comments: [], overall_only: true, min: 1, max: 5, mean: 3.55, distribution: [0, 0, 9, 11, 0] });
  });

  it('a question whose answers, merged, leave one value stays hidden whole (nearly everyone answered the same)', () => {
    // Team: 18 Red, 2 Blue -> Blue (2) joins "Other", still below 5, so Red joins too: one value.
    const b = baseFrom(survey, responses([...times<[string, number, number]>(10, ['D1', 0, 3]), ...times<[string, number, number]>(8, ['D2', 0, 3]), ...times<[string, number, number]>(2, ['D2', 1, 3])]));
    expect(b.summary.left_out).toContainEqual({ question: 'extra:team', reason: 'one-group' });
    expect((b.summary.overall ?? []).some((o) => o.question === 'extra:team')).toBe(false);
    expect(team(report(b).extra_questions)).toMatchObject({ suppressed: true, n: 0 });
  });

  it('a base of version 2 (stored before) shows nothing new: its left-out question stays hidden', () => {
    const { overall: _overall, ...summary } = base.summary;
    const v2: ReportingBase = { ...base, version: 2, summary };
    expect(team(report(v2).extra_questions)).toMatchObject({ suppressed: true, n: 0 });
    // Coarsened for a larger minimum, it still computes nothing new.
    expect(coarsenReportingBase(v2, 6).summary.overall).toBeUndefined();
  });

  it('a larger minimum merges the stored values again, never finer, and drops a question left with one value', () => {
    // At 9: Red 11 and Other 9 both stay.
    expect(coarsenReportingBase(base, 9).summary.overall).toEqual(base.summary.overall);
    // At 10: Other (9) is below 10 and nothing else can join it but Red: one value, hidden whole.
    const at10 = coarsenReportingBase(base, 10);
    expect((at10.summary.overall ?? []).some((o) => o.question === 'extra:team')).toBe(false);
    expect(team(report(at10).extra_questions)).toMatchObject({ suppressed: true });
  });

  it('the PDF, Excel v1 and Excel v2 print them the same way, in the report language', async () => {
    for (const language of ['sl', 'en'] as const) {
      const t = textsFor(language, 'reports');
      const f = report(base, { language });
      const [red, other] = language === 'sl' ? ['Rdeča', 'Modra, Zelena'] : ['Red', 'Blue, Green'];
      const pdf = pdfText(await renderBasicReport({ figures: f, generatedOn: '2026-04-02' }), { joinLines: true });
      expect(pdf).toContain(t('labels.overallOnly'));
      expect(pdf).toContain(`${red} ${t('labels.other')}: ${other}`);
      // the shared formatter's way per language ('55,0 %' in Slovenian, '55.0%' in English; the PDF's text has plain spaces)
      expect(pdf).toContain(`${formatPercent(55, language, 1)} ${formatPercent(45, language, 1)} 11 9`.replaceAll("\u00a0", " "));

      const v1 = new ExcelJS.Workbook();
      await v1.xlsx.load((await writeReportXlsxV1({ figures: f, survey, base }))! as unknown as ExcelJS.Buffer);
      const extra = v1.worksheets.find((w) => w.name === SHEET_EXTRA[language])!;
      const rows = extra.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1, 7));
      const title = language === 'sl' ? 'V kateri ekipi ste?' : 'Which team are you in?';
      expect(rows).toContainEqual([title, t('labels.overallOnly'), undefined, undefined, undefined, 20]);
      expect(rows).toContainEqual([undefined, red, 11, 0.55]);

      const released = releasedBreakdowns({ meta, survey, base, seed: 'test' }, reportSettingsSchema.parse({ language }));
      const v2 = new ExcelJS.Workbook();
      await v2.xlsx.load((await buildExcelV2({ whole: f, breakdowns: released.breakdowns, comments: released.comments }))! as unknown as ExcelJS.Buffer);
      const data = v2.worksheets[0]!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1, 9));
      const everyone = t('excel.allRespondents');
      const teamRows = data.filter((r) => r[2] === 'team');
      // All respondents: a row per answer; each department: the question hidden (left out as a group and filter).
      expect(teamRows.filter((r) => r[0] === everyone).map((r) => [r[4], r[5]])).toEqual([
        [red, 11],
        [`${t('labels.other')}: ${other}`, 9],
      ]);
      const inGroups = teamRows.filter((r) => r[0] !== everyone);
      expect(inGroups.length).toBe(2);
      for (const r of inGroups) expect(r[5]).toBe(t('excel.hiddenProtect'));
    }
  });
});

const SHEET_EXTRA = { sl: 'Dodatna vprasanja', en: 'Extra questions' } as const;
