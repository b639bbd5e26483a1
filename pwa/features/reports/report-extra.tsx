/** One additional (own) question's result: options with counts and shares, a scale's mean, its comments. */
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { BASE_OTHER_KEY, byExtraType, extraTexts, type ExtraResult, type ExtraResultOf, type ExtraResultTable, type LeftOutReason, type ReportFigures } from '../../../shared/schemas/report';
import { BarRow, HIDDEN_MARK } from './charts';
import type { NumberFormat } from '../../lib/number-format';
import { baseValueLabel } from './labels';
import type { ReportOptions } from './report-api';
import { useValueWords } from './use-value-words';
import { localizedText } from '../../../shared/i18n/localized-text';
import { Hidden } from './report-parts';
import { roundedRatio } from '../../../shared/rounding';

export function ExtraQuestion({ q, f, options, lang, hiddenText, leftOut, minGroupSize }: { q: ExtraResult; f: NumberFormat; options: ReportOptions; lang: ReportFigures['language']; hiddenText: string; leftOut: LeftOutReason | null; minGroupSize: number }) {
  const { t } = useTranslation('reports');
  const words = useValueWords();
  const def = options.extra_questions.find((x) => x.id === q.id);
  const title = q.title || localizedText(def?.title, lang);
  const question = `extra:${q.id}`;
  // "Other" of the reporting base: named with the answers it holds (from the base when the options carry it).
  const optionLabel = (o: { label: string; other: boolean }) =>
    !o.other ? o.label : options.base?.dimensions.some((d) => d.question === question) ? baseValueLabel(question, BASE_OTHER_KEY, lang, options, words) : `${words.other}: ${o.label}`;
  if (leftOut && q.suppressed) {
    // Left out of the reporting base: no counts at all, and the reason instead of a misleading "0 answered".
    const why = { 'small-combinations': t('extra.leftOut'), 'one-group': t('labels.notAvailable.oneGroup'), spread: t('labels.notAvailable.spread') }[leftOut];
    return (
      <div className="extra-item" data-testid={`extra-${q.id}`}>
        <h3 lang={lang}>{title}</h3>
        <p data-testid="extra-left-out">
          <span aria-hidden="true">{HIDDEN_MARK}</span> {why} <a href="#protection">{t('labels.sections.protection')}</a>
        </p>
      </div>
    );
  }
  const optionBars = (r: ExtraResultOf<'radio' | 'checkbox'>) => (
    <div className="bars">
      {r.options.map((o) => (
        <BarRow key={o.index} label={<span lang={lang}>{optionLabel(o)}</span>} value={o.pct} max={100} hiddenLabel={hiddenText} text={`${f.pct(o.pct)} (${f.num(o.count)})`} />
      ))}
    </div>
  );
  const texts = (r: ExtraResult) =>
    extraTexts(r).length === 0 ? (
      <p>{t('labels.noComments')}</p>
    ) : (
      <ul className="comment-list">
        {extraTexts(r).map((x, i) => (
          <li key={i}>{x}</li>
        ))}
      </ul>
    );
  /** Each type's figures: option bars, the scale's mean and bars, or the texts. */
  const extraBody = {
    radio: optionBars,
    checkbox: optionBars,
    scale: (r) => (
      <>
        <p>
          {t('labels.mean')}: <strong>{f.num(r.mean, 2)}</strong> ({r.min}–{r.max})
        </p>
        <div className="bars">
          {r.distribution.map((count, i) => {
            const total = r.distribution.reduce((s, x) => s + x, 0);
            const pct = roundedRatio(100 * count, total, 1);
            return <BarRow key={i} label={String(r.min + i)} value={pct} max={100} hiddenLabel={hiddenText} text={`${f.pct(pct)} (${f.num(count)})`} />;
          })}
        </div>
      </>
    ),
    text250: texts,
    text1000: texts,
  } satisfies ExtraResultTable<ReactNode>;
  return (
    <div className="extra-item" data-testid={`extra-${q.id}`}>
      <h3 lang={lang}>{title}</h3>
      {/* A question left out as a group and filter: its answers over every respondent, stored at the freeze. */}
      {q.overall_only && <p className="hint" data-testid="extra-overall-only">{t('labels.overallOnly')}</p>}
      {/* A hidden question's count is not shown either: 0 and 1..min-1 answers must look the same. */}
      {q.reason === 'not-released' ? null : <p className="hint">{q.suppressed ? t('extra.answeredHidden', { min: minGroupSize }) : t('extra.answered', { count: q.n })}</p>}
      {q.suppressed ? (
        <p>
          {q.reason === 'not-released' ? (
            <>
              <Hidden label={t('labels.reason.not-released')} /> {t('labels.reason.not-released')}
            </>
          ) : (
            <>
              <Hidden label={hiddenText} /> {hiddenText}
            </>
          )}
        </p>
      ) : (
        byExtraType(extraBody, q)
      )}
      {q.comments.length > 0 && (
        <details>
          <summary>{t('extra.comments', { count: q.comments.length })}</summary>
          <ul className="comment-list">
            {q.comments.map((x, i) => (
              <li key={i}>{x}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
