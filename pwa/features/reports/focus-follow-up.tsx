/**
 * The follow-up of focus areas in the reports: a PULS survey made from a focus area shows that area's trend
 * (its pulse questions' change across rounds, from the PULS report's own trend), and the comparative report over the
 * years shows each survey's focus areas with what became of their actions beside the change of their figure in the
 * next survey (from the comparative report's own columns). Nothing here is a new figure.
 */
import { useTranslation } from 'react-i18next';
import { focusAreaLabel, focusHistoryCards, pulsFollowUp } from '../../../shared/focus-follow-up';
import { focusHistorySchema, pulseOriginSchema } from '../../../shared/schemas/actions';
import type { ComparativeFigures } from '../../../shared/schemas/comparison';
import type { PulsFigures } from '../../../shared/schemas/report';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useLocale } from '../../i18n/use-locale';
import { getData } from '../../lib/api';
import { numberFormat } from '../../lib/number-format';
import { useResource } from '../../lib/use-resource';
import { pulsQuestionText } from './labels';

/** The focus area a PULS survey follows up, with its questions' trend (nothing when it was not made from one). */
export function PulsFocusFollowUp({ surveyId, figures }: { surveyId: number; figures: PulsFigures }) {
  const { t } = useTranslation('reports');
  const f = numberFormat(useLocale());
  const origin = useResource((signal) => getData(`/api/surveys/${String(surveyId)}/focus-area-origin`, { signal, schema: pulseOriginSchema }), String(surveyId));
  const card = pulsFollowUp(origin.data ?? null, figures);
  if (!card) return null;
  return (
    <section className="card report-section" aria-labelledby="focus-follow-h" data-testid="focus-follow-up">
      <h2 id="focus-follow-h">{t('focusFollowUp.title')}</h2>
      <p>
        {t('focusFollowUp.text', { area: focusAreaLabel(card.kind, card.item_id, figures.language), survey: card.survey_name })}{' '}
        <LocalizedLink to="profileIzzActions" params={{ id: String(card.survey_id) }}>
          {t('focusFollowUp.plan')}
        </LocalizedLink>
      </p>
      {card.trends.length === 0 ? (
        <p className="hint">{t('puls.noTrend')}</p>
      ) : (
        <ul>
          {card.trends.map((tr) => (
            <li key={tr.question}>
              <span lang={figures.language}>{pulsQuestionText(tr.question, figures.language)}</span>:{' '}
              <strong>{tr.change === null ? t('puls.noChange') : t('puls.change', { value: tr.kind === 'enps' ? f.signed(tr.change, 1) : f.signed(tr.change, 2) })}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Each earlier survey's focus areas, their actions' outcome, and the change of their figure in the following survey. */
export function FocusHistory({ surveyId, figures }: { surveyId: number; figures: ComparativeFigures }) {
  const { t } = useTranslation('reports');
  const f = numberFormat(useLocale());
  const history = useResource((signal) => getData(`/api/surveys/${String(surveyId)}/focus-history`, { signal, schema: focusHistorySchema }), String(surveyId));
  const cards = focusHistoryCards(history.data ?? [], figures);
  if (cards.length === 0) return null;
  return (
    <section className="card report-section" aria-labelledby="focus-history-h" data-testid="focus-history">
      <h2 id="focus-history-h">{t('focusHistory.title')}</h2>
      <p className="hint">{t('focusHistory.hint')}</p>
      {cards.map((h) => (
        <div key={h.survey_id}>
          <h3>{t('focusHistory.survey', { year: h.year ?? '' })}</h3>
          <ul>
            {h.areas.map((a) => (
              <li key={`${a.kind}:${a.item_id}`} data-testid="focus-history-item">
                <strong lang={figures.language}>{focusAreaLabel(a.kind, a.item_id, figures.language)}</strong>
                {' · '}
                {t('focusHistory.actions', { done: a.done, total: a.actions.length })}
                {' · '}
                {a.next_year !== undefined ? (a.change === null ? t('focusHistory.noChange') : t('focusHistory.change', { value: f.signed(a.change, 2), year: a.next_year ?? '' })) : t('focusHistory.notYet')}
                {a.actions.length > 0 && (
                  <ul>
                    {a.actions.map((x, i) => (
                      <li key={i}>
                        {x.title} ({t(`focusHistory.status.${x.status}`)})
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
