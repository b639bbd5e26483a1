/**
 * /report/basic?survey=<id> (sl /porocilo/osnovno): opens on the report made with the default settings
 * (the report language, the survey's chosen statements, no group, no answers) and its downloads (PDF,
 * Excel v1, Excel v2); the settings sit beside it in a collapsible panel (a side column from 64rem, open;
 * above the report and closed on narrower screens). 'Show report' asks again with the changed settings.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getReport, getReportOptions, reportFileUrl, type ReportSettingsState } from './report-api';
import { ReportSettingsForm } from './report-settings';
import { Downloads, ReportError, ReportShell } from './report-shell';
import { ReportView } from './report-view';
import { errorWithDetails, useReportOptions, useReportRequest } from './use-report';

export default function BasicReportPage() {
  const { t } = useTranslation('reports');
  const { surveyId, options, failed } = useReportOptions(getReportOptions);
  // The report is asked for with the defaults as the options arrive, then with each 'Apply'; a report that arrives
  // after 'Apply' takes the focus (not the first one, made on opening).
  const { report, busy, apply, start, reportRef } = useReportRequest(surveyId, getReport, 2);
  const initial = useMemo<ReportSettingsState | null>(
    () => (options ? { language: options.default_language, chosen: options.report_questions.slice(0, 15), group: null, answers: [] } : null),
    [options],
  );
  useEffect(() => {
    if (initial) start(initial);
  }, [initial, start]);
  const [panelOpen, setPanelOpen] = useState(() => typeof window === 'undefined' || typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 64rem)').matches);
  const reportError = report.status === 'error' ? errorWithDetails(report.error) : null;
  const applied = report.data?.settings ?? null;
  const figures = report.data?.figures ?? null;

  return (
    <ReportShell type="izz" surveyId={surveyId} title={t('basic.title')} name={options?.name} subtitle={options?.company} loading={!options} failed={failed}>
      {(id) =>
        options &&
        initial && (
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
              {reportError && <ReportError text={reportError} />}
              {figures && applied && (
                <div ref={reportRef} tabIndex={-1} className="report-wrap" aria-busy={busy || undefined}>
                  {applied === initial && <p className="hint" data-testid="report-defaults">{t('settings.defaults')}</p>}
                  <Downloads kind="izz" urlOf={(format) => reportFileUrl(id, applied, format)} />
                  <ReportView figures={figures} options={options} />
                </div>
              )}
            </div>
          </div>
        )
      }
    </ReportShell>
  );
}
