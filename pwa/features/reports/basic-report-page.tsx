/**
 * /report/basic?survey=<id> (sl /porocilo/osnovno): opens on the report made with the default settings
 * (the report language, the survey's chosen statements, no group, no answers) and its downloads (PDF,
 * Excel v1, Excel v2); the settings sit beside it in a collapsible panel (a side column from 64rem, open;
 * above the report and closed on narrower screens). 'Show report' asks again with the changed settings.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFigures } from '../../../shared/schemas/report';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useResource } from '../../lib/use-resource';
import { getReport, getReportOptions, reportFileUrl, type ReportSettingsState } from './report-api';
import { ReportSettingsForm } from './report-settings';
import { Downloads, errorText, ReportShell, useSurveyParam } from './report-shell';
import { ReportView } from './report-view';

export default function BasicReportPage() {
  const { t, ready } = useTranslation('reports');
  const surveyId = useSurveyParam();
  const optionsResource = useResource((signal) => (surveyId === null ? Promise.resolve(null) : getReportOptions(surveyId, signal)), String(surveyId));
  const options = optionsResource.data;
  const failed = optionsResource.status === 'error' ? errorText(optionsResource.error) : null;
  // The report is asked for with the defaults as the options arrive, then with each 'Apply': each is a new request (a newer one aborts the older).
  const [request, setRequest] = useState<{ settings: ReportSettingsState; n: number } | null>(null);
  const initial = useMemo<ReportSettingsState | null>(
    () => (options ? { language: options.default_language, chosen: options.report_questions.slice(0, 15), group: null, answers: [] } : null),
    [options],
  );
  useEffect(() => {
    if (initial) setRequest((r) => r ?? { settings: initial, n: 1 });
  }, [initial]);
  const [panelOpen, setPanelOpen] = useState(() => typeof window === 'undefined' || typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 64rem)').matches);
  const report = useResource(
    (signal): Promise<{ settings: ReportSettingsState; figures: ReportFigures } | null> =>
      surveyId === null || !request ? Promise.resolve(null) : getReport(surveyId, request.settings, signal).then((figures) => ({ settings: request.settings, figures })),
    `${String(surveyId)}|${String(request?.n ?? 0)}`,
  );
  const busy = request !== null && report.status === 'loading';
  const reportError = report.status === 'error' ? reportErrorText(report.error) : null;
  const applied = report.data?.settings ?? null;
  const figures = report.data?.figures ?? null;
  const reportRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(ready ? (options?.name ? `${t('basic.title')}: ${options.name}` : t('basic.title')) : '');

  // Move to a report that arrived after 'Show report' so keyboard and screen-reader users land on it (not the first one, made on opening).
  const requestNo = request?.n ?? 0;
  useEffect(() => {
    if (report.status === 'ready' && report.data && requestNo > 1) requestAnimationFrame(() => reportRef.current?.focus());
  }, [report.status, report.data, requestNo]);

  const apply = (settings: ReportSettingsState) => {
    if (surveyId === null) return;
    setRequest((r) => ({ settings, n: (r?.n ?? 0) + 1 }));
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
      {options && initial && (
        <div className={panelOpen ? 'report-layout' : 'report-layout is-collapsed'}>
          <details className="report-settings-panel" open={panelOpen} onToggle={(e) => setPanelOpen(e.currentTarget.open)} data-testid="settings-panel">
            <summary>{t('settings.toggle')}</summary>
            <ReportSettingsForm options={options} busy={busy} initial={initial} onApply={apply} />
          </details>
          <div className="report-main">
            {busy && !figures && (
              <p className="hint" role="status">
                {t('settings.loading')}
              </p>
            )}
            {reportError && (
              <p className="notice notice-error" role="alert" data-testid="report-error">
                {reportError}
              </p>
            )}
            {figures && applied && (
              <div ref={reportRef} tabIndex={-1} className="report-wrap" aria-busy={busy || undefined}>
                {applied === initial && <p className="hint" data-testid="report-defaults">{t('settings.defaults')}</p>}
                <Downloads kind="izz" urlOf={(format) => reportFileUrl(surveyId, applied, format)} />
                <ReportView figures={figures} options={options} />
              </div>
            )}
          </div>
        </div>
      )}
    </ReportShell>
  );
}

/** The report's error with the server's details (which settings it refused). */
function reportErrorText(err: unknown): string {
  const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as { message?: string }[]).map((d) => d.message).filter(Boolean) : [];
  return [errorText(err), ...details].join(' ');
}
