/**
 * The rounds of a PULS survey on the administrator's application page: number, dates (DD.MM.YYYY in the
 * platform's zone), state and responses per round (a count, as the company's progress shows it), and, while the
 * survey runs, "End round now" on the open round (POST /api/admin/applications/:id/rounds/:number/close, audited):
 * the round closes now, its report becomes available, the next round keeps its schedule.
 * Also the lines the "Close the survey" dialog adds for a PULS survey: the open round closes, later rounds will not run.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pulsRoundDisplayState, type PulsRoundDisplayState, type PulsRoundView } from '../../../shared/schemas/application';
import { formatList } from '../../../shared/format';
import { useLocale } from '../../i18n/use-locale';
import { formatDate, formatPeriod } from '../../lib/dates';
import { numberFormat } from '../../lib/number-format';
import { Badge, ConfirmDialog, type BadgeTone } from './admin-parts';
import type { AdminApplicationDetail } from './applications-api';
import './puls-rounds-card.css';

const TONES: Record<PulsRoundDisplayState, BadgeTone> = { pending: 'neutral', open: 'ok', closed: 'neutral', 'ended-early': 'warn', cancelled: 'bad' };

function useList(): (items: string[]) => string {
  const locale = useLocale();
  return (items) => formatList(items, locale);
}

export function PulsRoundsCard({ app, name, onEnd }: { app: AdminApplicationDetail; name: string; onEnd: (round: number) => Promise<void> }) {
  const { t } = useTranslation('admin');
  const f = numberFormat(useLocale());
  const [ending, setEnding] = useState<PulsRoundView | null>(null);
  const rounds = app.rounds ?? [];
  if (rounds.length === 0) return null;
  const next = ending ? rounds.find((r) => r.number > ending.number && r.state === 'pending') : undefined;
  // Only a running survey's open round can be ended: the action column is there only then.
  const running = app.state === 'in_progress';
  return (
    <section className="card admin-wide-card" aria-labelledby="application-rounds" data-testid="application-rounds">
      <h2 id="application-rounds">{t('application.roundList.title')}</h2>
      <table className="admin-table admin-table-cards">
        <caption className="visually-hidden">{t('application.roundList.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('application.roundList.round')}</th>
            <th scope="col">{t('application.roundList.dates')}</th>
            <th scope="col">{t('application.roundList.state')}</th>
            <th scope="col">{t('application.roundList.responses')}</th>
            {running && <th scope="col">{t('application.roundList.action')}</th>}
          </tr>
        </thead>
        <tbody>
          {rounds.map((r) => {
            const state = pulsRoundDisplayState(r);
            return (
              <tr key={r.number} data-testid={`round-${String(r.number)}`} data-state={state}>
                <th scope="row">{t('application.roundList.roundNumber', { n: r.number })}</th>
                <td data-label={t('application.roundList.dates')}>
                  <span>
                    <span className="admin-cell-nowrap">{formatPeriod(r.opens_on, r.closes_on)}</span>
                    {state === 'ended-early' && <span className="hint admin-round-ended">{t('application.roundList.endedOn', { date: formatDate(r.closed_at) })}</span>}
                  </span>
                </td>
                <td data-label={t('application.roundList.state')}>
                  <span>
                    <Badge tone={TONES[state]}>{t(`application.roundList.states.${state}`)}</Badge>
                  </span>
                </td>
                <td data-label={t('application.roundList.responses')}>{state === 'pending' || state === 'cancelled' ? '–' : f.num(r.responses)}</td>
                {running && (
                  <td data-label={t('application.roundList.action')}>
                    {r.state === 'open' ? (
                      <button type="button" className="btn btn-secondary btn-small" onClick={() => setEnding(r)}>
                        {t('application.roundList.end', { n: r.number })}
                      </button>
                    ) : (
                      <span aria-hidden="true">–</span>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <ConfirmDialog
        open={ending !== null}
        title={t('application.roundList.confirmTitle', { n: ending?.number ?? 0, name })}
        text={t('application.roundList.confirmText', { n: ending?.number ?? 0, date: formatDate(ending?.closes_on) })}
        confirmLabel={t('application.roundList.end', { n: ending?.number ?? 0 })}
        onConfirm={async () => {
          if (ending) await onEnd(ending.number);
          setEnding(null);
        }}
        onClose={() => setEnding(null)}
      >
        <p>{next ? t('application.roundList.confirmNext', { n: next.number, date: formatDate(next.opens_on) }) : t('application.roundList.confirmLast')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** What closing the whole PULS survey does to its rounds (the close dialog): the open round closes, the pending ones will not run. */
export function CloseRoundsNote({ rounds }: { rounds: PulsRoundView[] }) {
  const { t } = useTranslation('admin');
  const list = useList();
  const open = rounds.find((r) => r.state === 'open');
  const notRun = rounds.filter((r) => r.state === 'pending').map((r) => String(r.number));
  if (!open && notRun.length === 0) return null;
  return (
    <div data-testid="close-rounds-note">
      {open && <p>{t('application.roundList.closeOpenRound', { n: open.number })}</p>}
      {notRun.length > 0 && (
        <p>
          <strong>{t('application.roundList.closeNotRun', { count: notRun.length, rounds: list(notRun) })}</strong>
        </p>
      )}
    </div>
  );
}
