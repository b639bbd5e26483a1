/**
 * The rounds of a PULS survey on the company's survey page (/profile/puls/:id), from GET /status: each round's
 * number, dates (DD.MM.YYYY in the platform's zone), state and responses. The responses are a count, as the
 * progress card shows it while the survey runs (the running round's too); nothing about anyone. A round the
 * administrator ended early says the day it ended; rounds that will not run because the survey was closed before
 * them are named under the table. Ending a round is the administrator's (as closing a survey is).
 */
import { useTranslation } from 'react-i18next';
import { pulsRoundDisplayState, type PulsRoundDisplayState } from '../../../shared/schemas/application';
import { formatList } from '../../../shared/format';
import { useLocale } from '../../i18n/use-locale';
import { formatDate, formatPeriod } from '../../lib/dates';
import { numberFormat } from '../../lib/number-format';
import { useResource } from '../../lib/use-resource';
import { getStatus, type Application } from './applications-api';
import './puls-rounds.css';

const BADGE: Record<PulsRoundDisplayState, string> = {
  pending: 'badge-muted',
  open: 'badge-success',
  closed: 'badge-info',
  'ended-early': 'badge-warning',
  cancelled: 'badge-muted',
};

export function PulsRounds({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const locale = useLocale();
  const f = numberFormat(locale);
  const { data } = useResource((signal) => getStatus(application.id, signal), `${String(application.id)}:${application.state}`);
  const rounds = data?.rounds ?? [];
  if (rounds.length === 0) return null;
  const cancelled = rounds.filter((r) => r.cancelled).map((r) => String(r.number));
  return (
    <section className="card puls-rounds" aria-labelledby="puls-rounds-title" data-testid="puls-rounds">
      <h2 id="puls-rounds-title">{t('puls.rounds.title')}</h2>
      <p className="hint">{t('puls.rounds.lead')}</p>
      <table className="puls-rounds-table">
        <caption className="visually-hidden">{t('puls.rounds.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('puls.rounds.round')}</th>
            <th scope="col">{t('puls.rounds.dates')}</th>
            <th scope="col">{t('puls.rounds.state')}</th>
            <th scope="col" className="num">
              {t('puls.rounds.responses')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((r) => {
            const state = pulsRoundDisplayState(r);
            return (
              <tr key={r.number} data-testid={`puls-round-${String(r.number)}`} data-state={state}>
                <th scope="row">{t('puls.rounds.roundNumber', { n: r.number })}</th>
                <td data-label={t('puls.rounds.dates')}>
                  <span>
                    <span className="puls-rounds-dates">{formatPeriod(r.opens_on, r.closes_on)}</span>
                    {state === 'ended-early' && <span className="hint puls-rounds-ended">{t('puls.rounds.endedOn', { date: formatDate(r.closed_at) })}</span>}
                  </span>
                </td>
                <td data-label={t('puls.rounds.state')}>
                  <span className={`badge ${BADGE[state]}`}>{t(`puls.rounds.states.${state}`)}</span>
                </td>
                <td data-label={t('puls.rounds.responses')} className="num">
                  {state === 'pending' || state === 'cancelled' ? '–' : f.num(r.responses)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {cancelled.length > 0 && (
        <p className="hint" data-testid="puls-rounds-cancelled">
          {t('puls.rounds.cancelledHint', { count: cancelled.length, rounds: formatList(cancelled, locale) })}
        </p>
      )}
    </section>
  );
}
