/**
 * /report/puls?survey=<id>: the report language, then what became of every planned round (ran, ended early,
 * running, not yet, did not run), the trend across rounds and each round that ran (responses, occupancy, margin
 * of error, every question). A round below the minimum shows its count only.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { numberFormat } from '../../lib/number-format';
import { PulsFocusFollowUp } from './focus-follow-up';
import { Round } from './puls-round';
import { PulsTrend, RoundSchedule } from './puls-trend';
import { getPulsReport, getReportOptions, pulsFileUrl } from './report-api';
import { ReportLanguageForm } from './report-language-form';
import { Downloads, ReportShell } from './report-shell';
import { errorText, useReportOptions, useReportRequest } from './use-report';

export default function PulsReportPage() {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const { surveyId, options, failed: optionsFailed } = useReportOptions(getReportOptions);
  // The report is asked for with 'Apply', in the language chosen then; a failed request keeps the last report shown.
  const { report, busy, apply } = useReportRequest(surveyId, getPulsReport, Infinity);
  const figures = report.data?.figures ?? null;
  const failed = report.status === 'error' ? errorText(report.error) : optionsFailed;

  return (
    <ReportShell type="puls" surveyId={surveyId} title={t('puls.title')} name={options?.name} subtitle={options?.company} documentTitle={t('puls.title')} failed={failed}>
      {(id) => (
        <>
          {options && <ReportLanguageForm id="puls" initial={options.default_language} busy={busy} onApply={apply} />}
          {figures && options && (
            <div className="report" data-testid="report">
              <Downloads kind="puls" urlOf={(format) => pulsFileUrl(id, figures.language, format)} />
              <RoundSchedule figures={figures} />
              <PulsFocusFollowUp surveyId={id} figures={figures} />
              <PulsTrend figures={figures} f={f} />
              {figures.rounds.map((r) => (
                <Round key={r.round} r={r} f={f} figures={figures} options={options} />
              ))}
            </div>
          )}
        </>
      )}
    </ReportShell>
  );
}
