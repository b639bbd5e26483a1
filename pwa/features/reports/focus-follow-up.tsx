/**
 * The follow-up of focus areas in the reports: a PULS survey made from a focus area shows that area's trend
 * (its pulse questions' change across rounds, from the PULS report's own trend), and the comparative report over the
 * years shows each survey's focus areas with what became of their actions beside the change of their figure in the
 * next survey (from the comparative report's own columns). Nothing here is a new figure.
 */
import { useTranslation } from 'react-i18next';
import { localizedText } from '../../../shared/i18n/localized-text';
import { CATEGORIES, STATEMENTS } from '../../../shared/question-banks';
import { focusHistorySchema, pulseOriginSchema, type FocusAreaKind } from '../../../shared/schemas/actions';
import type { ComparativeFigures } from '../../../shared/schemas/comparison';
import type { PulsFigures } from '../../../shared/schemas/report';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useLocale } from '../../i18n/use-locale';
import { getData } from '../../lib/api';
import { numberFormat } from '../../lib/number-format';
import { useResource } from '../../lib/use-resource';
import { pulsQuestionText } from './labels';

function itemLabel(kind: FocusAreaKind, id: string, language: string): string {
  return kind === 'category' ? localizedText(CATEGORIES.find((c) => c.id === id)?.title, language) || id : localizedText(STATEMENTS.find((s) => s.id === id)?.text, language) || id;
}

/** The focus area a PULS survey follows up, with its questions' trend (nothing when it was not made from one). */
export function PulsFocusFollowUp({ surveyId, figures }: { surveyId: number; figures: PulsFigures }) {
  const { t } = useTranslation('reports');
  const f = numberFormat(useLocale());
  const origin = useResource((signal) => getData(`/api/surveys/${String(surveyId)}/focus-area-origin`, { signal, schema: pulseOriginSchema }), String(surveyId));
  const o = origin.data;
  if (!o) return null;
  const trends = figures.trend.filter((tr) => o.questions.includes(tr.question));
  return (
    <section className="card report-section" aria-labelledby="focus-follow-h" data-testid="focus-follow-up">
      <h2 id="focus-follow-h">{t('focusFollowUp.title')}</h2>
      <p>
        {t('focusFollowUp.text', { area: itemLabel(o.kind, o.item_id, figures.language), survey: o.survey_name })}{' '}
        <LocalizedLink to="profileIzzActions" params={{ id: String(o.survey_id) }}>
          {t('focusFollowUp.plan')}
        </LocalizedLink>
      </p>
      {trends.length === 0 ? (
        <p className="hint">{t('puls.noTrend')}</p>
      ) : (
        <ul>
          {trends.map((tr) => (
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
  const items = history.data ?? [];
  if (figures.variant !== 'years' || items.length === 0) return null;
  return (
    <section className="card report-section" aria-labelledby="focus-history-h" data-testid="focus-history">
      <h2 id="focus-history-h">{t('focusHistory.title')}</h2>
      <p className="hint">{t('focusHistory.hint')}</p>
      {items.map((h) => {
        const index = figures.columns.findIndex((c) => c.survey_id === h.survey_id);
        const next = index >= 0 ? figures.columns[index + 1] : undefined;
        return (
          <div key={h.survey_id}>
            <h3>{t('focusHistory.survey', { year: h.year ?? '' })}</h3>
            <ul>
              {h.focus_areas.map((a) => {
                const item = next ? (a.kind === 'category' ? next.categories : next.statements).find((x) => x.id === a.item_id) : undefined;
                const change = next && !next.hidden ? (item?.mean.change ?? null) : null;
                const done = a.actions.filter((x) => x.status === 'done').length;
                return (
                  <li key={`${a.kind}:${a.item_id}`} data-testid="focus-history-item">
                    <strong lang={figures.language}>{itemLabel(a.kind, a.item_id, figures.language)}</strong>
                    {' · '}
                    {t('focusHistory.actions', { done, total: a.actions.length })}
                    {' · '}
                    {next ? (change === null ? t('focusHistory.noChange') : t('focusHistory.change', { value: f.signed(change, 2), year: next.year ?? '' })) : t('focusHistory.notYet')}
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
                );
              })}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
