import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, STATEMENTS } from '../../shared/question-banks/index.js';
import { textsFor } from '../../shared/i18n/node.js';
import { sampleBenchmark } from '../../shared/schemas/comparison-samples.js';
import type { BenchmarkFigures } from '../../shared/schemas/comparison.js';
import { layoutProblems, pdfText as readPdfText } from '../pdf-text.js';
import { A4, M } from './report-common.js';
import { renderBenchmarkReport } from './report-benchmark.js';

/** The PDF's text with runs of white space made single spaces (wrapped lines join up again). */
const pdfText = (bytes: Uint8Array) => readPdfText(bytes, { joinLines: true });
const render = (figures: BenchmarkFigures) => renderBenchmarkReport({ figures, generatedOn: '2026-04-02' });
const TEXT_AREA = { left: M.left, right: A4.width - M.right };

const dir = mkdtempSync(path.join(tmpdir(), 'izz-benchmark-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The same company below the award's size classes: no size-class group, its markets left out. */
function withoutSizeClass(f: BenchmarkFigures): BenchmarkFigures {
  return {
    ...f,
    size_class: null,
    groups: f.groups.map((g) => (g.kind === 'size' ? { ...g, key: null, companies: 0, others: 0, available: false, reason: 'no-size-class' as const } : g)),
    items: f.items.map((i) => ({ ...i, markets: i.markets.map((m, k) => (k === 1 ? null : m)) })),
  };
}

describe('renderBenchmarkReport', { timeout: 60_000 }, () => {
  const sl = textsFor('sl', 'reports');
  let bytes: Uint8Array;
  let text: string;
  beforeAll(async () => {
    bytes = await render(sampleBenchmark('sl'));
    text = pdfText(bytes);
  }, 60_000);

  it('has a cover with the year, size class and industry, the contents and numbered pages', async () => {
    const doc = await PDFDocument.load(bytes);
    const pages = doc.getPageCount();
    expect(doc.getTitle()).toContain(`${sl('benchmark.title')} 2025`);
    expect(text).toMatch(new RegExp(`${pages} ?/ ?${pages}`));
    expect(text).toContain(`${sl('benchmark.title')} 2025`);
    expect(text).toContain('Demo d.o.o.');
    expect(text).toContain(`${sl('benchmark.groups.size')} ${sl('benchmark.sizes.medium')}`);
    expect(text).toContain(`${sl('benchmark.groups.industry')} ${textsFor('sl', 'account')('industries.C')}`);
    for (const title of [sl('pdf.contents'), sl('pdf.benchmarkGroups'), sl('benchmark.position'), sl('labels.sections.keyFigures'), sl('labels.sections.categories'), sl('labels.sections.statements')]) expect(text).toContain(title);
  });

  it('explains the market, counts each group and says why the industry is not offered', () => {
    expect(text).toContain(sl('benchmark.method', { year: 2025, min: 5 }));
    expect(text).not.toContain(sl('benchmark.notInMarket'));
    expect(text).toContain(`${sl('benchmark.groups.market')} 31 podjetij`);
    expect(text).toContain(`${sl('benchmark.groups.size')}: ${sl('benchmark.sizes.medium')} 11 podjetij`);
    expect(text).toContain(sl('benchmark.reasons.too-few', { min: 5, year: 2025 }));
  });

  it('shows the position in the market as bands, with the hint and each position in words (decimal comma)', () => {
    expect(text).toContain(sl('benchmark.positionHint'));
    expect(text).toContain(`${sl('benchmark.median')} – ${sl('benchmark.top10')}`);
    // ESI 66,4: among the best 25 % of the market, above the median of its size class.
    expect(text).toContain('66,4');
    expect(text).toContain(sl('benchmark.positions.top-25'));
    expect(text).toContain(sl('benchmark.positions.upper-half'));
  });

  it('tables every item with median band, top 25 %, top 10 % and the position per offered group, a dash where there is no figure', () => {
    for (const head of [sl('benchmark.yourCompany'), sl('benchmark.median'), sl('benchmark.top25'), sl('benchmark.top10'), sl('benchmark.yourPosition')]) expect(text).toContain(head);
    // ESI: the market 61,2 / 66,3, no top 10 % (31 companies), among the best 25 %; the size class a median band 62,5 only.
    expect(text).toContain(`61,2 66,3 – ${sl('benchmark.positions.top-25')}`);
    expect(text).toContain(`62,5 – – ${sl('benchmark.positions.upper-half')}`);
    // eNPS: the size class's median band is withheld.
    expect(text).toContain(`– – – ${sl('benchmark.positions.upper-half')}`);
    for (const c of CATEGORIES) expect(text).toContain(c.title.sl);
    for (const s of STATEMENTS) expect(text).toContain(s.text.sl);
    // The statement no market has: en dashes for the company and every group (read as laid out, row by row).
    const layout = readPdfText(bytes, { layout: true }).split('\n');
    const row = layout.findIndex((line) => line.startsWith('Vidim, kako moje delo prispeva k'));
    expect(STATEMENTS[5]!.text.sl).toMatch(/^Vidim, kako moje delo prispeva k/);
    expect(layout.slice(row, row + 3).join(' ').replace(/\s+/g, ' ')).toBe(`Vidim, kako moje delo prispeva k ${sl('benchmark.groups.market')} – – – – uspehu podjetja. – ${sl('benchmark.groups.size')} – – – –`);
    expect(text).toContain(sl('benchmark.dash', { min: 5 }));
    // The industry group is not offered: no column of its own.
    expect(text).not.toContain(`${sl('benchmark.groups.industry')} 2,`);
  });

  it('keeps every text inside the margins and nothing printed over anything else', () => {
    expect(layoutProblems(bytes, TEXT_AREA)).toEqual([]);
  });

  it('says when the survey is not part of the market, and why there is no size class', async () => {
    const f = withoutSizeClass({ ...sampleBenchmark('en'), in_market: false });
    const en = textsFor('en', 'reports');
    const t = pdfText(await render(f));
    expect(t).toContain(en('benchmark.notInMarket'));
    expect(t).toContain(en('benchmark.reasons.no-size-class'));
    expect(t).toContain(`${en('benchmark.groups.size')} –`);
    expect(t).toContain(en('benchmark.positions.top-25'));
    expect(t).not.toContain(`${en('benchmark.groups.size')} 62.5`);
  });

  it('prints Macedonian in Cyrillic', async () => {
    const mk = textsFor('mk', 'reports');
    const b = await render(sampleBenchmark('mk'));
    const t = pdfText(b);
    expect(t).toContain(`${mk('benchmark.title')} 2025`);
    expect(t).toContain(mk('benchmark.position'));
    expect(t).toContain(textsFor('mk', 'account')('industries.C'));
    expect(t).toContain(mk('benchmark.sizes.medium'));
    expect(t).toContain(mk('benchmark.reasons.too-few', { min: 5, year: 2025 }));
    expect(t).toContain(CATEGORIES[0]!.title.mk);
    expect(t).toContain(STATEMENTS[0]!.text.mk);
    expect(t).toContain(mk('benchmark.positions.top-25'));
    expect(layoutProblems(b, TEXT_AREA)).toEqual([]);
  });

  it('rasterises without errors', () => {
    const file = path.join(dir, 'benchmark.pdf');
    writeFileSync(file, bytes);
    execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '3', '-l', '4', file, path.join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.startsWith('page')).length).toBe(2);
  });
});
