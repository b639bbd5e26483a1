import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, STATEMENTS } from '../../shared/question-banks/index.js';
import { textsFor } from '../../shared/i18n/node.js';
import { sampleComparativeGroups, sampleComparativeGroupYears, sampleComparativeYears } from '../../shared/schemas/comparison-samples.js';
import type { ComparativeFigures } from '../../shared/schemas/comparison.js';
import { layoutProblems, pdfText as readPdfText, pdfWords } from '../pdf-text.js';
import { A4, M } from './report-common.js';
import { renderComparativeReport } from './report-comparative.js';
import { focusAreaLabel, focusHistoryCards } from '../../shared/focus-follow-up.js';
import { formatNumber } from '../../shared/format.js';

/** The PDF's text with runs of white space made single spaces (wrapped lines join up again). */
const pdfText = (bytes: Uint8Array) => readPdfText(bytes, { joinLines: true });
const render = (figures: ComparativeFigures) => renderComparativeReport({ figures, generatedOn: '2026-04-02' });
const TEXT_AREA = { left: M.left, right: A4.width - M.right };

const dir = mkdtempSync(path.join(tmpdir(), 'izz-comparative-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('renderComparativeReport', { timeout: 60_000 }, () => {
  const sl = textsFor('sl', 'reports');
  const mk = textsFor('mk', 'reports');
  let years: Uint8Array;
  let groups: Uint8Array;
  let groupYears: Uint8Array;
  beforeAll(async () => {
    [years, groups, groupYears] = await Promise.all([render(sampleComparativeYears('sl')), render(sampleComparativeGroups('sl')), render(sampleComparativeGroupYears('sl'))]);
  }, 60_000);

  it("'years': the surveys side by side with their changes, ▲ on a significant rise, the trend and every statement", async () => {
    const f = sampleComparativeYears('sl');
    const doc = await PDFDocument.load(years);
    const pages = doc.getPageCount();
    const text = pdfText(years);
    expect(doc.getTitle()).toContain(sl('comparative.title'));
    for (const title of [sl('comparative.title'), sl('pdf.contents'), sl('comparative.variants.years'), sl('comparative.trend'), sl('labels.sections.statements')]) expect(text).toContain(title);
    expect(text).toMatch(new RegExp(`${pages} ?/ ?${pages}`));
    expect(text).toContain('Demo d.o.o.');
    expect(text).toContain('2022 – 2025');
    expect(text).toContain(sl('comparative.legend'));
    expect(text).toContain(sl('comparative.legendCategoryN'));
    // Oldest first, each survey named under its year.
    expect(text).toMatch(/2022 2023 2024 2025 Zadovoljstvo zaposlenih 2022/);
    // 2024 rose significantly (ESI +6,0 ▲, decimal comma); 2025's dip is not marked.
    expect(f.columns[2]!.esi).toMatchObject({ change: 6, significant: true });
    expect(text).toContain('+6,0 ▲');
    expect(text).toContain(`${String(f.columns[3]!.esi.value).replace('.', ',')}`);
    expect(text).toContain('−0,9');
    expect(text).not.toMatch(/−0,9 [▲▼]/);
    // Response rate, categories and every statement.
    expect(text).toContain(`${sl('labels.occupancy')} 52,0 %`);
    for (const c of CATEGORIES) expect(text).toContain(c.title.sl);
    for (const s of STATEMENTS.slice(0, 74)) expect(text).toContain(s.text.sl);
  });

  it("'groups': the whole survey first, each group named as the base releases it, the difference with ▲/▼, a hidden group with its reason", () => {
    const text = pdfText(groups);
    expect(text).toContain(sl('labels.breakdown', { group: 'Oddelek' }));
    expect(text).toContain(sl('comparative.legendGroups'));
    expect(text).not.toContain(sl('comparative.legend'));
    expect(text).toContain(sl('comparative.differenceFromTotal'));
    // The whole survey first, then the groups in the figures' order (balanced: three and two groups a table).
    expect(text).toContain('Skupina Celotna anketa Proizvodnja Prodaja Razvoj n = 71 n = 38 n = 30');
    expect(text).toMatch(/Skupina Celotna anketa n ?= ?152 Drugo: Uprava, Logistika Kakovost ⊘ n ?= ?9/);
    expect(text).toContain('Drugo: Uprava, Logistika');
    // Production is significantly lower (ESI −4,5 ▼), Sales higher (+3,6 ▲).
    expect(text).toContain('−4,5 ▼');
    expect(text).toContain('+3,6 ▲');
    expect(text).toContain(`⊘ Kakovost: ${sl('labels.reason.complementary')}`);
  });

  it('splits many groups over tables of at most five value columns, repeating the whole survey in each', async () => {
    const f = sampleComparativeGroups('en');
    const extra = ['Nabava', 'Skladišče', 'Vzdrževanje', 'Kontrola', 'Kadri', 'Finance'].map((name) => ({ ...f.columns[0]!, key: name, label: name }));
    const many = { ...f, columns: [...f.columns, ...extra] };
    const bytes = await render(many);
    // 11 groups: three tables (one a page, after the cover and the contents) of four groups or fewer, each headed
    // by the whole survey: at most five "n = …" heads a page.
    const overview = [3, 4, 5].map((page) => readPdfText(bytes, { page, joinLines: true }));
    for (const page of overview) {
      expect(page.split(textsFor('en', 'reports')('comparative.total')).length - 1).toBe(1);
      expect(page.match(/n ?= ?\d+/g)!.length).toBeLessThanOrEqual(5);
    }
    const text = pdfText(bytes);
    for (const name of ['Proizvodnja', 'Nabava', 'Finance', 'Kakovost']) expect(text).toContain(name);
    expect(layoutProblems(bytes, TEXT_AREA)).toEqual([]);
  });

  it('gives many surveys room: tables of at most five surveys, trend charts whose years and values do not run together', async () => {
    const f = sampleComparativeYears('de');
    const later = [2026, 2027, 2028, 2029].map((year, i) => ({ ...f.columns[i]!, key: String(200 + i), survey_id: 200 + i, year, label: `Mitarbeiterbefragung ${year}` }));
    const bytes = await render({ ...f, columns: [...f.columns, ...later] });
    expect(layoutProblems(bytes, TEXT_AREA)).toEqual([]);
    // Eight surveys: two tables of four.
    const overview = [3, 4].map((page) => readPdfText(bytes, { page, joinLines: true }));
    expect(overview[0]).toMatch(/2022 2023 2024 2025 /);
    expect(overview[1]).toMatch(/2026 2027 2028 2029 /);
    // Words that touch would read as one ("20222023"): none on the trend's pages.
    const words = pdfWords(bytes).filter((w) => w.page >= 5 && w.page <= 6);
    expect(words.filter((w) => /^(20\d\d){2,}|\d,\d\d\d,\d/.test(w.text))).toEqual([]);
    expect(words.filter((w) => w.text === '2029').length).toBeGreaterThanOrEqual(11);
  });

  it("'group-years': one table per group over the years, hidden years with their reasons, the note on what is not followed", () => {
    const text = pdfText(groupYears);
    expect(text).toContain(`${sl('comparative.variants.group-years')}: Oddelek`);
    expect(text).toContain(sl('comparative.notFollowed'));
    expect(text).toContain(sl('comparative.legend'));
    for (const name of ['Proizvodnja', 'Prodaja', 'Razvoj']) expect(text).toContain(name);
    expect(text).toContain(`⊘ 2022: ${sl('comparative.hiddenReasons.not-asked')}`);
    expect(text).toContain(`⊘ 2023: ${sl('comparative.hiddenReasons.merged')}`);
    expect(text).toContain('+6,0 ▲');
  });

  it('keeps every text inside the margins and nothing printed over anything else', () => {
    for (const bytes of [years, groups, groupYears]) expect(layoutProblems(bytes, TEXT_AREA)).toEqual([]);
  });

  it("'years' with focus areas: each earlier survey's areas, their actions and the change in the next survey (sl, mk)", async () => {
    for (const language of ['sl', 'mk'] as const) {
      const f = sampleComparativeYears(language);
      const [first, second] = [f.columns[0]!, f.columns[1]!];
      const focusHistory = focusHistoryCards(
        [{ survey_id: first.survey_id!, year: first.year, focus_areas: [{ kind: 'category', item_id: 'direct_manager', actions: [{ title: 'Mesečni pogovori', status: 'done', due_on: '2025-03-01' }] }] }],
        f,
      );
      const text = pdfText(await renderComparativeReport({ figures: f, generatedOn: '2026-04-02', focusHistory }));
      const tx = textsFor(language, 'reports');
      const change = second.categories.find((c) => c.id === 'direct_manager')!.mean.change!;
      expect(text).toContain(tx('focusHistory.title'));
      expect(text).toContain(tx('focusHistory.survey', { year: first.year! }));
      const value = formatNumber(change, language, { decimals: 2, signed: true }).replace('-', '−');
      expect(text).toContain(
        `${focusAreaLabel('category', 'direct_manager', language)} · ${tx('focusHistory.actions', { done: 1, total: 1 })} · ${tx('focusHistory.change', { value, year: second.year! })}`,
      );
      expect(text).toContain(`Mesečni pogovori (${tx('focusHistory.status.done')})`);
      expect(pdfText(await render(f))).not.toContain(tx('focusHistory.title'));
    }
  });

  it('prints Macedonian in Cyrillic, with the decimal comma', async () => {
    const [y, g, gy] = await Promise.all([render(sampleComparativeYears('mk')), render(sampleComparativeGroups('mk')), render(sampleComparativeGroupYears('mk'))]);
    const yt = pdfText(y);
    expect(yt).toContain(mk('comparative.title'));
    expect(yt).toContain(mk('comparative.trend'));
    expect(yt).toContain(mk('comparative.legend'));
    expect(yt).toContain(CATEGORIES[0]!.title.mk);
    expect(yt).toContain(STATEMENTS[0]!.text.mk);
    expect(yt).toContain('+6,0 ▲');
    const gt = pdfText(g);
    expect(gt).toContain(mk('comparative.legendGroups'));
    expect(gt).toContain(mk('comparative.legendCategoryN'));
    expect(gt).toContain(`${mk('labels.other')}: Uprava, Logistika`);
    expect(gt).toContain(`⊘ Kakovost: ${mk('labels.reason.complementary')}`);
    const gyt = pdfText(gy);
    expect(gyt).toContain(mk('comparative.notFollowed'));
    expect(gyt).toContain(`⊘ 2023: ${mk('comparative.hiddenReasons.merged')}`);
    for (const bytes of [y, g, gy]) expect(layoutProblems(bytes, TEXT_AREA)).toEqual([]);
  });

  it('writes English numbers with a decimal point', async () => {
    const text = pdfText(await render(sampleComparativeYears('en')));
    const en = textsFor('en', 'reports');
    expect(text).toContain(en('comparative.changeFromPrevious'));
    expect(text).toContain('+6.0 ▲');
    expect(text).toContain(`${en('labels.occupancy')} 52.0%`);
  });

  it('rasterises without errors', () => {
    const file = path.join(dir, 'years.pdf');
    writeFileSync(file, years);
    execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '3', '-l', '4', file, path.join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.startsWith('page')).length).toBe(2);
  });
});
