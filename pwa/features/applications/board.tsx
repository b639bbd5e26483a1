/**
 * The status board of a company's IZZ or PULS applications: the current (open) one first as a
 * card with its state and the way on, earlier ones below, and the way to start a new application
 * when none is open.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocalizedPath } from '../../i18n/use-locale';
import { useResource } from '../../lib/use-resource';
import { createApplication, listApplications, type ApplicationType } from './applications-api';
import { formatDate } from './format';
import { StateBadge } from './state-badge';
import './applications.css';

const detailRoute = (type: ApplicationType) => (type === 'izz' ? 'profileIzzDetail' : 'profilePulsDetail');

export function ApplicationBoard({ type }: { type: ApplicationType }) {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const resource = useResource((signal) => listApplications(type, signal), type);
  const list = resource.data;
  const failed = resource.status === 'error' ? (resource.error instanceof Error ? resource.error.message : String(resource.error)) : null;
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  useDocumentTitle(t(`board.${type}.title`));

  const open = list?.find((a) => a.state !== 'finished') ?? null;
  const earlier = list?.filter((a) => a !== open) ?? [];

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      const created = await createApplication(type);
      void navigate(path(detailRoute(type), { id: String(created.id) }));
    } catch (err) {
      setStartError(err instanceof Error ? err.message : String(err));
      setStarting(false);
    }
  };

  return (
    <div className="page profile-page applications-page">
      <div className="container applications-container">
        <header className="page-header">
          <h1>{t(`board.${type}.title`)}</h1>
          <p className="lead">{t(`board.${type}.lead`)}</p>
        </header>
        {!list && !failed && (
          <p className="hint" role="status">
            {t('loading')}
          </p>
        )}
        {failed && (
          <div className="notice notice-error" role="alert">
            <p>{failed}</p>
            <button type="button" className="btn btn-secondary btn-small" onClick={resource.reload}>
              {t('retry')}
            </button>
          </div>
        )}
        {list && (
          <div className="stack-lg">
            <section aria-labelledby="current-title" data-testid="current-application">
              <h2 id="current-title">{t('board.current')}</h2>
              {open ? (
                <article className="card application-card is-current">
                  <div className="application-card-head">
                    <h3>{open.name?.trim() || t('board.untitled')}</h3>
                    <StateBadge state={open.state} />
                  </div>
                  <p className="hint">{t(`stateHelp.${open.state}`)}</p>
                  <dl className="facts">
                    <div>
                      <dt>{t('board.period')}</dt>
                      <dd>
                        {formatDate(open.start_date)} – {formatDate(open.end_date)}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('board.updated')}</dt>
                      <dd>{formatDate(open.updated_at)}</dd>
                    </div>
                  </dl>
                  {open.state === 'changes_requested' && open.review_comment && (
                    <p className="notice notice-info">
                      <strong>{t('board.reviewComment')}:</strong> {open.review_comment}
                    </p>
                  )}
                  <div className="actions">
                    <LocalizedLink to={detailRoute(type)} params={{ id: String(open.id) }} className="btn btn-primary">
                      {t(`board.open.${open.state}`)}
                    </LocalizedLink>
                  </div>
                </article>
              ) : (
                <div className="card empty-state application-start">
                  <p>{t(list.length ? 'board.noneOpen' : 'board.none')}</p>
                  <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={starting}>
                    {t(`board.${type}.start`)}
                  </button>
                  {startError && (
                    <p className="notice notice-error" role="alert">
                      {startError}
                    </p>
                  )}
                </div>
              )}
            </section>
            {earlier.length > 0 && (
              <section aria-labelledby="earlier-title">
                <h2 id="earlier-title">{t('board.earlier')}</h2>
                <ul className="application-list">
                  {earlier.map((a) => (
                    <li key={a.id} className="application-row">
                      <LocalizedLink to={detailRoute(type)} params={{ id: String(a.id) }}>
                        {a.name?.trim() || t('board.untitled')}
                      </LocalizedLink>
                      <span className="hint">
                        {formatDate(a.start_date)} – {formatDate(a.end_date)}
                      </span>
                      <StateBadge state={a.state} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
