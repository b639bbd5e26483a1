/** One focus area: its figure, its actions, a new action, and the follow-up PULS made from it. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActionsOverview, FocusArea } from '../../../shared/schemas/actions';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { numberFormat } from '../../lib/number-format';
import * as apiCalls from './actions-api';
import { ActionForm, ActionItem } from './action-item';
import { errorText, useItemLabel, type Run } from './plan-helpers';

/** The follow-up PULS of a focus area: the applications made from it, and the way to apply for one. */
function FollowUp({ surveyId, area }: { surveyId: number; area: FocusArea }) {
  const { t } = useTranslation('actions');
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await apiCalls.createPulse(surveyId, area.id);
      void navigate(path('profilePulsDetail', { id: String(made.application_id) }));
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <div className="follow-up">
      <h4>{t('plan.pulse.title')}</h4>
      <p className="hint">{t('plan.pulse.hint')}</p>
      {area.pulses.length > 0 && (
        <ul>
          {area.pulses.map((p) => (
            <li key={p.id}>
              <LocalizedLink to="profilePulsDetail" params={{ id: String(p.id) }}>
                {p.name ?? t('plan.pulse.unnamed')}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void apply()} data-testid="apply-pulse">
        {t('plan.pulse.apply')}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function FocusAreaCard({ data, area, run }: { data: ActionsOverview; area: FocusArea; run: Run }) {
  const { t } = useTranslation('actions');
  const label = useItemLabel();
  const f = numberFormat(useLocale());
  const h = `focus-${String(area.id)}-h`;
  return (
    <section className="card focus-area" aria-labelledby={h} data-testid="focus-area">
      <div className="focus-head">
        <h3 id={h}>
          <span className="hint">{t(`plan.kind.${area.kind}`)}</span> {label(area.kind, area.item_id)}
        </h3>
        <button type="button" className="btn btn-link btn-small" onClick={() => void run(() => apiCalls.removeFocusArea(data.survey.id, area.id))}>
          {t('plan.focus.remove')}
          <span className="visually-hidden">: {label(area.kind, area.item_id)}</span>
        </button>
      </div>
      {area.figures.mean !== null && <p className="hint">{t('plan.figure', { mean: f.num(area.figures.mean, 2), favourable: f.pct(area.figures.favourable_pct) })}</p>}
      {area.actions.length === 0 ? (
        <p className="hint">{t('plan.action.none')}</p>
      ) : (
        <ul className="action-list">
          {area.actions.map((a) => (
            <ActionItem key={a.id} surveyId={data.survey.id} action={a} run={run} />
          ))}
        </ul>
      )}
      <ActionForm surveyId={data.survey.id} area={area} run={run} />
      <FollowUp surveyId={data.survey.id} area={area} />
    </section>
  );
}
