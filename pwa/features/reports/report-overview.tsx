/** The report's first sections: participation (responses, response rate, margin of error, the selected population) and the ESI / eNPS key figures. */
import { useTranslation } from 'react-i18next';
import type { ReportFigures } from '../../../shared/schemas/report';
import { BarRow, StackedBar } from './charts';
import type { NumberFormat } from '../../lib/number-format';
import { baseValueLabel, dimensionLabel, filterQuestionLabel } from './labels';
import type { ReportOptions } from './report-api';
import { useValueWords } from './use-value-words';
import { Hidden, Section } from './report-parts';
import { formatPeriod } from '../../lib/dates';

export function Overview({ figures, f, options }: { figures: ReportFigures; f: NumberFormat; options: ReportOptions }) {
  const { t } = useTranslation('reports');
  const m = figures.meta;
  const lang = figures.language;
  const words = { department: t('labels.groups.department'), location: t('labels.groups.location') };
  const dimension = (key: string) => dimensionLabel(key, lang, options.extra_questions, (id) => t(`labels.groups.${id}`, { defaultValue: id }));
  const valueWords = useValueWords();
  return (
    <Section id="overview" title={t('labels.sections.overview')}>
      <dl className="report-facts" data-testid="overview">
        <div>
          <dt>{t('labels.responses')}</dt>
          <dd>
            {f.num(m.responses.total)}
            <span className="hint"> ({t('overview.channels', { online: f.num(m.responses.online), kiosk: f.num(m.responses.kiosk), paper: f.num(m.responses.paper) })})</span>
          </dd>
        </div>
        <div>
          <dt>{t('labels.employees')}</dt>
          <dd>{m.employees === null ? '–' : f.num(m.employees)}</dd>
        </div>
        <div>
          <dt>{t('labels.occupancy')}</dt>
          <dd data-testid="occupancy">{f.pct(m.occupancy_pct)}</dd>
        </div>
        {m.margin_of_error.p95 !== null && (
          <div>
            <dt>{t('overview.margin')}</dt>
            <dd data-testid="margin">
              {t('overview.marginValue', { p90: f.num(m.margin_of_error.p90, 1), p95: f.num(m.margin_of_error.p95, 1) })}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('labels.period')}</dt>
          <dd>{formatPeriod(m.start_date, m.end_date)}</dd>
        </div>
        <div>
          <dt>{t('labels.minGroup')}</dt>
          <dd>{f.num(figures.min_group_size)}</dd>
        </div>
      </dl>
      {(figures.filter.answers.length > 0 || figures.filter.group) && (
        <div className="report-filter-summary" data-testid="filter-summary">
          {figures.filter.answers.length > 0 && (
            <p>
              {t('overview.filteredBy')}{' '}
              <span lang={lang}>
                {figures.filter.answers
                  .map((a) => `${filterQuestionLabel(a.question, lang, options.extra_questions, words)}: ${baseValueLabel(a.question, a.value, lang, options, valueWords)}`)
                  .join('; ')}
              </span>{' '}
              — {figures.population.n === null ? t('overview.populationHidden') : t('overview.population', { count: figures.population.n })}
            </p>
          )}
          {figures.filter.group && (
            <p>
              {t('overview.groupedBy')} <span lang={lang}>{dimension(figures.filter.group)}</span>
            </p>
          )}
        </div>
      )}
    </Section>
  );
}

export function KeyFigures({ figures, f }: { figures: ReportFigures; f: NumberFormat }) {
  const { t } = useTranslation('reports');
  const e = figures.enps;
  const hiddenText = t('hidden.short', { min: figures.min_group_size });
  return (
    <Section id="key-figures" title={t('labels.sections.keyFigures')}>
      <div className="key-figures">
        <div className="key-figure" data-testid="esi">
          <h3>{t('labels.esi')}</h3>
          <p className="big-number">{figures.esi.score === null ? <Hidden label={hiddenText} /> : f.num(figures.esi.score, 1)}</p>
          <p className="hint">{t('esi.hint')}</p>
          <BarRow label={t('esi.scale')} value={figures.esi.score} max={100} hiddenLabel={hiddenText} text={`${f.num(figures.esi.score, 1)} / 100`} />
        </div>
        <div className="key-figure" data-testid="enps">
          <h3>{t('enps.title')}</h3>
          <p className="big-number">{e.score === null ? <Hidden label={hiddenText} /> : f.signed(e.score, 1)}</p>
          <p className="hint">{t('enps.hint')}</p>
          {e.score !== null && (
            <StackedBar
              label={t('enps.title')}
              format={(pct, count) => `${f.pct(pct)} (${f.num(count)})`}
              segments={[
                { key: 'd', label: t('enps.detractors'), count: e.detractors, pct: e.detractors_pct, tone: 'neg' },
                { key: 'p', label: t('enps.passives'), count: e.passives, pct: e.passives_pct, tone: 'mid' },
                { key: 'r', label: t('enps.promoters'), count: e.promoters, pct: e.promoters_pct, tone: 'pos' },
              ]}
            />
          )}
        </div>
      </div>
    </Section>
  );
}
