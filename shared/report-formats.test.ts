import { describe, expect, it } from 'vitest';
import { FILE_TYPES, REPORT_FILE_FORMATS, REPORT_KINDS, reportFileFormat, reportFileFormats, reportFileName } from './report-formats.js';
import { UI_LOCALES } from './locales.js';
import { textsFor } from './i18n/node.js';

describe('report file formats', () => {
  it('lists each report\'s formats in download order', () => {
    expect(reportFileFormats('izz')).toEqual(['pdf', 'xlsx1', 'xlsx2']);
    expect(reportFileFormats('puls')).toEqual(['pdf', 'xlsx']);
    expect(reportFileFormats('benchmark')).toEqual(['pdf', 'xlsx']);
  });

  it('names files from the stem and the format, and knows no format a report lacks', () => {
    const xlsx1 = reportFileFormat('izz', 'xlsx1');
    expect(xlsx1 && reportFileName('survey-2025-en', xlsx1)).toBe('survey-2025-en-v1.xlsx');
    expect(reportFileFormat('puls', 'xlsx1')).toBeUndefined();
    expect(reportFileFormat('izz', 'toString')).toBeUndefined();
  });

  it('has a content type and a download label for every format', () => {
    for (const kind of REPORT_KINDS) {
      for (const format of Object.values(REPORT_FILE_FORMATS[kind])) {
        expect(FILE_TYPES[format.extension]).toBeTruthy();
        for (const locale of UI_LOCALES) {
          const t = textsFor(locale, 'reports');
          expect(t(`downloads.${format.labelKey}`)).not.toBe(`downloads.${format.labelKey}`);
        }
      }
    }
  });
});
