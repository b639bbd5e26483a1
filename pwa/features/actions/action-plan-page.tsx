/**
 * /profil/izz/:id/ukrepi (/en/profile/izz/:id/actions): what a company does with a finished IZZ survey's results
 *. Up to three focus areas (a category or a statement), suggested from its own reports (the lowest
 * categories, the largest drops since the previous survey, the items furthest below the published market); per focus
 * area actions with owner, due date, status and dated progress notes; the results page shared back with employees
 * (message, preview, publish / unpublish, link, QR code and the A4 poster). Every change answers the whole overview,
 * which replaces the page's data. Texts: the `actions` namespace.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_FOCUS_AREAS } from '../../../shared/schemas/actions';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useResource } from '../../lib/use-resource';
import * as apiCalls from './actions-api';
import { FocusAreaCard } from './focus-area-card';
import { PickFocusArea, Suggestions } from './focus-suggestions';
import { errorText, type Run } from './plan-helpers';
import { ShareResults } from './share-results';

export default function ActionPlanPage() {
  const { t } = useTranslation('actions');
  const { id = '' } = useParams();
  const resource = useResource((signal) => apiCalls.getOverview(id, signal), id);
  const data = resource.data;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('plan.title'));
  const run: Run = async (call) => {
    setBusy(true);
    setError(null);
    try {
      resource.replace(await call());
      return true;
    } catch (err) {
      setError(errorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const full = (data?.focus_areas.length ?? 0) >= MAX_FOCUS_AREAS;
  return (
    <div className="page profile-page action-plan-page" aria-busy={busy}>
      <div className="container">
        <p>
          <LocalizedLink to="profileIzzDetail" params={{ id }}>
            ← {t('plan.back')}
          </LocalizedLink>
        </p>
        <header className="page-header">
          <h1>{t('plan.title')}</h1>
          {data && <p className="lead">{data.survey.year === null || data.survey.name.includes(String(data.survey.year)) ? data.survey.name : `${data.survey.name} · ${String(data.survey.year)}`}</p>}
        </header>
        {resource.status === 'loading' && !data && (
          <p className="hint" role="status">
            {t('plan.loading')}
          </p>
        )}
        {resource.status === 'error' && (
          <div className="notice notice-error" role="alert">
            <p>{errorText(resource.error)}</p>
            <button type="button" className="btn btn-secondary btn-small" onClick={resource.reload}>
              {t('plan.retry')}
            </button>
          </div>
        )}
        {error && (
          <div className="notice notice-error" role="alert" data-testid="plan-error">
            <p>{error}</p>
          </div>
        )}
        {data && (
          <div className="stack-lg">
            <section aria-labelledby="focus-h">
              <h2 id="focus-h">{t('plan.focus.title', { n: data.focus_areas.length, max: MAX_FOCUS_AREAS })}</h2>
              {data.focus_areas.length === 0 && <p className="hint">{t('plan.focus.empty')}</p>}
              {data.focus_areas.map((a) => (
                <FocusAreaCard key={a.id} data={data} area={a} run={run} />
              ))}
            </section>
            <Suggestions data={data} run={run} full={full} />
            <PickFocusArea data={data} run={run} full={full} />
            <ShareResults data={data} run={run} />
          </div>
        )}
      </div>
    </div>
  );
}
