/**
 * /report/benchmark?survey=<id> (sl /porocilo/primerjava-s-trgom): the report language, then the downloads (PDF,
 * Excel) and the company against the market of its survey's year. Before that year's award is published the server
 * answers 409 'report-unavailable': its message is shown with when the benchmark opens (the year from the comparative
 * options, which also give the default language, the survey's name and the company).
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { BenchmarkView } from './benchmark-view';
import { benchmarkFileUrl, getBenchmark, getComparativeOptions } from './report-api';
import { ReportLanguageForm } from './report-language-form';
import { Downloads, ReportShell } from './report-shell';
import { errorText, useReportOptions, useReportRequest } from './use-report';
import './comparison.css';

export default function BenchmarkReportPage() {
  const { t } = useTranslation(['reports', 'account']);
  const { surveyId, options, failed } = useReportOptions(getComparativeOptions);
  const { report, busy, apply, reportRef } = useReportRequest(surveyId, getBenchmark);
  const figures = report.status === 'error' ? null : (report.data?.figures ?? null);
  const unavailable = report.status === 'error' && report.error instanceof ApiError && report.error.code === 'report-unavailable';
  const reportError = report.status === 'error' ? errorText(report.error) : null;
  const year = options?.survey.year ?? null;

  return (
    <ReportShell type="izz" surveyId={surveyId} title={t('benchmark.title')} name={options?.survey.name} subtitle={options?.company} loading={!options} failed={failed}>
      {(id) => (
        <>
          {options && <ReportLanguageForm id="benchmark" initial={options.default_language} busy={busy} onApply={apply} />}
          {reportError && (
            <div className={`notice ${unavailable ? 'notice-info' : 'notice-error'}`} role="alert" data-testid="report-error">
              <p>{reportError}</p>
              {unavailable && year !== null && <p data-testid="unavailable-hint">{t('benchmark.unavailableHint', { year })}</p>}
            </div>
          )}
          {figures && (
            <div ref={reportRef} tabIndex={-1} className="report-wrap" aria-busy={busy || undefined}>
              <Downloads kind="benchmark" urlOf={(format) => benchmarkFileUrl(id, figures.language, format)} />
              <BenchmarkView figures={figures} />
            </div>
          )}
        </>
      )}
    </ReportShell>
  );
}
