/**
 * The frame of a report page (report routes have no site header or footer): a back link to the survey in the
 * profile, the title (with the survey's name once known) as heading and document title, the missing-survey, loading
 * and error states, and the download buttons. A page declares only its settings and its report.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFileFormat, reportFileFormats, type ReportFileFormatKey, type ReportKind } from '../../../shared/report-formats';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import './reports.css';

interface ReportShellProps {
  type: 'izz' | 'puls';
  surveyId: number | null;
  /** The report's title; the heading adds the survey's name when there is one. */
  title: string;
  name?: string | null | undefined;
  subtitle?: string | undefined;
  /** The document title when it is not the heading. */
  documentTitle?: string | undefined;
  /** The options are on their way (a 'loading' status until they are there or failed). */
  loading?: boolean;
  /** The options (or the report) could not be loaded: the error in words. */
  failed?: string | null;
  /** The page's settings and report, for the survey of the URL. */
  children: (surveyId: number) => ReactNode;
}

export function ReportShell({ type, surveyId, title, name, subtitle, documentTitle, loading = false, failed = null, children }: ReportShellProps) {
  const { t, ready } = useTranslation('reports');
  const heading = name ? `${title}: ${name}` : title;
  useDocumentTitle(ready ? (documentTitle ?? heading) : '');
  return (
    <div className="page report-page">
      <div className="container report-container">
        <p className="report-back">
          {surveyId !== null ? (
            <LocalizedLink to={type === 'izz' ? 'profileIzzDetail' : 'profilePulsDetail'} params={{ id: String(surveyId) }}>
              ← {t('back')}
            </LocalizedLink>
          ) : (
            <LocalizedLink to={type === 'izz' ? 'profileIzz' : 'profilePuls'}>← {t('back')}</LocalizedLink>
          )}
        </p>
        <header className="page-header">
          <h1>{heading}</h1>
          {subtitle && <p className="lead">{subtitle}</p>}
        </header>
        {surveyId === null ? (
          <p className="notice notice-error" role="alert">
            {t('noSurvey')}
          </p>
        ) : (
          <>
            {loading && !failed && (
              <p className="hint" role="status">
                {t('loading')}
              </p>
            )}
            {failed && <ReportError text={failed} />}
            {children(surveyId)}
          </>
        )}
      </div>
    </div>
  );
}

/** A report or its options could not be loaded. */
export function ReportError({ text }: { text: string }) {
  return (
    <p className="notice notice-error" role="alert" data-testid="report-error">
      {text}
    </p>
  );
}

/** The download buttons of a report: its file formats (shared/report-formats.ts), in the table's order. */
export function Downloads<K extends ReportKind>({ kind, urlOf }: { kind: K; urlOf: (format: ReportFileFormatKey<K>) => string }) {
  const { t } = useTranslation('reports');
  return (
    <section className="card report-downloads" aria-labelledby="downloads-h" data-testid="downloads">
      <h2 id="downloads-h">{t('downloads.title')}</h2>
      <p className="hint">{t('downloads.hint')}</p>
      <div className="download-buttons">
        {reportFileFormats(kind).map((format) => (
          <a key={format} className="btn btn-secondary" href={urlOf(format)} download data-testid={`download-${format}`}>
            {t(`downloads.${reportFileFormat(kind, format)?.labelKey ?? format}`)}
          </a>
        ))}
      </div>
    </section>
  );
}
