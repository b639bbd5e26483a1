/**
 * PULS report Excel: a Summary of the rounds (every planned round with its status: ran, ended early on a day,
 * running, not started, did not run), one sheet per round that ran (pulse questions, the company's
 * own questions) with its free text in a shared Comments sheet, and a Trend sheet across rounds.
 * Renders PulsFigures as they are: a hidden round or value is written as a marker.
 */
import type { Writable } from 'node:stream';
import { focusAreaLabel, type PulsFollowUp } from '../../../../shared/focus-follow-up.js';
import { pulsQuestionById } from '../../../../shared/question-banks/index.js';
import { byExtraType, extraTexts, type ExtraResult, type ExtraResultOf, type ExtraResultTable, type LeftOutReason, type PulsFigures } from '../../../../shared/schemas/report.js';
import { clampMinGroupSize } from '../figures/anonymity.js';
import { localizedText } from '../../../../shared/i18n/localized-text.js';
import { formatDate, hiddenMarker, optionLabel, share, t, XlsxWriter, type Cell, type ReportLanguage } from './excel.js';

export interface XlsxPulsInput {
  figures: PulsFigures;
  /** The focus area this survey follows up (shared/focus-follow-up.ts): on the Summary sheet, as in the web report. */
  followUp?: PulsFollowUp | null;
  /** Defaults to the figures' language. */
  language?: ReportLanguage;
}

type Value = Cell | { marker: string };

/** Writes the PULS workbook to `output`, or returns it as a Buffer when no stream is given. */
export async function writePulsXlsx(input: XlsxPulsInput, output?: Writable): Promise<Buffer | undefined> {
  const { figures } = input;
  const language = input.language ?? figures.language;
  const min = clampMinGroupSize(figures.min_group_size);
  const hidden = { marker: hiddenMarker(language, min, 'below-minimum') };
  // An own question the round leaves out is marked with why, not as "fewer than k".
  const notAvailable: Record<LeftOutReason, string> = { 'small-combinations': 'excel.hiddenProtect', 'one-group': 'labels.notAvailable.oneGroup', spread: 'labels.notAvailable.spread' };
  const orHidden = (v: number | null | undefined, suppressed: boolean): Value => (v === null || v === undefined ? (suppressed ? hidden : null) : v);
  const questionText = (id: string) => localizedText(pulsQuestionById(id)?.text, language) || id;
  const roundTitle = (round: number) => t(language, 'labels.round', { n: round });
  const xlsx = new XlsxWriter(output);

  // --- Summary -----------------------------------------------------------------------------------
  const summary = xlsx.sheet(
    t(language, 'excel.sheets.summary'),
    [
      { header: t(language, 'labels.roundColumn'), width: 10 },
      { header: t(language, 'labels.period'), width: 26 },
      { header: t(language, 'labels.responses'), width: 12, format: 'int' },
      { header: t(language, 'labels.occupancy'), width: 12, format: 'pct' },
      { header: t(language, 'excel.moe90'), width: 16, format: 'one' },
      { header: t(language, 'excel.moe95'), width: 16, format: 'one' },
      { header: t(language, 'labels.outcome'), width: 44 },
    ],
    1,
  );
  const period = (r: { start_date: string | null; end_date: string | null }) => [formatDate(r.start_date), formatDate(r.end_date)].filter(Boolean).join(' – ');
  const byRound = new Map(figures.rounds.map((r) => [r.round, r]));
  const schedule = figures.schedule.length > 0 ? figures.schedule : figures.rounds.map((r) => ({ round: r.round, start_date: r.start_date, end_date: r.end_date, outcome: 'ran' as const, ended_on: null }));
  for (const s of schedule) {
    const status = t(language, `labels.outcomes.${s.outcome}`, { date: formatDate(s.ended_on) });
    const r = byRound.get(s.round);
    if (!r) {
      // Planned but not in this report: still to come, or did not run.
      summary.row([roundTitle(s.round), period(s), null, null, null, null, status]);
      continue;
    }
    summary.row([roundTitle(r.round), period(r), r.responses, share(r.occupancy_pct), r.margin_of_error.p90, r.margin_of_error.p95, status, ...(r.suppressed ? [hidden] : [])]);
  }
  summary.row([]);
  summary.row([t(language, 'excel.company'), figures.meta.company]);
  summary.row([t(language, 'excel.survey'), figures.meta.name]);
  summary.row([t(language, 'labels.employees'), figures.meta.employees]);
  summary.row([t(language, 'labels.minGroup'), min]);
  if (input.followUp) {
    const card = input.followUp;
    summary.row([]);
    summary.row([t(language, 'focusFollowUp.title')]);
    summary.row([t(language, 'focusFollowUp.text', { area: focusAreaLabel(card.kind, card.item_id, language), survey: card.survey_name })]);
    for (const tr of card.trends) {
      const format = tr.kind === 'enps' ? 'oneChange' : 'meanChange';
      summary.row([questionText(tr.question), tr.change ?? t(language, 'puls.noChange')], { formats: [undefined, format] });
    }
  }
  summary.commit();

  // --- One sheet per round -------------------------------------------------------------------------
  const comments: [string, string, string][] = [];
  for (const r of figures.rounds) {
    const sheet = xlsx.sheet(
      roundTitle(r.round),
      [
        { header: t(language, 'excel.id'), width: 7 },
        { header: t(language, 'excel.question'), width: 60 },
        { header: `${t(language, 'labels.mean')} / ${t(language, 'excel.enps')} / ${t(language, 'labels.count')}`, width: 16, format: 'mean' },
        { header: `${t(language, 'labels.favourable')} / ${t(language, 'labels.share')}`, width: 16, format: 'pct' },
        { header: '1', width: 6, format: 'int' },
        { header: '2', width: 6, format: 'int' },
        { header: '3', width: 6, format: 'int' },
        { header: '4', width: 6, format: 'int' },
        { header: '5', width: 6, format: 'int' },
        { header: t(language, 'excel.n'), width: 22, format: 'int' },
      ],
      2,
    );
    if (r.suppressed) sheet.row([null, null, null, null, null, null, null, null, null, hidden]);
    for (const q of r.questions) {
      const text = questionText(q.id);
      if (q.kind === 'scale5') {
        const hide = q.suppressed || r.suppressed;
        sheet.row([q.id, text, orHidden(q.mean, hide), orHidden(share(q.favourable_pct), hide), ...(hide ? [null, null, null, null, null] : q.distribution), q.n]);
      } else if (q.kind === 'enps') {
        const hide = q.suppressed || r.suppressed;
        sheet.row([q.id, text, orHidden(q.enps.score, hide), null, null, null, null, null, null, q.n], { formats: [undefined, undefined, 'one'] });
      } else {
        sheet.row([q.id, text, null, null, null, null, null, null, null, q.n]);
        for (const c of q.texts) comments.push([roundTitle(r.round), text, c]);
      }
    }
    for (const e of r.own_questions) writeOwn(e, r.left_out.find((l) => l.question === `extra:${e.id}`)?.reason, (values, formats) => sheet.row(values, formats ? { formats } : {}));
    for (const e of r.own_questions) {
      for (const c of extraTexts(e)) comments.push([roundTitle(r.round), e.title, c]);
      for (const c of e.comments) comments.push([roundTitle(r.round), t(language, 'excel.commentOn', { q: e.title }), c]);
    }
    sheet.commit();
  }

  function writeOwn(e: ExtraResult, leftOut: LeftOutReason | undefined, row: (values: Value[], formats?: ('int' | 'mean' | 'pct' | undefined)[]) => void): void {
    if (e.suppressed) {
      row([null, e.title, null, null, null, null, null, null, null, leftOut ? { marker: t(language, notAvailable[leftOut]) } : hidden]);
      return;
    }
    const options = (q: ExtraResultOf<'radio' | 'checkbox'>) => {
      row([null, q.title, null, null, null, null, null, null, null, q.n]);
      for (const o of q.options) row([null, `  ${optionLabel(o, language)}`, o.suppressed ? hidden : o.count, share(o.pct)], [undefined, undefined, 'int']);
    };
    // Free texts: their count here, the texts on the comments sheet.
    const textCount = (q: ExtraResult) => row([null, q.title, null, null, null, null, null, null, null, q.n]);
    byExtraType(
      {
        radio: options,
        checkbox: options,
        scale: (q) => row([null, `${q.title} (${q.min}–${q.max})`, q.mean, null, null, null, null, null, null, q.n]),
        text250: textCount,
        text1000: textCount,
      } satisfies ExtraResultTable<void>,
      e,
    );
  }

  // --- Trend ---------------------------------------------------------------------------------------------
  const trend = xlsx.sheet(
    t(language, 'excel.sheets.trend'),
    [
      { header: t(language, 'excel.id'), width: 7 },
      { header: t(language, 'excel.question'), width: 60 },
      { header: t(language, 'excel.kind'), width: 8 },
      ...figures.rounds.map((r) => ({ header: roundTitle(r.round), width: 10 })),
      { header: t(language, 'labels.change'), width: 12 },
    ],
    2,
  );
  for (const tr of figures.trend) {
    const format = tr.kind === 'scale5' ? 'mean' : 'one';
    // A round below the minimum carries no questions (its points have n = 0): its point is hidden, not empty.
    const points: Value[] = figures.rounds.map((r) => {
      const p = tr.points.find((x) => x.round === r.round);
      return p?.value ?? (r.suppressed || (p !== undefined && p.n > 0) ? hidden : null);
    });
    const values: Value[] = [tr.question, questionText(tr.question), tr.kind === 'enps' ? t(language, 'excel.enps') : '1–5', ...points, tr.change];
    trendRow(values, format);
  }
  function trendRow(values: Value[], format: 'mean' | 'one'): void {
    trend.row(values, { formats: values.map((_, i) => (i >= 3 ? format : undefined)) });
  }
  trend.commit();

  // --- Comments ----------------------------------------------------------------------------------------
  const sheet = xlsx.sheet(t(language, 'excel.sheets.comments'), [
    { header: t(language, 'labels.roundColumn'), width: 10 },
    { header: t(language, 'excel.question'), width: 40 },
    { header: t(language, 'excel.text'), width: 100 },
  ]);
  for (const c of comments) sheet.row(c);
  sheet.commit();

  return xlsx.finish();
}
