/** How the benchmark report names a group and an item and prints a figure (the web tables and charts share these). */
import type { IzzCategoryId } from '../../../shared/question-banks';
import type { BenchmarkFigures, BenchmarkGroup, BenchmarkItem } from '../../../shared/schemas/comparison';
import type { NumberFormat } from '../../lib/number-format';
import { categoryTitle, statementText } from './labels';

export type Lang = BenchmarkFigures['language'];
type TFn = (key: string, vars?: Record<string, unknown>) => string;

/** A group's name: "All companies", the size class ("Medium-sized companies") or the industry ("Manufacturing"). */
export function benchmarkGroupName(t: TFn, g: BenchmarkGroup): string {
  if (g.kind === 'market' || g.key === null || g.key === 'all') return t(`benchmark.groups.${g.kind}`);
  if (g.kind === 'size') return t(`benchmark.sizes.${g.key}`);
  return t(`account:industries.${g.key}`);
}

/** How an item's figure is printed: ESI with one decimal, eNPS signed, means with two. */
export function formatItem(f: NumberFormat, item: Pick<BenchmarkItem, 'kind'>, v: number | null): string {
  if (item.kind === 'esi') return f.num(v, 1);
  if (item.kind === 'enps') return f.signed(v, 1);
  return f.num(v, 2);
}

export const SCALE: Record<BenchmarkItem['kind'], [number, number]> = { esi: [0, 100], enps: [-100, 100], category: [1, 4], statement: [1, 4] };

export function itemLabel(item: BenchmarkItem, lang: Lang): string {
  if (item.kind === 'esi') return 'ESI';
  if (item.kind === 'enps') return 'eNPS';
  if (item.kind === 'category') return categoryTitle(item.id as IzzCategoryId, lang);
  return statementText(item.id, lang);
}
