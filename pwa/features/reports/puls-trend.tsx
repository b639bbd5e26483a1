/** The PULS report's overview: what became of every planned round, and the trend of each question across rounds. */
import { useTranslation } from 'react-i18next';
import type { PulsFigures } from '../../../shared/schemas/report';
import { formatDate, formatPeriod } from '../../lib/dates';
import type { NumberFormat } from '../../lib/number-format';
import { BarRow } from './charts';
import { pulsQuestionText } from './labels';

export function RoundSchedule({ figures }: { figures: PulsFigures }) {
  const { t } = useTranslation('reports');
  return (
    <section className="card report-section" aria-labelledby="schedule-h" data-testid="round-schedule">
      <h2 id="schedule-h">{t('labels.schedule')}</h2>
      <ul className="round-schedule">
        {figures.schedule.map((s) => (
          <li key={s.round} data-outcome={s.outcome}>
            <strong>{t('labels.round', { n: s.round })}</strong>
            {s.start_date && s.end_date ? ` (${formatPeriod(s.start_date, s.end_date)})` : ''}: {t(`labels.outcomes.${s.outcome}`, { date: formatDate(s.ended_on) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PulsTrend({ figures, f }: { figures: PulsFigures; f: NumberFormat }) {
  const { t } = useTranslation('reports');
  return (
    <section className="card report-section" aria-labelledby="trend-h" data-testid="trend">
      <h2 id="trend-h">{t('labels.trend')}</h2>
      {figures.trend.length === 0 && <p>{t('puls.noTrend')}</p>}
      {figures.trend.map((tr) => (
        <div key={tr.question} className="trend-item">
          <h3 lang={figures.language}>{pulsQuestionText(tr.question, figures.language)}</h3>
          <div className="bars">
            {tr.points.map((p) => (
              <BarRow
                key={p.round}
                label={t('labels.round', { n: p.round })}
                value={p.value}
                min={tr.kind === 'enps' ? -100 : 1}
                max={tr.kind === 'enps' ? 100 : 5}
                hiddenLabel={t('hidden.short', { min: figures.min_group_size })}
                text={tr.kind === 'enps' ? f.signed(p.value, 1) : f.num(p.value, 2)}
              />
            ))}
          </div>
          <p className="hint">{tr.change === null ? t('puls.noChange') : t('puls.change', { value: tr.kind === 'enps' ? f.signed(tr.change, 1) : f.signed(tr.change, 2) })}</p>
        </div>
      ))}
    </section>
  );
}
