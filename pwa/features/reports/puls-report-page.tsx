/**
 * /report/puls?survey=<id>: the report language, then what became of every planned round (ran, ended early,
 * running, not yet, did not run), the trend across rounds and each round that ran (responses, occupancy, margin
 * of error, every question). A round below the minimum shows its count only.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REPORT_LANGUAGE, QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../shared/locales';
import type { LeftOutReason, PulsFigures, PulsRoundFigures } from '../../../shared/schemas/report';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale } from '../../i18n/use-locale';
import { useResource } from '../../lib/use-resource';
import { BarRow, HIDDEN_MARK, StackedBar } from './charts';
import { numberFormat, type NumberFormat } from '../../lib/number-format';
import { pulsQuestionText } from './labels';
import { getPulsReport, getReportOptions, pulsFileUrl, type ReportOptions } from './report-api';
import { Downloads, errorText, ReportShell, useSurveyParam } from './report-shell';
import { localizedText } from '../../../shared/i18n/localized-text';
import { formatDate, formatPeriod } from '../../lib/dates';
import { roundedRatio } from '../../../shared/rounding';
import { PulsFocusFollowUp } from './focus-follow-up';

export default function PulsReportPage() {
  const { t, ready } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const surveyId = useSurveyParam();
  const optionsResource = useResource((signal) => (surveyId === null ? Promise.resolve(null) : getReportOptions(surveyId, signal)), String(surveyId));
  const options = optionsResource.data;
  // Opens in options.default_language (the UI language when the survey ran in it) until the user picks another.
  const [picked, setLanguage] = useState<QuestionLanguageCode | null>(null);
  const language = picked ?? options?.default_language ?? DEFAULT_REPORT_LANGUAGE;
  // The report is asked for with 'Apply': each apply is a new request in the language chosen then.
  const [request, setRequest] = useState<{ language: QuestionLanguageCode; n: number } | null>(null);
  const report = useResource(
    (signal) => (surveyId === null || !request ? Promise.resolve(null) : getPulsReport(surveyId, request.language, signal)),
    `${String(surveyId)}|${String(request?.n ?? 0)}`,
  );
  const figures = report.data;
  const busy = request !== null && report.status === 'loading';
  const failed = report.status === 'error' ? errorText(report.error) : optionsResource.status === 'error' ? errorText(optionsResource.error) : null;
  useDocumentTitle(ready ? t('puls.title') : '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (surveyId === null) return;
    setRequest((r) => ({ language, n: (r?.n ?? 0) + 1 }));
  };

  const title = options?.name ? `${t('puls.title')}: ${options.name}` : t('puls.title');
  return (
    <ReportShell type="puls" surveyId={surveyId} title={title} subtitle={options?.company}>
      {surveyId === null && (
        <p className="notice notice-error" role="alert">
          {t('noSurvey')}
        </p>
      )}
      {failed && (
        <p className="notice notice-error" role="alert" data-testid="report-error">
          {failed}
        </p>
      )}
      {options && (
        <form className="card report-settings" onSubmit={submit} aria-labelledby="puls-settings-h" data-testid="report-settings">
          <h2 id="puls-settings-h">{t('settings.title')}</h2>
          <div className="field">
            <label htmlFor="puls-lang">{t('labels.reportLanguage')}</label>
            <select id="puls-lang" value={language} onChange={(e) => setLanguage(e.target.value as QuestionLanguageCode)}>
              {QUESTION_LANGUAGES.map((l) => (
                <option key={l.code} value={l.code} lang={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('settings.loading') : t('settings.apply')}
          </button>
        </form>
      )}
      {figures && surveyId !== null && options && (
        <div className="report" data-testid="report">
          <Downloads kind="puls" urlOf={(format) => pulsFileUrl(surveyId, figures.language, format)} />
          <section className="card report-section" aria-labelledby="schedule-h" data-testid="round-schedule">
            <h2 id="schedule-h">{t('labels.schedule')}</h2>
            <ul className="round-schedule">
              {figures.schedule.map((s) => (
                <li key={s.round} data-outcome={s.outcome}>
                  <strong>{t('labels.round', { n: s.round })}</strong>
                  {s.start_date && s.end_date ? ` (${formatPeriod(s.start_date, s.end_date)})` : ''}: {t(`labels.outcomes.${s.outcome}`, { date: formatDate(s.ended_on) })}
                </li>
              ))}
            </ul>
          </section>
          {surveyId !== null && <PulsFocusFollowUp surveyId={surveyId} figures={figures} />}
          <section className="card report-section" aria-labelledby="trend-h" data-testid="trend">
            <h2 id="trend-h">{t('labels.trend')}</h2>
            {figures.trend.length === 0 && <p>{t('puls.noTrend')}</p>}
            {figures.trend.map((tr) => (
              <div key={tr.question} className="trend-item">
                <h3 lang={figures.language}>{pulsQuestionText(tr.question, figures.language)}</h3>
                <div className="bars">
                  {tr.points.map((p) => (
                    <BarRow
                      key={p.round}
                      label={t('labels.round', { n: p.round })}
                      value={p.value}
                      min={tr.kind === 'enps' ? -100 : 1}
                      max={tr.kind === 'enps' ? 100 : 5}
                      hiddenLabel={t('hidden.short', { min: figures.min_group_size })}
                      text={tr.kind === 'enps' ? f.signed(p.value, 1) : f.num(p.value, 2)}
                    />
                  ))}
                </div>
                <p className="hint">{tr.change === null ? t('puls.noChange') : t('puls.change', { value: tr.kind === 'enps' ? f.signed(tr.change, 1) : f.signed(tr.change, 2) })}</p>
              </div>
            ))}
          </section>
          {figures.rounds.map((r) => (
            <Round key={r.round} r={r} f={f} figures={figures} options={options} />
          ))}
        </div>
      )}
    </ReportShell>
  );
}

function Round({ r, f, figures, options }: { r: PulsRoundFigures; f: NumberFormat; figures: PulsFigures; options: ReportOptions }) {
  const { t } = useTranslation('reports');
  const lang = figures.language;
  const min = figures.min_group_size;
  const hidden = t('hidden.short', { min });
  // An own question the round leaves out says why, instead of a bare "hidden".
  const notAvailable: Record<LeftOutReason, string> = { 'one-group': t('labels.notAvailable.oneGroup'), spread: t('labels.notAvailable.spread'), 'small-combinations': t('extra.leftOut') };
  const leftOut = new Map(r.left_out.map((l) => [l.question, l.reason]));
  const hiddenOwn = (id: string) => {
    const why = leftOut.get(`extra:${id}`);
    return why === undefined ? hidden : notAvailable[why];
  };
  return (
    <section className="card report-section" aria-labelledby={`round-${String(r.round)}-h`} data-testid={`round-${String(r.round)}`}>
      <h2 id={`round-${String(r.round)}-h`}>
        {t('labels.round', { n: r.round })}
        {r.start_date && r.end_date ? ` (${formatPeriod(r.start_date, r.end_date)})` : ''}
      </h2>
      <dl className="report-facts">
        <div>
          <dt>{t('labels.responses')}</dt>
          <dd>{f.num(r.responses)}</dd>
        </div>
        <div>
          <dt>{t('labels.occupancy')}</dt>
          <dd>{f.pct(r.occupancy_pct)}</dd>
        </div>
        {r.margin_of_error.p95 !== null && (
          <div>
            <dt>{t('overview.margin')}</dt>
            <dd>{t('overview.marginValue', { p90: f.num(r.margin_of_error.p90, 1), p95: f.num(r.margin_of_error.p95, 1) })}</dd>
          </div>
        )}
      </dl>
      {r.suppressed ? (
        <p className="notice notice-info">
          <span aria-hidden="true">{HIDDEN_MARK}</span> {t('labels.roundHidden', { min })}
        </p>
      ) : (
        <>
          {r.questions.map((q) => (
            <div key={q.id} className="chosen-item">
              <h3 lang={lang}>{pulsQuestionText(q.id, lang)}</h3>
              {q.suppressed ? (
                <p>
                  <span aria-hidden="true">{HIDDEN_MARK}</span> {hidden}
                </p>
              ) : q.kind === 'scale5' ? (
                <>
                  <p>
                    {t('labels.mean')}: <strong>{f.num(q.mean, 2)}</strong> · {t('labels.favourable')}: <strong>{f.pct(q.favourable_pct)}</strong> · n = {f.num(q.n)}
                  </p>
                  <StackedBar
                    label={pulsQuestionText(q.id, lang)}
                    format={(pct, count) => `${f.pct(pct)} (${f.num(count)})`}
                    segments={q.distribution.map((count, i) => ({
                      key: String(i + 1),
                      label: String(i + 1),
                      count,
                      pct: roundedRatio(100 * count, q.n, 1),
                      tone: (['n1', 'n2', 'n3', 'n4', 'n5'] as const)[i] ?? 'n3',
                    }))}
                  />
                </>
              ) : q.kind === 'enps' ? (
                <>
                  <p>
                    eNPS: <strong>{f.signed(q.enps.score, 1)}</strong> · n = {f.num(q.n)}
                  </p>
                  <StackedBar
                    label="eNPS"
                    format={(pct, count) => `${f.pct(pct)} (${f.num(count)})`}
                    segments={[
                      { key: 'd', label: t('enps.detractors'), count: q.enps.detractors, pct: q.enps.detractors_pct, tone: 'neg' },
                      { key: 'p', label: t('enps.passives'), count: q.enps.passives, pct: q.enps.passives_pct, tone: 'mid' },
                      { key: 'r', label: t('enps.promoters'), count: q.enps.promoters, pct: q.enps.promoters_pct, tone: 'pos' },
                    ]}
                  />
                </>
              ) : q.texts.length === 0 ? (
                <p>{t('labels.noComments')}</p>
              ) : (
                <ul className="comment-list">
                  {q.texts.map((x, i) => (
                    <li key={i}>{x}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
          {r.own_questions.map((q) => (
            <div key={q.id} className="chosen-item" data-testid={`own-${q.id}`}>
              <h3 lang={lang}>{q.title || localizedText(options.extra_questions.find((x) => x.id === q.id)?.title, lang)}</h3>
              {q.suppressed ? (
                <p>
                  <span aria-hidden="true">{HIDDEN_MARK}</span> {hiddenOwn(q.id)}
                </p>
              ) : q.type === 'radio' || q.type === 'checkbox' ? (
                <div className="bars">
                  {q.options.map((o) => (
                    <BarRow key={o.index} label={<span lang={lang}>{o.other ? `${t('labels.other')}: ${o.label}` : o.label}</span>} value={o.pct} max={100} hiddenLabel={hidden} text={`${f.pct(o.pct)} (${f.num(o.count)})`} />
                  ))}
                </div>
              ) : q.type === 'scale' ? (
                <p>
                  {t('labels.mean')}: <strong>{f.num(q.mean, 2)}</strong> ({q.min}–{q.max}) · n = {f.num(q.n)}
                </p>
              ) : (
                <ul className="comment-list">
                  {q.texts.map((x, i) => (
                    <li key={i}>{x}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </>
      )}
    </section>
  );
}
