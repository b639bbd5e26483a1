/**
 * Comparative report Excel, version 1 only: the aggregated tables of ComparativeFigures
 * (shared/schemas/comparison.ts), rendered as they are — nothing is computed, tested or hidden here.
 *
 * Sheets: Summary (company, survey, variant, question group, minimum group size, what the change means, the
 * significance legend), then
 * - 'years': Overview (responses, employees, response rate, ESI, eNPS), Categories and Statements, one column
 *   block per survey, oldest first;
 * - 'groups': the same three sheets, the whole survey first (its value only), then one block per group;
 * - 'group-years': one sheet per series (group value), one block per survey: responses, ESI, eNPS and every
 *   category's mean and % favourable.
 * A block is the value, its change (signed) and a narrow marker column: ▲ or ▼ where the change is significant,
 * empty otherwise, so the numbers stay numeric cells that sort and sum, and the markers can be filtered on.
 * A hidden column is never left out: each of its cells holds the reason as a grey note.
 */
import type { Writable } from 'node:stream';
import { focusAreaLabel, type FocusHistoryCard } from '../../../../shared/focus-follow-up.js';
import { CATEGORIES, STATEMENTS } from '../../../../shared/question-banks/index.js';
import { localizedText } from '../../../../shared/i18n/localized-text.js';
import type { ComparativeFigures, ComparedValue, ComparisonColumn, ComparedHiddenReason } from '../../../../shared/schemas/comparison.js';
import { groupDisplayLabel } from '../../../../shared/schemas/report.js';
import { clampMinGroupSize } from '../figures/anonymity.js';
import { hiddenMarker, share, t, XlsxWriter, type Cell, type ColumnSpec, type Format, type ReportLanguage } from './excel.js';

export interface XlsxComparativeInput {
  figures: ComparativeFigures;
  /** The earlier surveys' focus areas and their actions (shared/focus-follow-up.ts; 'years' only): a sheet of its own. */
  focusHistory?: readonly FocusHistoryCard[];
  /** Defaults to the figures' language. */
  language?: ReportLanguage;
}

type Marker = { marker: string };
type Value = Cell | Marker;

/** The header of the marker columns: the symbols themselves (the Summary's legend explains them). */
export const MARKER_HEADER = '▲▼';
const RISE = '▲';
const FALL = '▼';

/** ▲ / ▼ for a significant change, nothing otherwise. */
export function changeMarker(v: ComparedValue | null | undefined): string | null {
  if (!v?.significant || v.change === null) return null;
  return v.change > 0 ? RISE : v.change < 0 ? FALL : null;
}

/** One figure of a row: a compared value (value, change, marker) or a plain count. */
type Figure = { kind: 'compared'; value: ComparedValue | null | undefined; format: 'mean' | 'one' | 'pct' } | { kind: 'count'; value: number | null | undefined };

const CHANGE_FORMAT = { mean: 'meanChange', one: 'oneChange', pct: 'pctChange' } as const satisfies Record<string, Format>;

/** A column block: one survey or group. The whole survey of 'groups' has no change. */
interface Block {
  title: string;
  column: ComparisonColumn;
  withChange: boolean;
}

interface Row {
  labels: Value[];
  /** One figure per measure of the sheet. */
  figures: (column: ComparisonColumn) => Figure[];
}

/** Writes the comparative workbook to `output`, or returns it as a Buffer when no stream is given. */
export async function writeComparativeXlsx(input: XlsxComparativeInput, output?: Writable): Promise<Buffer | undefined> {
  const { figures } = input;
  const language = input.language ?? figures.language;
  const min = clampMinGroupSize(figures.min_group_size);
  const xlsx = new XlsxWriter(output);
  const words = { other: t(language, 'labels.other'), noAnswer: t(language, 'labels.noAnswer'), withheld: t(language, 'labels.withheld') };
  const mean = t(language, 'labels.mean');
  const favourable = t(language, 'labels.favourable');
  const change = t(language, 'comparative.change');
  const categoryTitle = (id: string) => localizedText(CATEGORIES.find((c) => c.id === id)?.title, language) || id;

  /** Why a hidden column holds no figures, as its cells say. */
  const reasonText = (reason: ComparedHiddenReason | null): string => {
    if (reason === 'merged' || reason === 'not-asked' || reason === 'left-out') return t(language, `comparative.hiddenReasons.${reason}`);
    if (reason) return t(language, `labels.reason.${reason}`, { min });
    return hiddenMarker(language, min, reason);
  };

  /** The cells of one figure in one block. */
  function cells(block: Block, figure: Figure): { values: Value[]; formats: (Format | undefined)[] } {
    const c = block.column;
    const width = block.withChange ? 3 : 1;
    const pad = (values: Value[], formats: (Format | undefined)[]) => ({ values: [...values, ...Array<Value>(width - values.length).fill(null)].slice(0, width), formats });
    if (figure.kind === 'count') {
      const v = figure.value;
      if (v === null || v === undefined) return pad([c.hidden ? { marker: reasonText(c.reason) } : null], []);
      return pad([v], ['int']);
    }
    if (c.hidden) return pad([{ marker: reasonText(c.reason) }], []);
    const v = figure.value;
    if (!v) return pad([], []);
    const pct = figure.format === 'pct';
    const values: Value[] = [pct ? share(v.value) : v.value];
    if (block.withChange) values.push(pct ? share(v.change) : v.change, changeMarker(v));
    return pad(values, [figure.format, CHANGE_FORMAT[figure.format]]);
  }

  /** A sheet of label columns and one block per column, `measures` figures per block. */
  function table(name: string, labelColumns: ColumnSpec[], blocks: Block[], measures: (string | null)[], rows: Row[]): void {
    const columns: ColumnSpec[] = [...labelColumns];
    for (const b of blocks) {
      for (const m of measures) {
        const header = m ? `${b.title}: ${m}` : b.title;
        columns.push({ header, width: 14 });
        if (b.withChange) columns.push({ header: `${header} (${change})`, width: 14 }, { header: MARKER_HEADER, width: 4 });
      }
    }
    const sheet = xlsx.sheet(name, columns, labelColumns.length);
    for (const row of rows) {
      const values: Value[] = [...row.labels];
      const formats: (Format | undefined)[] = row.labels.map(() => undefined);
      for (const b of blocks) {
        for (const figure of row.figures(b.column)) {
          const c = cells(b, figure);
          values.push(...c.values);
          formats.push(...c.values.map((_, i) => c.formats[i]));
        }
      }
      sheet.row(values, { formats });
    }
    sheet.commit();
  }

  const compared = (value: ComparedValue | null | undefined, format: 'mean' | 'one' | 'pct'): Figure => ({ kind: 'compared', value, format });
  const count = (value: number | null | undefined): Figure => ({ kind: 'count', value });
  const itemFigures = (item: { mean: ComparedValue; favourable: ComparedValue } | undefined): Figure[] => [compared(item?.mean, 'mean'), compared(item?.favourable, 'pct')];
  const categoryIds = CATEGORIES.map((c) => c.id);

  // --- Summary -----------------------------------------------------------------------------------
  const summary = xlsx.sheet(t(language, 'excel.sheets.summary'), [
    { header: t(language, 'excel.figure'), width: 30 },
    { header: t(language, 'excel.value'), width: 100 },
  ]);
  const line = (label: Cell, value: Cell, format?: Format) => summary.row([label, value], { formats: [undefined, format] });
  line(t(language, 'excel.company'), figures.company);
  line(t(language, 'excel.survey'), figures.survey.name);
  line(t(language, 'comparative.variant'), t(language, `comparative.variants.${figures.variant}`));
  if (figures.group_title) line(t(language, 'comparative.group'), figures.group_title);
  line(t(language, 'labels.minGroup'), min, 'int');
  line(change, t(language, figures.variant === 'groups' ? 'comparative.differenceFromTotal' : 'comparative.changeFromPrevious'));
  line(MARKER_HEADER, t(language, figures.variant === 'groups' ? 'comparative.legendGroups' : 'comparative.legend'));
  line(null, t(language, 'comparative.legendCategoryN'));
  if (figures.variant === 'group-years') line(null, t(language, 'comparative.notFollowed'));
  summary.commit();

  // --- 'years' and 'groups': Overview, Categories, Statements ----------------------------------------
  if (figures.variant === 'years' || figures.variant === 'groups') {
    const blocks: Block[] = figures.columns.map((c) => ({ title: figures.variant === 'years' ? (c.label ?? String(c.year ?? c.key)) : groupDisplayLabel(c, words), column: c, withChange: true }));
    if (figures.variant === 'groups' && figures.total) blocks.unshift({ title: t(language, 'comparative.total'), column: figures.total, withChange: false });
    const all = blocks.map((b) => b.column);

    const overview: Row[] = [{ labels: [t(language, 'labels.responses')], figures: (c) => [count(c.n)] }];
    if (all.some((c) => c.employees !== null)) overview.push({ labels: [t(language, 'labels.employees')], figures: (c) => [count(c.employees)] });
    if (all.some((c) => c.occupancy !== null)) overview.push({ labels: [t(language, 'labels.occupancy')], figures: (c) => [compared(c.occupancy, 'pct')] });
    overview.push({ labels: [t(language, 'excel.esi')], figures: (c) => [compared(c.esi, 'one')] }, { labels: [t(language, 'excel.enps')], figures: (c) => [compared(c.enps, 'one')] });
    table(t(language, 'excel.sheets.overview'), [{ header: t(language, 'excel.figure'), width: 28 }], blocks, [null], overview);

    table(
      t(language, 'excel.sheets.categories'),
      [{ header: t(language, 'labels.category'), width: 32 }],
      blocks,
      [mean, favourable],
      categoryIds.map((id) => ({ labels: [categoryTitle(id)], figures: (c) => itemFigures(c.categories.find((x) => x.id === id)) })),
    );

    const reference = figures.total ?? figures.columns[0];
    const statementIds = reference ? reference.statements.map((s) => s.id) : [];
    table(
      t(language, 'excel.sheets.statements'),
      [
        { header: t(language, 'excel.id'), width: 7 },
        { header: t(language, 'labels.category'), width: 24 },
        { header: t(language, 'labels.statement'), width: 60 },
      ],
      blocks,
      [mean, favourable],
      statementIds.map((id) => {
        const s = STATEMENTS.find((x) => x.id === id);
        return { labels: [id, s ? categoryTitle(s.category) : null, localizedText(s?.text, language) || id], figures: (c) => itemFigures(c.statements.find((x) => x.id === id)) };
      }),
    );
  }

  // --- 'group-years': one sheet per series ------------------------------------------------------------
  if (figures.variant === 'group-years') {
    const rows: Row[] = [
      { labels: [t(language, 'labels.responses')], figures: (c) => [count(c.n)] },
      { labels: [t(language, 'excel.esi')], figures: (c) => [compared(c.esi, 'one')] },
      { labels: [t(language, 'excel.enps')], figures: (c) => [compared(c.enps, 'one')] },
      ...categoryIds.flatMap((id): Row[] => [
        { labels: [`${categoryTitle(id)}: ${mean}`], figures: (c) => [compared(c.categories.find((x) => x.id === id)?.mean, 'mean')] },
        { labels: [`${categoryTitle(id)}: ${favourable}`], figures: (c) => [compared(c.categories.find((x) => x.id === id)?.favourable, 'pct')] },
      ]),
    ];
    for (const s of figures.series) {
      const label = groupDisplayLabel({ key: s.key, label: s.label, no_answer: s.no_answer, merged: [], withheld: false }, words);
      const blocks: Block[] = s.columns.map((c) => ({ title: String(c.year ?? c.label ?? c.key), column: c, withChange: true }));
      // The sheet name is ASCII and at most 31 characters: the first header names the group in full.
      table(label, [{ header: figures.group_title ? `${figures.group_title}: ${label}` : label, width: 40 }], blocks, [null], rows);
    }
  }

  // --- 'years': the focus areas of each earlier survey and what became of their actions -------------------
  const history = figures.variant === 'years' ? (input.focusHistory ?? []) : [];
  if (history.length > 0) {
    const sheet = xlsx.sheet(t(language, 'focusHistory.title'), [
      { header: t(language, 'excel.survey'), width: 24 },
      { header: t(language, 'excel.focusArea'), width: 50 },
      { header: t(language, 'excel.focusActions'), width: 50 },
      { header: t(language, 'excel.focusChange'), width: 26, format: 'meanChange' },
    ]);
    for (const card of history) {
      const survey = t(language, 'focusHistory.survey', { year: card.year ?? '' });
      for (const a of card.areas) {
        const outcome: Cell =
          a.next_year === undefined ? t(language, 'focusHistory.notYet') : a.change === null ? t(language, 'focusHistory.noChange') : a.change;
        sheet.row([survey, focusAreaLabel(a.kind, a.item_id, language), t(language, 'focusHistory.actions', { done: a.done, total: a.actions.length }), outcome]);
        for (const x of a.actions) sheet.row([null, null, `${x.title} (${t(language, `focusHistory.status.${x.status}`)})`, null]);
      }
    }
    sheet.commit();
  }

  return xlsx.finish();
}
