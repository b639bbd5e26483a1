import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorMessage } from '../lib/error-messages';
import { localizedPath } from '../../shared/routes';
import { useLocale } from '../i18n/use-locale';
import { LocalizedLink } from './ui/localized-link';
import { reloadForChunkError } from '../lib/chunk-reload';

/**
 * 404: unmatched path or failed route validation ('This page could not be found'), or a page whose content does not
 * exist (`children`: the page's own way on, below the way home).
 */
export function NotFoundPage({ children }: { children?: ReactNode } = {}) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  return (
    <div className="page container error-page" data-testid="not-found">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1>{errorMessage('page-not-found', locale)}</h1>
      <p className="lead">{t('notFound.hint')}</p>
      <p>
        <LocalizedLink to="home" className="btn btn-primary">
          {t('notFound.backHome')}
        </LocalizedLink>
      </p>
      {children}
    </div>
  );
}

/** The generic error page with a way back to the start page. */
export function GenericErrorPage({ plainLink = false }: { plainLink?: boolean }) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  return (
    <div className="page container error-page" data-testid="error-page">
      <h1>{t('error.title')}</h1>
      <p className="lead" role="alert">
        {errorMessage('internal-error', locale)}
      </p>
      <p>
        {plainLink ? (
          // Outside the layout a full page load is the most robust way back.
          <a href={localizedPath('home', locale)} className="btn btn-primary">
            {t('error.backHome')}
          </a>
        ) : (
          <LocalizedLink to="home" className="btn btn-primary">
            {t('error.backHome')}
          </LocalizedLink>
        )}
      </p>
    </div>
  );
}

function useReportedError(): unknown {
  const error = useRouteError();
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    if (reloadForChunkError(error)) return;
    console.error(error);
  }, [error]);
  return error;
}

/** Errors of a page: rendered inside the layout, so header and footer stay. */
export function RouteErrorBoundary() {
  const error = useReportedError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <GenericErrorPage />;
}

/** Errors of the layout itself: a bare page. */
export function RootErrorBoundary() {
  const error = useReportedError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main id="main" className="site-main">
      <GenericErrorPage plainLink />
    </main>
  );
}

/** Shown while the first page and its texts load. */
export function AppLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="app-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}
