/**
 * /report/benchmark?survey=<id> (sl /porocilo/primerjava-s-trgom): the report language, then the downloads (PDF,
 * Excel) and the company against the market of its survey's year. Before that year's award is published the server
 * answers 409 'report-unavailable': its message is shown with when the benchmark opens (the year from the comparative
 * options, which also give the default language, the survey's name and the company).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../shared/locales';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useResource } from '../../lib/use-resource';
import { BenchmarkView } from './benchmark-view';
import { benchmarkFileUrl, getBenchmark, getComparativeOptions } from './report-api';
import { Downloads, errorText, ReportShell, useSurveyParam } from './report-shell';
import './comparison.css';

export default function BenchmarkReportPage() {
  const { t, ready } = useTranslation(['reports', 'account']);
  const surveyId = useSurveyParam();
  const optionsResource = useResource((signal) => (surveyId === null ? Promise.resolve(null) : getComparativeOptions(surveyId, signal)), String(surveyId));
  const options = optionsResource.data;
  const failed = optionsResource.status === 'error' ? errorText(optionsResource.error) : null;
  // Opens in the options' default language until the user picks another.
  const [picked, setLanguage] = useState<QuestionLanguageCode | null>(null);
  const language = picked ?? options?.default_language ?? null;
  const [request, setRequest] = useState<{ language: QuestionLanguageCode; n: number } | null>(null);
  const report = useResource((signal) => (surveyId === null || !request ? Promise.resolve(null) : getBenchmark(surveyId, request.language, signal)), `${String(surveyId)}|${String(request?.n ?? 0)}`);
  const busy = request !== null && report.status === 'loading';
  const figures = report.status === 'error' ? null : report.data;
  const unavailable = report.status === 'error' && report.error instanceof ApiError && report.error.code === 'report-unavailable';
  const reportError = report.status === 'error' ? errorText(report.error) : null;
  const year = options?.survey.year ?? null;
  const reportRef = useRef<HTMLDivElement>(null);
  const title = t('benchmark.title');
  useDocumentTitle(ready ? (options ? `${title}: ${options.survey.name}` : title) : '');

  useEffect(() => {
    if (report.status === 'ready' && report.data) requestAnimationFrame(() => reportRef.current?.focus());
  }, [report.status, report.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (language === null) return;
    setRequest((r) => ({ language, n: (r?.n ?? 0) + 1 }));
  };

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
      {options && language !== null && (
        <form className="card report-settings" onSubmit={submit} aria-labelledby="benchmark-settings-h" data-testid="report-settings">
          <h2 id="benchmark-settings-h">{t('settings.title')}</h2>
          <div className="field">
            <label htmlFor="benchmark-lang">{t('labels.reportLanguage')}</label>
            <select id="benchmark-lang" value={language} onChange={(e) => setLanguage(e.target.value as QuestionLanguageCode)}>
              {QUESTION_LANGUAGES.map((l) => (
                <option key={l.code} value={l.code} lang={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('settings.loading') : t('settings.apply')}
          </button>
        </form>
      )}
      {reportError && (
        <div className={`notice ${unavailable ? 'notice-info' : 'notice-error'}`} role="alert" data-testid="report-error">
          <p>{reportError}</p>
          {unavailable && year !== null && <p data-testid="unavailable-hint">{t('benchmark.unavailableHint', { year })}</p>}
        </div>
      )}
      {figures && (
        <div ref={reportRef} tabIndex={-1} className="report-wrap" aria-busy={busy || undefined}>
          <Downloads kind="benchmark" urlOf={(format) => benchmarkFileUrl(surveyId, figures.language, format)} />
          <BenchmarkView figures={figures} />
        </div>
      )}
    </ReportShell>
  );
}
