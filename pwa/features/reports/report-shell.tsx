/**
 * The frame of a report page (report routes have no site header or footer): a back link to the
 * survey in the profile, the title, loading and error states, and the download buttons.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { reportFileFormat, reportFileFormats, type ReportFileFormatKey, type ReportKind } from '../../../shared/report-formats';
import { ApiError } from '../../lib/api';
import { LocalizedLink } from '../../components/ui/localized-link';
import './reports.css';

/** ?survey=<id> of the report URL; null when missing or not a positive integer. */
export function useSurveyParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('survey') ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

export function ReportShell({ type, surveyId, title, subtitle, children }: { type: 'izz' | 'puls'; surveyId: number | null; title: string; subtitle?: string | undefined; children: ReactNode }) {
  const { t } = useTranslation('reports');
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
          <h1>{title}</h1>
          {subtitle && <p className="lead">{subtitle}</p>}
        </header>
        {children}
      </div>
    </div>
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
