/**
 * /report/comparative?survey=<id> (sl /porocilo/primerjalno): settings first (the variant, its question group, the
 * report language), then the downloads (PDF, Excel) made with the same settings and the report. 'years' with fewer
 * than two finished surveys is refused by the server too (409): its message is shown as it comes.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComparativeFigures } from '../../../shared/schemas/comparison';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useResource } from '../../lib/use-resource';
import { ComparativeSettingsForm, initialComparativeSettings } from './comparative-settings';
import { ComparativeView } from './comparative-view';
import { FocusHistory } from './focus-follow-up';
import { comparativeFileUrl, getComparative, getComparativeOptions, type ComparativeSettingsState } from './report-api';
import { Downloads, errorText, ReportShell, useSurveyParam } from './report-shell';

export default function ComparativeReportPage() {
  const { t, ready } = useTranslation('reports');
  const surveyId = useSurveyParam();
  const optionsResource = useResource((signal) => (surveyId === null ? Promise.resolve(null) : getComparativeOptions(surveyId, signal)), String(surveyId));
  const options = optionsResource.data;
  const failed = optionsResource.status === 'error' ? errorText(optionsResource.error) : null;
  // The report is asked for with 'Show report': each is a new request (a newer one aborts the older).
  const [request, setRequest] = useState<{ settings: ComparativeSettingsState; n: number } | null>(null);
  const report = useResource(
    (signal): Promise<{ settings: ComparativeSettingsState; figures: ComparativeFigures } | null> =>
      surveyId === null || !request ? Promise.resolve(null) : getComparative(surveyId, request.settings, signal).then((figures) => ({ settings: request.settings, figures })),
    `${String(surveyId)}|${String(request?.n ?? 0)}`,
  );
  const busy = request !== null && report.status === 'loading';
  const reportError = report.status === 'error' ? reportErrorText(report.error) : null;
  // A refused request leaves no older report on the page: what is shown always matches the last answer.
  const shown = report.status === 'error' ? null : (report.data ?? null);
  const reportRef = useRef<HTMLDivElement>(null);
  const title = t('comparative.title');
  useDocumentTitle(ready ? (options ? `${title}: ${options.survey.name}` : title) : '');

  // Move to a newly arrived report so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (report.status === 'ready' && report.data) requestAnimationFrame(() => reportRef.current?.focus());
  }, [report.status, report.data]);

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
    <ReportShell type="izz" surveyId={surveyId} title={options ? `${title}: ${options.survey.name}` : title} subtitle={options?.company}>
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
      {options && <ComparativeSettingsForm options={options} busy={busy} initial={initialComparativeSettings(options)} onApply={(settings) => setRequest((r) => ({ settings, n: (r?.n ?? 0) + 1 }))} />}
      {reportError && (
        <p className="notice notice-error" role="alert" data-testid="report-error">
          {reportError}
        </p>
      )}
      {shown && (
        <div ref={reportRef} tabIndex={-1} className="report-wrap" aria-busy={busy || undefined}>
          <Downloads kind="comparative" urlOf={(format) => comparativeFileUrl(surveyId, shown.settings, format)} />
          <ComparativeView figures={shown.figures} />
          {surveyId !== null && <FocusHistory surveyId={surveyId} figures={shown.figures} />}
        </div>
      )}
    </ReportShell>
  );
}

/** The report's error with the server's details (e.g. why a group does not fit). */
function reportErrorText(err: unknown): string {
  const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as { message?: string }[]).map((d) => d.message).filter(Boolean) : [];
  return [errorText(err), ...details].join(' ');
}
