/**
 * /report/comparative?survey=<id> (sl /porocilo/primerjalno): settings first (the variant, its question group, the
 * report language), then the downloads (PDF, Excel) made with the same settings and the report. 'years' with fewer
 * than two finished surveys is refused by the server too (409): its message is shown as it comes.
 */
import { useTranslation } from 'react-i18next';
import { ComparativeSettingsForm, initialComparativeSettings } from './comparative-settings';
import { ComparativeView } from './comparative-view';
import { FocusHistory } from './focus-follow-up';
import { comparativeFileUrl, getComparative, getComparativeOptions } from './report-api';
import { Downloads, ReportError, ReportShell } from './report-shell';
import { errorWithDetails, useReportOptions, useReportRequest } from './use-report';

export default function ComparativeReportPage() {
  const { t } = useTranslation('reports');
  const { surveyId, options, failed } = useReportOptions(getComparativeOptions);
  // The report is asked for with 'Show report'.
  const { report, busy, apply, reportRef } = useReportRequest(surveyId, getComparative);
  const reportError = report.status === 'error' ? errorWithDetails(report.error) : null;
  // A refused request leaves no older report on the page: what is shown always matches the last answer.
  const shown = report.status === 'error' ? null : (report.data ?? null);

  return (
    <ReportShell type="izz" surveyId={surveyId} title={t('comparative.title')} name={options?.survey.name} subtitle={options?.company} loading={!options} failed={failed}>
      {(id) => (
        <>
          {options && <ComparativeSettingsForm options={options} busy={busy} initial={initialComparativeSettings(options)} onApply={apply} />}
          {reportError && <ReportError text={reportError} />}
          {shown && (
            <div ref={reportRef} tabIndex={-1} className="report-wrap" aria-busy={busy || undefined}>
              <Downloads kind="comparative" urlOf={(format) => comparativeFileUrl(id, shown.settings, format)} />
              <ComparativeView figures={shown.figures} />
              <FocusHistory surveyId={id} figures={shown.figures} />
            </div>
          )}
        </>
      )}
    </ReportShell>
  );
}
