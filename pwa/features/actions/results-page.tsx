/**
 * /rezultati/:token (/en/results/:token …): the results page a company shares back with its employees.
 * Public, server-rendered (pages.routes.ts; an unknown or unpublished token is the site's not-found page with 404),
 * no session: everything on it comes from GET /api/results/:token in the page's language, which the server builds
 * from the company's own report of the whole survey. Links to the page in the survey's other languages.
 */
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGE_CODES, isUiLocale, type QuestionLanguageCode } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import { NotFoundPage } from '../../components/error-pages';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale } from '../../i18n/use-locale';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useServerNotFound } from '../../lib/ssr-data';
import { useResource } from '../../lib/use-resource';
import { getShared } from './actions-api';
import { ResultsView } from './results-view';

/** Each language's own name, written in that language (not translated: a reader looks for their own). */
const OWN_NAMES: Record<QuestionLanguageCode, string> = {
  hr: 'Hrvatski',
  en: 'English',
  sl: 'Slovenščina',
  sr: 'Srpski',
  bs: 'Bosanski',
  mk: 'Македонски',
  de: 'Deutsch',
  fr: 'Français',
};

export default function EmployeeResultsPage() {
  const { t } = useTranslation('actions');
  const locale = useLocale();
  const { token = '' } = useParams();
  const serverNotFound = useServerNotFound();
  const language: QuestionLanguageCode = (QUESTION_LANGUAGE_CODES as readonly string[]).includes(locale) ? (locale as QuestionLanguageCode) : 'en';
  const result = useResource((signal) => (serverNotFound ? Promise.resolve(null) : getShared(token, language, signal)), `${token}:${language}:${String(serverNotFound)}`);
  const data = result.data;
  const notFound = serverNotFound || (result.status === 'error' && result.error instanceof ApiError && result.error.status === 404);
  useDocumentTitle(data ? t('results.title') : '');
  if (notFound) return <NotFoundPage />;

  return (
    <div className="page results-page" lang={language}>
      <div className="container results-container">
        <header className="page-header">
          <h1>{t('results.title')}</h1>
          {data && (
            <p className="lead" data-testid="results-lead">
              {data.year === null || data.survey_name.includes(String(data.year)) ? `${data.company} · ${data.survey_name}` : `${data.company} · ${data.survey_name} · ${String(data.year)}`}
            </p>
          )}
        </header>
        {data && data.languages.length > 1 && (
          <nav aria-label={t('results.languages')} className="results-languages">
            <ul>
              {data.languages.filter(isUiLocale).map((l) => (
                <li key={l}>
                  <a href={localizedPath('employeeResults', l, { token })} hrefLang={l} lang={l} aria-current={l === language ? 'page' : undefined}>
                    {OWN_NAMES[l]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {result.status === 'error' && !notFound && (
          <div className="notice notice-error" role="alert">
            <p>{result.error instanceof ApiError && result.error.message ? result.error.message : t('results.loadFailed')}</p>
            <button type="button" className="btn btn-secondary btn-small" onClick={result.reload}>
              {t('results.retry')}
            </button>
          </div>
        )}
        {!data && result.status === 'loading' && (
          <p className="hint" role="status">
            {t('results.loading')}
          </p>
        )}
        {data && <ResultsView data={data} />}
        {data?.published_at && <p className="hint">{t('results.published', { date: formatDate(data.published_at) })}</p>}
      </div>
    </div>
  );
}
