/**
 * One label source: the web report (shared/i18n/<locale>/reports.json, which the PWA reads), the PDF and
 * both Excel layouts name participation and the breakdown with the same words.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALE_DIR } from '../../../shared/i18n/node.js';
import { reportSettingsSchema } from '../../../shared/schemas/report.js';
import { pdfText } from '../../../print/pdf-text.js';
import { renderBasicReport } from '../../../print/templates/report-basic.js';
import { writeReportXlsxV1 } from './excel/excel-v1.js';
import { buildExcelV2 } from './excel/excel-v2.js';
import { toAscii } from './excel/excel.js';
import { baseFrom, figuresFrom, generateSurvey } from './figures/testing.js';
import { releasedBreakdowns } from './released-breakdowns.js';

/** The web report's labels as the PWA reads them: the locale file through i18next. */
function webLabels(language: 'sl' | 'en') {
  const resources = JSON.parse(fs.readFileSync(path.join(LOCALE_DIR, language, 'reports.json'), 'utf8')) as Record<string, unknown>;
  const i18n = createInstance();
  void i18n.init({ lng: language, resources: { [language]: { reports: resources } }, initAsync: false, interpolation: { escapeValue: false } });
  const t = i18n.getFixedT(language, 'reports');
  return { occupancy: t('labels.occupancy'), group: t('labels.groups.gender'), breakdown: t('labels.breakdown', { group: t('labels.groups.gender') }) };
}

async function workbook(buffer: Buffer | undefined): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return wb;
}

describe('report labels', { timeout: 60_000 }, () => {
  for (const language of ['sl', 'en'] as const) {
    it(`${language}: participation and the breakdown title read the same in the web report, the PDF and both Excel files`, async () => {
      const web = webLabels(language);
      if (language === 'sl') expect(web).toMatchObject({ occupancy: 'Odzivnost', breakdown: 'Po skupinah: Spol' });
      else expect(web).toMatchObject({ occupancy: 'Response rate', breakdown: 'By group: Gender' });

      // Every respondent's gender kept (all answers in two large groups), so gender is a dimension of the base.
      const g = generateSurvey(120, 3);
      g.responses.forEach((r, i) => {
        r.answers.demographics = { ...r.answers.demographics, gender: i % 2 === 0 ? 'female' : 'male' };
      });
      const base = baseFrom(g.survey, g.responses);
      expect(base.summary.dimensions.map((d) => d.question)).toContain('demographic:gender');
      const figures = figuresFrom({ meta: g.meta, survey: g.survey, responses: g.responses, settings: reportSettingsSchema.parse({ language, filter: { group: 'demographic:gender' } }), minGroupSize: 5 });
      expect(figures.breakdown?.question).toBe('demographic:gender');

      const text = pdfText(await renderBasicReport({ figures, generatedOn: '2026-04-02' }), { joinLines: true });
      expect(text).toContain(web.occupancy);
      expect(text).toContain(web.breakdown);

      const v1 = await workbook(await writeReportXlsxV1({ figures, survey: g.survey, base }));
      const summaryLabels: unknown[] = [];
      v1.getWorksheet(1)!.eachRow((r) => summaryLabels.push(r.getCell(1).value));
      expect(summaryLabels).toContain(web.occupancy);
      expect(v1.worksheets.map((w) => w.name)).toContain(toAscii(web.group));

      // Version 2 names the breakdown in its Breakdown column.
      const released = releasedBreakdowns({ meta: g.meta, survey: g.survey, base, seed: 'test' }, reportSettingsSchema.parse({ language }));
      const v2 = await workbook(await buildExcelV2({ whole: figures, breakdowns: released.breakdowns, comments: released.comments }));
      expect(v2.getWorksheet(1)!.getColumn(1).values).toContain(web.group);
    });
  }
});
