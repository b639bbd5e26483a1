import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../shared/question-banks/index.js';
import { reportSettingsSchema, type ReportFigures, type ReportSettingsInput } from '../../shared/schemas/report.js';
import { figuresFrom, generateSurvey } from '../../server/reports/testing.js';
import { pdfText as readPdfText } from '../pdf-text.js';
import { REPORT_TEXTS } from '../report-texts.js';
import { renderBasicReport } from './report-basic.js';

const dir = mkdtempSync(path.join(tmpdir(), 'izz-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function save(bytes: Uint8Array): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** The PDF's text with runs of white space made single spaces (wrapped lines join up again). */
const pdfText = (bytes: Uint8Array) => readPdfText(bytes, { joinLines: true });

/**
 * 300 generated responses; three of them moved to 'Legal', so that department is below the
 * minimum of 5 and its heatmap column must be shown as hidden.
 */
function figures(settings: ReportSettingsInput, company = 'Tovarna Čevljev Žiri d.o.o.'): ReportFigures {
  const g = generateSurvey(300, 7);
  for (const r of g.responses) if (r.answers.department === 'Legal') r.answers.department = 'IT';
  for (const i of [3, 10, 20]) g.responses[i]!.answers.department = 'Legal';
  return figuresFrom({ meta: { ...g.meta, company }, survey: g.survey, responses: g.responses, settings: reportSettingsSchema.parse(settings), minGroupSize: 5 });
}

const withCaron = (lang: 'sl') => STATEMENTS.find((s) => /[čšž]/.test(s.text[lang]) && /[Čč]/.test(s.text[lang]))!;

// Rendering is well under a second warm, but CI machines can be busy: generous time limits.
describe('renderBasicReport', { timeout: 60_000 }, () => {
  let sl: ReportFigures;
  let bytes: Uint8Array;
  beforeAll(async () => {
    sl = figures({ language: 'sl', filter: { group: 'demographic:age_group' } });
    bytes = await renderBasicReport({ figures: sl, generatedOn: '2026-04-02' });
  }, 60_000);

  it('has a cover, a contents page and numbered pages "x / n"', async () => {
    const doc = await PDFDocument.load(bytes);
    const pages = doc.getPageCount();
    // The fixture is seeded, so the layout is fixed: cover, contents, participation + ESI, eNPS,
    // categories, top/bottom, chosen questions, all statements, breakdown, heatmap, additional
    // questions and comments.
    expect(pages).toBe(20);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = pdfText(bytes);
    expect(text).toMatch(new RegExp(`${pages} ?/ ?${pages}`));
    expect(text).toMatch(new RegExp(`2 ?/ ?${pages}`));
    expect(text).toContain(REPORT_TEXTS.sl.contents);
    expect(doc.getTitle()).toContain(REPORT_TEXTS.sl.basicTitle);
  });

  it('prints the company, a Slovenian statement with č/š/ž and every section, selectable as text', () => {
    const text = pdfText(bytes);
    expect(text).toContain('Tovarna Čevljev Žiri d.o.o.');
    expect(text).toContain(withCaron('sl').text.sl);
    const t = REPORT_TEXTS.sl;
    for (const title of [t.participation, t.esi, t.enps, t.categories, t.topBottom, t.chosen, t.statements, t.heatmap, t.extra, t.comments]) expect(text).toContain(title);
    expect(text).toContain('Rezultati po skupinah: Starostna skupina');
    expect(text).toContain('01.03.2026 – 31.03.2026');
    expect(text).toContain('02.04.2026');
    // Every statement is printed (grouped by category).
    for (const s of STATEMENTS.slice(0, 74)) expect(text).toContain(s.text.sl);
  });

  it('marks the hidden department in the heatmap with the hidden text, never drops it', () => {
    const legal = sl.heatmap!.columns.find((c) => c.key === 'Legal')!;
    expect(legal.suppressed).toBe(true);
    const text = pdfText(bytes);
    expect(text).toContain('Legal');
    expect(text).toContain('⊘');
    expect(text).toContain('skrito: manj kot 5 odgovorov');
  });

  it('marks a hidden breakdown group', async () => {
    const f = figures({ language: 'sl', filter: { group: 'department' } });
    expect(f.breakdown!.groups.some((g) => g.suppressed)).toBe(true);
    const text = pdfText(await renderBasicReport({ figures: f, generatedOn: new Date('2026-04-02T08:00:00Z') }));
    expect(text).toContain('Rezultati po skupinah: Oddelek');
    expect(text).toContain('skrito: manj kot 5 odgovorov');
  });

  it('prints Macedonian statements in Cyrillic', async () => {
    const f = figures({ language: 'mk' }, 'Фабрика ДООЕЛ Скопје');
    const out = await renderBasicReport({ figures: f, generatedOn: '2026-04-02' });
    const text = pdfText(out);
    expect(text).toContain('Фабрика ДООЕЛ Скопје');
    expect(text).toContain(STATEMENTS[0]!.text.mk);
    expect(text).toContain(REPORT_TEXTS.mk.heatmap);
    expect(text).toContain('скриено: помалку од 5 одговори');
  });

  it('shows only the hidden marker when the whole population is below the minimum', async () => {
    const g = generateSurvey(4, 1);
    const f = figuresFrom({ meta: g.meta, survey: g.survey, responses: g.responses, settings: reportSettingsSchema.parse({ language: 'en' }), minGroupSize: 5 });
    const text = pdfText(await renderBasicReport({ figures: f, generatedOn: '2026-04-02' }));
    expect(text).toContain('hidden: fewer than 5 responses');
    expect(text).not.toContain('Comment 0');
  });

  it('puts the logo on the cover, and still renders with a broken one', async () => {
    const png = new PNG({ width: 40, height: 20 });
    png.data.fill(120);
    const logo = { bytes: new Uint8Array(PNG.sync.write(png)), type: 'png' as const };
    const withLogo = await PDFDocument.load(await renderBasicReport({ figures: sl, logo, generatedOn: '2026-04-02' }));
    expect(withLogo.getPageCount()).toBe(20);
    const broken = await renderBasicReport({ figures: sl, logo: { bytes: new Uint8Array([1, 2, 3]), type: 'jpg' }, generatedOn: '2026-04-02' });
    expect((await PDFDocument.load(broken)).getPageCount()).toBe(20);
  });

  it('rasterises (cover, a chart page, the heatmap) without errors', () => {
    const out = path.join(dir, 'page');
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '4', save(bytes), out]);
    expect(readdirSync(dir).filter((f) => f.startsWith('page')).length).toBe(4);
  });
});
