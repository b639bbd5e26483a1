/**
 * One PULS round that ran: responses, occupancy, margin of error, then every question (scale, eNPS, comments) and
 * every own question. A round below the minimum shows its count only.
 */
import { useTranslation } from 'react-i18next';
import type { LeftOutReason, PulsFigures, PulsRoundFigures } from '../../../shared/schemas/report';
import { localizedText } from '../../../shared/i18n/localized-text';
import { roundedRatio } from '../../../shared/rounding';
import { formatPeriod } from '../../lib/dates';
import type { NumberFormat } from '../../lib/number-format';
import { BarRow, HIDDEN_MARK, StackedBar } from './charts';
import { pulsQuestionText } from './labels';
import type { ReportOptions } from './report-api';

type Lang = PulsFigures['language'];

export function Round({ r, f, figures, options }: { r: PulsRoundFigures; f: NumberFormat; figures: PulsFigures; options: ReportOptions }) {
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
              <QuestionResult q={q} lang={lang} f={f} hidden={hidden} />
            </div>
          ))}
          {r.own_questions.map((q) => (
            <div key={q.id} className="chosen-item" data-testid={`own-${q.id}`}>
              <h3 lang={lang}>{q.title || localizedText(options.extra_questions.find((x) => x.id === q.id)?.title, lang)}</h3>
              <OwnQuestionResult q={q} lang={lang} f={f} hidden={hiddenOwn(q.id)} barHidden={hidden} />
            </div>
          ))}
        </>
      )}
    </section>
  );
}

/** A PULS question's result: hidden, the 1–5 distribution, eNPS, or its comments. */
function QuestionResult({ q, lang, f, hidden }: { q: PulsRoundFigures['questions'][number]; lang: Lang; f: NumberFormat; hidden: string }) {
  const { t } = useTranslation('reports');
  if (q.suppressed) {
    return (
      <p>
        <span aria-hidden="true">{HIDDEN_MARK}</span> {hidden}
      </p>
    );
  }
  if (q.kind === 'scale5') {
    return (
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
    );
  }
  if (q.kind === 'enps') {
    return (
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
    );
  }
  return q.texts.length === 0 ? <p>{t('labels.noComments')}</p> : <Comments texts={q.texts} />;
}

/** An own question's result: hidden (with why), its options' shares, the scale's mean, or its answers. */
function OwnQuestionResult({ q, lang, f, hidden, barHidden }: { q: PulsRoundFigures['own_questions'][number]; lang: Lang; f: NumberFormat; hidden: string; barHidden: string }) {
  const { t } = useTranslation('reports');
  if (q.suppressed) {
    return (
      <p>
        <span aria-hidden="true">{HIDDEN_MARK}</span> {hidden}
      </p>
    );
  }
  // Every extra question type is handled here: a new one does not compile until it has its case.
  switch (q.type) {
    case 'radio':
    case 'checkbox':
      return (
        <div className="bars">
          {q.options.map((o) => (
            <BarRow key={o.index} label={<span lang={lang}>{o.other ? `${t('labels.other')}: ${o.label}` : o.label}</span>} value={o.pct} max={100} hiddenLabel={barHidden} text={`${f.pct(o.pct)} (${f.num(o.count)})`} />
          ))}
        </div>
      );
    case 'scale':
      return (
        <p>
          {t('labels.mean')}: <strong>{f.num(q.mean, 2)}</strong> ({q.min}–{q.max}) · n = {f.num(q.n)}
        </p>
      );
    case 'text250':
    case 'text1000':
      return <Comments texts={q.texts} />;
    default:
      return unhandled(q);
  }
}

/** The compile-time end of an exhaustive switch over the extra question types. */
function unhandled(q: never): never {
  throw new Error(`unknown question type ${JSON.stringify(q)}`);
}

function Comments({ texts }: { texts: readonly string[] }) {
  return (
    <ul className="comment-list">
      {texts.map((x, i) => (
        <li key={i}>{x}</li>
      ))}
    </ul>
  );
}
