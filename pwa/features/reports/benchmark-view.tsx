/**
 * The benchmark report on the web: BenchmarkFigures rendered as they come. The groups the company is compared with
 * (all companies, its size class, its industry) with their company counts, an unavailable group with its reason, the
 * method, a position chart per key figure and category (the band from the median band to the best figure shown, a tick
 * at the top 25 %, the company as a dot, its position in words; one row per available group), and the tables with
 * every number. A withheld figure (null) is a dash, explained once under the method.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, statementById } from '../../../shared/question-banks';
import { MIN_BENCHMARK_COMPANIES, type BenchmarkFigures } from '../../../shared/schemas/comparison';
import { useLocale } from '../../i18n/use-locale';
import { numberFormat } from '../../lib/number-format';
import { benchmarkGroupName } from './benchmark-format';
import { PositionSection } from './benchmark-position';
import { BenchmarkTable } from './benchmark-table';
import { categoryTitle } from './labels';
import { Section } from './report-parts';
import './comparison.css';

export { benchmarkGroupName } from './benchmark-format';

function GroupsSection({ figures }: { figures: BenchmarkFigures }) {
  const { t } = useTranslation(['reports', 'account']);
  return (
    <Section id="groups" title={t('benchmark.groupsTitle')}>
      <ul className="bm-groups" data-testid="benchmark-groups">
        {figures.groups.map((g) => (
          <li key={g.kind} data-kind={g.kind} data-available={String(g.available)}>
            <span className="bm-group-name">{g.kind === 'market' ? t('benchmark.groups.market') : `${t(`benchmark.groups.${g.kind}`)}: ${benchmarkGroupName(t, g)}`}</span>
            {' · '}
            {t('benchmark.companies', { count: g.companies })}
            {!g.available && g.reason && (
              <p className="hint" data-testid={`unavailable-${g.kind}`}>
                {t(`benchmark.reasons.${g.reason}`, { min: MIN_BENCHMARK_COMPANIES, year: figures.year })}
              </p>
            )}
          </li>
        ))}
      </ul>
      {!figures.in_market && (
        <p className="notice notice-info" data-testid="not-in-market">
          {t('benchmark.notInMarket')}
        </p>
      )}
      <p className="hint" data-testid="benchmark-method">
        {t('benchmark.method', { year: figures.year, min: MIN_BENCHMARK_COMPANIES })}
      </p>
      <p className="hint" data-testid="benchmark-dash">
        {t('benchmark.dash', { min: MIN_BENCHMARK_COMPANIES })}
      </p>
    </Section>
  );
}
export function BenchmarkView({ figures }: { figures: BenchmarkFigures }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const lang = figures.language;
  const key = figures.items.filter((i) => i.kind === 'esi' || i.kind === 'enps');
  const categories = figures.items.filter((i) => i.kind === 'category');
  const statements = figures.items.filter((i) => i.kind === 'statement');
  return (
    <div className="report" data-testid="report">
      <GroupsSection figures={figures} />
      <PositionSection figures={figures} f={f} />
      <Section id="key-figures" title={t('labels.sections.keyFigures')}>
        <BenchmarkTable figures={figures} items={key} caption={t('labels.sections.keyFigures')} rowLabel="" testid="benchmark-key" f={f} />
      </Section>
      <Section id="categories" title={t('labels.sections.categories')}>
        <BenchmarkTable figures={figures} items={categories} caption={t('labels.sections.categories')} rowLabel={t('labels.category')} testid="benchmark-categories" f={f} />
      </Section>
      <Section id="statements" title={t('labels.sections.statements')}>
        <div data-testid="benchmark-statements">
          {CATEGORIES.map((cat) => {
            const inCat = statements.filter((s) => statementById(s.id)?.category === cat.id);
            if (inCat.length === 0) return null;
            const title = categoryTitle(cat.id, lang);
            return (
              <details key={cat.id} className="report-choices cmp-details" data-category={cat.id}>
                <summary>
                  <span>
                    <span lang={lang}>{title}</span> ({inCat.length})
                  </span>
                </summary>
                <BenchmarkTable figures={figures} items={inCat} caption={`${t('labels.sections.statements')}: ${title}`} rowLabel={t('labels.statement')} testid={`benchmark-statements-${cat.id}`} f={f} />
              </details>
            );
          })}
        </div>
      </Section>
    </div>
  );
}
