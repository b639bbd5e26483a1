/** The three variants of the comparative report: over the years, across groups, and each group over the years. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComparativeFigures, ComparisonColumn, ComparisonSeries } from '../../../shared/schemas/comparison';
import { useLocale } from '../../i18n/use-locale';
import { numberFormat } from '../../lib/number-format';
import { HIDDEN_MARK } from './charts';
import type { ViewColumn } from './comparative-cells';
import { ItemsTable, OverviewTable, StatementsByCategory } from './comparative-tables';
import { categoryTitle, groupName } from './labels';
import { LineChart } from './line-chart';
import { Section } from './report-parts';
import { useValueWords } from './use-value-words';

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

export function YearsView({ figures }: { figures: ComparativeFigures }) {
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

export function GroupsView({ figures }: { figures: ComparativeFigures }) {
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

export function GroupYearsView({ figures }: { figures: ComparativeFigures }) {
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
