/**
 * /report/basic?survey=<id> (sl /porocilo/osnovno): settings first (language, chosen statements,
 * one group, up to two answers), then the report and its downloads (PDF, Excel v1, Excel v2) made
 * with the same settings.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REPORT_LANGUAGE } from '../../../shared/locales';
import type { ReportFigures } from '../../../shared/schemas/report';
import { ApiError } from '../../app/api';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { getReport, getReportOptions, reportFileUrl, type ReportOptions, type ReportSettingsState } from './report-api';
import { ReportSettingsForm } from './report-settings';
import { Downloads, errorText, ReportShell, useSurveyParam } from './report-shell';
import { ReportView } from './report-view';

export default function BasicReportPage() {
  const { t, ready } = useTranslation('reports');
  const surveyId = useSurveyParam();
  const [options, setOptions] = useState<ReportOptions | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [applied, setApplied] = useState<ReportSettingsState | null>(null);
  const [figures, setFigures] = useState<ReportFigures | null>(null);
  const [busy, setBusy] = useState(false);
  const [reportError, setReportError] = useState<string | null>(null);
  const reportRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  useDocumentTitle(ready ? (options?.name ? `${t('basic.title')}: ${options.name}` : t('basic.title')) : '');

  useEffect(() => {
    if (surveyId === null) return;
    const controller = new AbortController();
    getReportOptions(surveyId, controller.signal).then(
      (o) => setOptions(o),
      (err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) setFailed(errorText(err));
      },
    );
    return () => controller.abort();
  }, [surveyId]);

  const apply = (s: ReportSettingsState) => {
    if (surveyId === null) return;
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    setReportError(null);
    getReport(surveyId, s, controller.signal).then(
      (fig) => {
        setFigures(fig);
        setApplied(s);
        setBusy(false);
        // Move to the report so keyboard and screen-reader users land on it.
        requestAnimationFrame(() => reportRef.current?.focus());
      },
      (err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setBusy(false);
        const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as { message?: string }[]).map((d) => d.message).filter(Boolean) : [];
        setReportError([errorText(err), ...details].join(' '));
      },
    );
  };

  const title = t('basic.title');
  if (surveyId === null) {
    return (
      <ReportShell type="izz" surveyId={null} title={title}>
        <p className="notice notice-error" role="alert">
          {t('noSurvey')}
        </p>
      </ReportShell>
    );
  }

  return (
    <ReportShell type="izz" surveyId={surveyId} title={options?.name ? `${title}: ${options.name}` : title} subtitle={options?.company}>
      {!options && !failed && (
        <p className="hint" role="status">
          {t('loading')}
        </p>
      )}
      {failed && (
        <p className="notice notice-error" role="alert" data-testid="report-error">
          {failed}
        </p>
      )}
      {options && (
        <ReportSettingsForm
          options={options}
          busy={busy}
          initial={{ language: DEFAULT_REPORT_LANGUAGE, chosen: options.report_questions.slice(0, 15), group: null, answers: [] }}
          onApply={apply}
        />
      )}
      {reportError && (
        <p className="notice notice-error" role="alert" data-testid="report-error">
          {reportError}
        </p>
      )}
      {figures && applied && options && (
        <div ref={reportRef} tabIndex={-1} className="report-wrap" aria-busy={busy || undefined}>
          <Downloads
            items={[
              { href: reportFileUrl(surveyId, applied, 'pdf'), label: t('downloads.pdf'), testid: 'download-pdf' },
              { href: reportFileUrl(surveyId, applied, 'xlsx1'), label: t('downloads.xlsx1'), testid: 'download-xlsx1' },
              { href: reportFileUrl(surveyId, applied, 'xlsx2'), label: t('downloads.xlsx2'), testid: 'download-xlsx2' },
            ]}
          />
          <ReportView figures={figures} options={options} />
        </div>
      )}
    </ReportShell>
  );
}
