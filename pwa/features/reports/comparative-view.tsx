/**
 * The comparative report on the web, one of three variants of ComparativeFigures rendered as they come:
 * - 'years': the trend (ESI and eNPS, and the nine categories as small multiples), then participation, categories and
 *   statements (collapsible per category) with one column per survey;
 * - 'groups': the whole survey and each group as columns, each group's difference from the whole survey;
 * - 'group-years': per group a small trend and small tables with the years as columns.
 * Every value carries its change; ▲ / ▼ (with words for screen readers) only where `significant` says so. A hidden
 * column is marked in every cell with its reason, never dropped. Headings in the UI language, question texts in the
 * report language.
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, statementById, type IzzCategoryId } from '../../../shared/question-banks';
import type { ComparativeFigures, ComparedItem, ComparedValue, ComparisonColumn, ComparisonSeries } from '../../../shared/schemas/comparison';
import { useLocale } from '../../i18n/use-locale';
import { numberFormat, type NumberFormat } from '../../lib/number-format';
import { HIDDEN_MARK } from './charts';
import { categoryTitle, groupName, statementText } from './labels';
import { LineChart } from './line-chart';
import { Hidden, Scroll, Section } from './report-parts';
import { useValueWords } from './use-value-words';
import './comparison.css';

type Lang = ComparativeFigures['language'];
type TFn = (key: string, vars?: Record<string, unknown>) => string;

/** How a figure is printed: ESI 0–100 and eNPS −100..100 with one decimal, means with two, shares as %. */
type Kind = 'esi' | 'enps' | 'mean' | 'pct';

/** A column as the tables show it: its heading, an optional line under it, and whether it is the reference (no change). */
interface ViewColumn {
  key: string;
  head: string;
  sub?: string;
  col: ComparisonColumn;
  reference?: boolean;
}

/** Why a compared column is hidden, in the UI language. */
export function hiddenReasonText(t: TFn, reason: ComparisonColumn['reason'], min: number): string {
  if (reason === 'merged' || reason === 'not-asked' || reason === 'left-out') return t(`comparative.hiddenReasons.${reason}`);
  return t(`labels.reason.${reason ?? 'below-minimum'}`, { min });
}

function formatValue(f: NumberFormat, kind: Kind, v: number | null): string {
  if (kind === 'esi') return f.num(v, 1);
  if (kind === 'enps') return f.signed(v, 1);
  if (kind === 'mean') return f.num(v, 2);
  return f.pct(v);
}

function formatChange(f: NumberFormat, kind: Kind, v: number | null): string {
  return f.signed(v, kind === 'mean' ? 2 : 1);
}

/** ▲ for a significant rise, ▼ for a significant fall, with its words for screen readers; nothing otherwise. */
function Marker({ v }: { v: ComparedValue }) {
  const { t } = useTranslation('reports');
  if (!v.significant || v.change === null || v.change === 0) return null;
  const up = v.change > 0;
  return (
    <span className={`sig ${up ? 'sig-up' : 'sig-down'}`} data-significant={up ? 'up' : 'down'}>
      <span aria-hidden="true">{up ? '▲' : '▼'}</span>
      <span className="visually-hidden"> {t(up ? 'comparative.significantUp' : 'comparative.significantDown')}</span>
    </span>
  );
}

/** One compared value: the value, and under it its change (with the marker when significant). */
function ValueCell({ v, kind, f, reference, hidden }: { v: ComparedValue | null | undefined; kind: Kind; f: NumberFormat; reference?: boolean | undefined; hidden: string | null }) {
  if (hidden !== null) {
    return (
      <td className="num heat-hidden" data-hidden="true">
        <Hidden label={hidden} />
      </td>
    );
  }
  if (!v) return <td className="num">–</td>;
  return (
    <td className="num cmp-cell">
      <span className="cmp-value">{formatValue(f, kind, v.value)}</span>
      {!reference && v.change !== null && (
        <span className="cmp-change">
          {formatChange(f, kind, v.change)}
          <Marker v={v} />
        </span>
      )}
    </td>
  );
}

function ColumnHead({ c, hiddenText, colSpan }: { c: ViewColumn; hiddenText: string | null; colSpan?: number }) {
  return (
    <th scope="col" colSpan={colSpan} className="cmp-head" data-hidden={hiddenText !== null || undefined}>
      {c.head}
      {c.sub && <span className="hint cmp-sub">{c.sub}</span>}
      {hiddenText !== null && (
        <span className="hint cmp-sub">
          <span aria-hidden="true">{HIDDEN_MARK} </span>
          {hiddenText}
        </span>
      )}
    </th>
  );
}

type OverviewRow = 'survey' | 'n' | 'employees' | 'occupancy' | 'esi' | 'enps';

/** Participation and the key figures: one row per figure, one column per survey or group. */
function OverviewTable({ columns, rows, caption, min, testid }: { columns: ViewColumn[]; rows: OverviewRow[]; caption: string; min: number; testid: string }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const hidden = (c: ViewColumn) => (c.col.hidden ? hiddenReasonText(t, c.col.reason, min) : null);
  const label: Record<OverviewRow, string> = {
    survey: t('comparative.survey'),
    n: t('labels.responses'),
    employees: t('labels.employees'),
    occupancy: t('labels.occupancy'),
    esi: 'ESI',
    enps: 'eNPS',
  };
  return (
    <Scroll label={caption}>
      <table className="report-table cmp-table" data-testid={testid}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <td />
            {columns.map((c) => (
              <ColumnHead key={c.key} c={c} hiddenText={hidden(c)} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row} data-row={row}>
              <th scope="row">{label[row]}</th>
              {columns.map((c) => {
                const why = hidden(c);
                if (row === 'survey') return <td key={c.key}>{c.col.label ?? ''}</td>;
                if (row === 'n' || row === 'employees') {
                  const v = row === 'n' ? c.col.n : c.col.employees;
                  return why !== null && row === 'n' ? (
                    <td key={c.key} className="num heat-hidden" data-hidden="true">
                      <Hidden label={why} />
                    </td>
                  ) : (
                    <td key={c.key} className="num">
                      {f.num(v)}
                    </td>
                  );
                }
                const v = row === 'occupancy' ? c.col.occupancy : row === 'esi' ? c.col.esi : c.col.enps;
                return <ValueCell key={c.key} v={v} kind={row === 'occupancy' ? 'pct' : row} f={f} reference={c.reference} hidden={why} />;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** Categories or statements: one row per item, per column its mean and its share of favourable answers, each with its change. */
function ItemsTable({
  columns,
  items,
  lang,
  caption,
  min,
  pick,
  testid,
  rowLabel,
}: {
  columns: ViewColumn[];
  items: readonly string[];
  lang: Lang;
  caption: string;
  min: number;
  pick: (c: ComparisonColumn, id: string) => ComparedItem | undefined;
  testid: string;
  rowLabel: string;
}) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const hidden = (c: ViewColumn) => (c.col.hidden ? hiddenReasonText(t, c.col.reason, min) : null);
  const isCategory = (id: string) => CATEGORIES.some((c) => c.id === id);
  return (
    <Scroll label={caption}>
      <table className="report-table cmp-table" data-testid={testid}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              {rowLabel}
            </th>
            {columns.map((c) => (
              <ColumnHead key={c.key} c={c} hiddenText={hidden(c)} colSpan={2} />
            ))}
          </tr>
          <tr>
            {columns.map((c) => (
              <SubHeads key={c.key} />
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((id) => (
            <tr key={id} data-item={id}>
              <th scope="row" lang={lang} className={isCategory(id) ? undefined : 'statement-cell'}>
                {isCategory(id) ? categoryTitle(id as IzzCategoryId, lang) : statementText(id, lang)}
              </th>
              {columns.map((c) => {
                const item = pick(c.col, id);
                const why = hidden(c);
                return [
                  <ValueCell key={`${c.key}-m`} v={item?.mean} kind="mean" f={f} reference={c.reference} hidden={why} />,
                  <ValueCell key={`${c.key}-f`} v={item?.favourable} kind="pct" f={f} reference={c.reference} hidden={why} />,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

function SubHeads() {
  const { t } = useTranslation('reports');
  return (
    <>
      <th scope="col" className="cmp-subhead">
        {t('labels.mean')}
      </th>
      <th scope="col" className="cmp-subhead">
        {t('labels.favourable')}
      </th>
    </>
  );
}

/** The statements, one collapsible table per category (closed: 74 rows are a lot on a phone). */
function StatementsByCategory({ columns, lang, min }: { columns: ViewColumn[]; lang: Lang; min: number }) {
  const { t } = useTranslation('reports');
  const first = columns.find((c) => c.col.statements.length > 0)?.col.statements ?? [];
  const ids = first.map((s) => s.id);
  return (
    <div className="cmp-statements" data-testid="statements-by-category">
      {CATEGORIES.map((cat) => {
        const inCat = ids.filter((id) => statementById(id)?.category === cat.id);
        if (inCat.length === 0) return null;
        const title = categoryTitle(cat.id, lang);
        return (
          <details key={cat.id} className="report-choices cmp-details" data-category={cat.id}>
            <summary>
              <span>
                <span lang={lang}>{title}</span> ({inCat.length})
              </span>
            </summary>
            <ItemsTable
              columns={columns}
              items={inCat}
              lang={lang}
              caption={`${t('labels.sections.statements')}: ${title}`}
              min={min}
              pick={(c, id) => c.statements.find((s) => s.id === id)}
              testid={`statements-${cat.id}`}
              rowLabel={t('labels.statement')}
            />
          </details>
        );
      })}
    </div>
  );
}

function Legend({ variant, min, anyHidden }: { variant: ComparativeFigures['variant']; min: number; anyHidden: boolean }) {
  const { t } = useTranslation('reports');
  return (
    <div className="cmp-legend" data-testid="comparative-legend">
      <p>
        <span className="cmp-change" aria-hidden="true">
          ±
        </span>{' '}
        {t(variant === 'groups' ? 'comparative.differenceFromTotal' : 'comparative.changeFromPrevious')}
      </p>
      <p>{t(variant === 'groups' ? 'comparative.legendGroups' : 'comparative.legend')}</p>
      <p data-testid="comparative-legend-category-n">{t('comparative.legendCategoryN')}</p>
      {anyHidden && (
        <p>
          <span aria-hidden="true">{HIDDEN_MARK}</span> {t('hidden.legend', { min })}
        </p>
      )}
    </div>
  );
}

const ENPS_TICKS = [-100, -50, 0, 50, 100];
const MEAN_TICKS = [1, 2, 3, 4];

/** ESI and eNPS over the columns (years) on one −100..100 axis. */
function KeyTrend({ columns, title, size, testid }: { columns: ComparisonColumn[]; title: string; size?: 'regular' | 'small'; testid: string }) {
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  return (
    <LineChart
      title={title}
      testid={testid}
      size={size}
      xLabels={columns.map((c) => String(c.year ?? c.label ?? ''))}
      series={[
        { key: 'esi', label: 'ESI', marker: 'circle', values: columns.map((c) => (c.hidden ? null : c.esi.value)) },
        { key: 'enps', label: 'eNPS', marker: 'square', labelsBelow: true, values: columns.map((c) => (c.hidden ? null : c.enps.value)) },
      ]}
      min={-100}
      max={100}
      ticks={ENPS_TICKS}
      format={(v) => f.num(v, 1)}
      tickFormat={(v) => f.num(v)}
    />
  );
}

function YearsView({ figures }: { figures: ComparativeFigures }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const lang = figures.language;
  const min = figures.min_group_size;
  const columns: ViewColumn[] = figures.columns.map((c) => ({ key: c.key, head: String(c.year ?? c.label ?? c.key), col: c }));
  const categories = figures.columns[0]?.categories.map((c) => c.id) ?? [];
  const years = figures.columns.map((c) => String(c.year ?? c.label ?? ''));
  return (
    <>
      <Section id="trend" title={t('comparative.trend')}>
        <KeyTrend columns={figures.columns} title={`${t('comparative.trend')}: ESI, eNPS`} testid="trend-key" />
        <h3>{t('labels.sections.categories')}</h3>
        <div className="small-multiples" data-testid="trend-categories">
          {categories.map((id) => (
            <div key={id} className="small-multiple">
              <h4 lang={lang}>{categoryTitle(id, lang)}</h4>
              <LineChart
                size="small"
                title={categoryTitle(id, lang)}
                xLabels={years}
                series={[{ key: id, label: categoryTitle(id, lang), marker: 'circle', values: figures.columns.map((c) => (c.hidden ? null : (c.categories.find((x) => x.id === id)?.mean.value ?? null))) }]}
                min={1}
                max={4}
                ticks={MEAN_TICKS}
                format={(v) => f.num(v, 2)}
                tickFormat={(v) => f.num(v)}
              />
            </div>
          ))}
        </div>
      </Section>
      <Legend variant="years" min={min} anyHidden={figures.columns.some((c) => c.hidden)} />
      <Section id="overview" title={t('labels.sections.overview')}>
        <OverviewTable columns={columns} rows={['survey', 'n', 'employees', 'occupancy', 'esi', 'enps']} caption={t('labels.sections.overview')} min={min} testid="overview-table" />
      </Section>
      <Section id="categories" title={t('labels.sections.categories')}>
        <ItemsTable columns={columns} items={categories} lang={lang} caption={t('labels.sections.categories')} min={min} pick={(c, id) => c.categories.find((x) => x.id === id)} testid="categories-table" rowLabel={t('labels.category')} />
      </Section>
      <Section id="statements" title={t('labels.sections.statements')}>
        <StatementsByCategory columns={columns} lang={lang} min={min} />
      </Section>
    </>
  );
}

function GroupsView({ figures }: { figures: ComparativeFigures }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const words = useValueWords();
  const lang = figures.language;
  const min = figures.min_group_size;
  const total = figures.total;
  const columns: ViewColumn[] = [
    ...(total ? [{ key: '__total', head: t('comparative.total'), sub: total.n === null ? undefined : `n = ${f.num(total.n)}`, col: total, reference: true }] : []),
    ...figures.columns.map((c) => ({ key: c.key || '__none', head: groupName(c, words), sub: c.n === null || c.hidden ? undefined : `n = ${f.num(c.n)}`, col: c })),
  ];
  const categories = (total ?? figures.columns[0])?.categories.map((c) => c.id) ?? [];
  return (
    <>
      <Legend variant="groups" min={min} anyHidden={figures.columns.some((c) => c.hidden)} />
      <Section id="overview" title={t('labels.breakdown', { group: figures.group_title ?? figures.group ?? '' })}>
        <OverviewTable columns={columns} rows={['n', 'esi', 'enps']} caption={t('labels.sections.keyFigures')} min={min} testid="groups-overview-table" />
      </Section>
      <Section id="categories" title={t('labels.sections.categories')}>
        <ItemsTable columns={columns} items={categories} lang={lang} caption={t('labels.sections.categories')} min={min} pick={(c, id) => c.categories.find((x) => x.id === id)} testid="categories-table" rowLabel={t('labels.category')} />
      </Section>
      <Section id="statements" title={t('labels.sections.statements')}>
        <StatementsByCategory columns={columns} lang={lang} min={min} />
      </Section>
    </>
  );
}

function SeriesBlock({ s, figures }: { s: ComparisonSeries; figures: ComparativeFigures }) {
  const { t } = useTranslation('reports');
  const words = useValueWords();
  const lang = figures.language;
  const min = figures.min_group_size;
  const name = groupName({ key: s.key, label: s.label, no_answer: s.no_answer, merged: [], withheld: false }, words);
  const columns: ViewColumn[] = s.columns.map((c) => ({ key: c.key, head: String(c.year ?? c.label ?? c.key), col: c }));
  const categories = s.columns[0]?.categories.map((c) => c.id) ?? [];
  return (
    <div className="cmp-series" data-testid={`series-${s.key}`}>
      <h3 lang={lang}>{name}</h3>
      <KeyTrend columns={s.columns} title={`${name}: ESI, eNPS`} size="small" testid={`series-trend-${s.key}`} />
      <OverviewTable columns={columns} rows={['n', 'esi', 'enps']} caption={`${name}: ${t('labels.sections.keyFigures')}`} min={min} testid={`series-overview-${s.key}`} />
      <ItemsTable
        columns={columns}
        items={categories}
        lang={lang}
        caption={`${name}: ${t('labels.sections.categories')}`}
        min={min}
        pick={(c, id) => c.categories.find((x) => x.id === id)}
        testid={`series-categories-${s.key}`}
        rowLabel={t('labels.category')}
      />
    </div>
  );
}

function GroupYearsView({ figures }: { figures: ComparativeFigures }) {
  const { t } = useTranslation('reports');
  const min = figures.min_group_size;
  return (
    <>
      <Legend variant="group-years" min={min} anyHidden={figures.series.some((s) => s.columns.some((c) => c.hidden))} />
      <Section id="series" title={t('labels.breakdown', { group: figures.group_title ?? figures.group ?? '' })}>
        <p className="hint" data-testid="not-followed">
          {t('comparative.notFollowed')}
        </p>
        {figures.series.map((s) => (
          <SeriesBlock key={s.key || '__none'} s={s} figures={figures} />
        ))}
      </Section>
    </>
  );
}

export function ComparativeView({ figures }: { figures: ComparativeFigures }) {
  let body: ReactNode;
  if (figures.variant === 'years') body = <YearsView figures={figures} />;
  else if (figures.variant === 'groups') body = <GroupsView figures={figures} />;
  else body = <GroupYearsView figures={figures} />;
  return (
    <div className="report" data-testid="report" data-variant={figures.variant}>
      {body}
    </div>
  );
}
