/**
 * The PULS report as a PDF: cover, contents, the rounds at a glance (every planned round: the figures of those
 * that ran, the day a round ended early, and which rounds are still to come or did not run), the trend of every rated
 * question across the rounds (line charts with a value at each point), then each round's figures
 * (agreement questions with their 1-5 distribution, eNPS, free text, the company's own questions).
 *
 * Pure: PulsFigures (server/modules/reports/figures/figures.ts buildPulsFigures) -> PDF bytes. A round below the
 * minimum shows only its response count, marked as hidden; a hidden round is a gap in the trend.
 */
import { PULS_SCALE_LABELS, pulsQuestionById } from '../../shared/question-banks/index.js';
import type { PulsFigures, PulsQuestionFigures, PulsRoundFigures, PulsScheduleItem } from '../../shared/schemas/report.js';
import { COLORS, drawHatch, drawLegend, drawLineChart, drawRight, drawStackedBar } from '../blocks/charts.js';
import { fitLine, wrapText } from '../blocks/text.js';
import { localizedText } from '../../shared/i18n/localized-text.js';
import { textsFor } from '../../shared/i18n/node.js';
import type { PulsFollowUp } from '../../shared/focus-follow-up.js';
import { pulsFollowUpSection } from './report-follow-up.js';
import { A4, CONTENT_W, formatDate, HIDDEN_MARK, M, ReportLayout, type ReportLogo } from './report-common.js';

export interface PulsReportInput {
  figures: PulsFigures;
  /** The focus area this survey follows up (shared/focus-follow-up.ts), when it was made from one. */
  followUp?: PulsFollowUp | null;
  logo?: ReportLogo | undefined;
  /** The day the report is made (printed on the cover). */
  generatedOn: Date | string;
}

const questionText = (id: string, lang: PulsFigures['language']): string => localizedText(pulsQuestionById(id)?.text, lang) || id;

function roundTitle(L: ReportLayout, r: { round: number; start_date: string | null; end_date: string | null }): string {
  const dates = [formatDate(r.start_date), formatDate(r.end_date)].filter(Boolean).join(' – ');
  const label = L.t('labels.round', { n: r.round });
  return dates ? `${label} (${dates})` : label;
}

/** What became of a planned round ("Ended early on 12.09.2030", "Did not run: …"); null for a round that ran as planned. */
function outcomeText(L: ReportLayout, s: PulsScheduleItem): string | null {
  return s.outcome === 'ran' ? null : L.t(`labels.outcomes.${s.outcome}`, { date: formatDate(s.ended_on) });
}

/** Every planned round in order; figures without a schedule (older callers) are rounds that ran. */
const scheduleOf = (f: PulsFigures): PulsScheduleItem[] =>
  f.schedule.length > 0 ? f.schedule : f.rounds.map((r) => ({ round: r.round, start_date: r.start_date, end_date: r.end_date, outcome: 'ran', ended_on: null }));

function overview(L: ReportLayout, f: PulsFigures): void {
  const t = L.t;
  const { regular, bold } = L.fonts;
  L.section(t('pdf.rounds'));
  const cols = { resp: M.left + 290, occ: M.left + 360, moe: M.left + 440 };
  const head = { font: bold, size: 7.5, color: COLORS.muted };
  L.ensure(30);
  L.page.drawText(t('labels.roundColumn'), { x: M.left, y: L.y - 8, ...head });
  drawRight(L.page, t('labels.responses'), cols.resp, L.y - 8, head);
  drawRight(L.page, t('labels.occupancy'), cols.occ, L.y - 8, head);
  drawRight(L.page, `${t('pdf.marginOfError')} 95 %`, cols.moe + 50, L.y - 8, head);
  L.y -= 13;
  L.page.drawLine({ start: { x: M.left, y: L.y }, end: { x: A4.width - M.right, y: L.y }, thickness: 0.6, color: COLORS.rule });
  const figures = new Map(f.rounds.map((r) => [r.round, r]));
  for (const s of scheduleOf(f)) {
    const r = figures.get(s.round);
    const note = outcomeText(L, s);
    if (!r) {
      // Planned but not in this report: still to come, or did not run (the survey was closed before it).
      L.ensure(22);
      L.page.drawText(fitLine(roundTitle(L, s), bold, 9, 230), { x: M.left, y: L.y - 14, size: 9, font: bold, color: COLORS.muted });
      L.page.drawText(fitLine(note ?? '', regular, 8, A4.width - M.right - M.left - 240), { x: M.left + 240, y: L.y - 14, size: 8, font: regular, color: COLORS.muted });
      L.y -= 22;
      L.page.drawLine({ start: { x: M.left, y: L.y }, end: { x: A4.width - M.right, y: L.y }, thickness: 0.3, color: COLORS.rule });
      continue;
    }
    L.ensure(note ? 32 : 22);
    L.page.drawText(fitLine(roundTitle(L, r), bold, 9, 230), { x: M.left, y: L.y - 14, size: 9, font: bold, color: COLORS.ink });
    if (note) L.page.drawText(fitLine(note, regular, 7.5, 230), { x: M.left, y: L.y - 25, size: 7.5, font: regular, color: COLORS.muted });
    drawRight(L.page, String(r.responses), cols.resp, L.y - 14, { font: regular, size: 9 });
    if (r.suppressed) {
      drawHatch(L.page, cols.resp + 10, L.y - 18, A4.width - M.right - cols.resp - 10, 14);
      L.page.drawText(`${HIDDEN_MARK} ${L.hiddenText('below-minimum')}`, { x: cols.resp + 14, y: L.y - 14, size: 7.5, font: regular, color: COLORS.hiddenInk });
    } else {
      drawRight(L.page, r.occupancy_pct === null ? '–' : L.fmt.pct(r.occupancy_pct), cols.occ, L.y - 14, { font: regular, size: 9 });
      drawRight(L.page, r.margin_of_error.p95 === null ? '–' : `± ${L.fmt.num(r.margin_of_error.p95, 1)}`, cols.moe + 50, L.y - 14, { font: regular, size: 9 });
    }
    L.y -= note ? 32 : 22;
    L.page.drawLine({ start: { x: M.left, y: L.y }, end: { x: A4.width - M.right, y: L.y }, thickness: 0.3, color: COLORS.rule });
  }
  L.y -= 10;
  L.paragraph(t('labels.roundHidden', { min: f.min_group_size }), { size: 7.5 });
}

function trendSection(L: ReportLayout, f: PulsFigures): void {
  const t = L.t;
  L.section(t('labels.trend'));
  const xLabels = f.rounds.map((r) => t('labels.round', { n: r.round }));
  for (const tr of f.trend) {
    const text = questionText(tr.question, f.language);
    const lines = wrapText(text, L.fonts.bold, 10, CONTENT_W);
    L.ensure(lines.length * 13 + 150);
    L.subheading(text, 130);
    const byRound = new Map(tr.points.map((p) => [p.round, p.value]));
    const isEnps = tr.kind === 'enps';
    drawLineChart(L.page, {
      x: M.left,
      y: L.y - 110,
      width: CONTENT_W - 110,
      height: 100,
      min: isEnps ? -100 : 1,
      max: isEnps ? 100 : 5,
      ticks: isEnps ? [-100, -50, 0, 50, 100] : [1, 2, 3, 4, 5],
      xLabels,
      series: [{ name: text, values: f.rounds.map((r) => byRound.get(r.round) ?? null) }],
      font: L.fonts.regular,
      format: (v) => (isEnps ? L.fmt.sign(v, 1) : L.fmt.num(v, 2)),
      tickFormat: (v) => (isEnps ? L.fmt.sign(v, 0) : L.fmt.num(v, 0)),
      hiddenMark: HIDDEN_MARK,
    });
    const x = A4.width - M.right - 95;
    L.page.drawText(t('labels.change'), { x, y: L.y - 30, size: 7.5, font: L.fonts.regular, color: COLORS.muted });
    L.page.drawText(tr.change === null ? '–' : L.fmt.sign(tr.change, isEnps ? 1 : 2), { x, y: L.y - 50, size: 16, font: L.fonts.bold, color: COLORS.ink });
    L.page.drawText(isEnps ? 'eNPS' : `${t('labels.mean')} 1–5`, { x, y: L.y - 64, size: 7.5, font: L.fonts.regular, color: COLORS.muted });
    L.y -= 132;
  }
  if (f.rounds.some((r) => r.suppressed)) L.hiddenNote('below-minimum');
}

function enpsRow(L: ReportLayout, q: Extract<PulsQuestionFigures, { kind: 'enps' }>, lang: PulsFigures['language']): void {
  const t = L.t;
  const { regular, bold } = L.fonts;
  L.subheading(questionText(q.id, lang), 60);
  if (q.suppressed || q.enps.score === null) {
    L.hiddenNote(q.n === 0 ? 'empty' : 'below-minimum');
    return;
  }
  const e = q.enps;
  L.ensure(50);
  L.page.drawText(`eNPS ${L.fmt.sign(e.score!, 1)}`, { x: M.left, y: L.y - 16, size: 16, font: bold, color: COLORS.ink });
  drawStackedBar(L.page, {
    x: M.left + 130,
    y: L.y - 20,
    width: CONTENT_W - 130,
    height: 18,
    font: bold,
    size: 7.5,
    segments: [
      { value: e.detractors, color: COLORS.detractors, label: e.detractors_pct === null ? '' : L.fmt.pct(e.detractors_pct, 0) },
      { value: e.passives, color: COLORS.passives, label: e.passives_pct === null ? '' : L.fmt.pct(e.passives_pct, 0) },
      { value: e.promoters, color: COLORS.promoters, label: e.promoters_pct === null ? '' : L.fmt.pct(e.promoters_pct, 0) },
    ],
  });
  L.y -= 28;
  L.y -= drawLegend(L.page, {
    x: M.left + 130,
    y: L.y - 4,
    width: CONTENT_W - 130,
    font: regular,
    items: [
      { color: COLORS.detractors, text: `${t('labels.detractors')} 0–6: ${e.detractors}` },
      { color: COLORS.passives, text: `${t('labels.passives')} 7–8: ${e.passives}` },
      { color: COLORS.promoters, text: `${t('labels.promoters')} 9–10: ${e.promoters}` },
    ],
  });
  L.y -= 6;
}

function roundSection(L: ReportLayout, f: PulsFigures, r: PulsRoundFigures): void {
  const t = L.t;
  if (r.suppressed) {
    // A round below the minimum has no questions, only its count (as in the overview): a short
    // section that does not need a page of its own.
    L.section(roundTitle(L, r), { newPage: false, minSpace: 90 });
    L.paragraph(`${t('labels.responses')}: ${r.responses}`, { size: 9, color: COLORS.ink });
    L.hiddenNote('below-minimum');
    L.paragraph(t('labels.roundHidden', { min: f.min_group_size }));
    return;
  }
  L.section(roundTitle(L, r));
  L.paragraph(`${t('labels.responses')}: ${r.responses}${r.occupancy_pct === null ? '' : `  ·  ${t('labels.occupancy')}: ${L.fmt.pct(r.occupancy_pct)}`}${r.margin_of_error.p95 === null ? '' : `  ·  ${t('pdf.marginOfError')} (95 %): ± ${L.fmt.num(r.margin_of_error.p95, 1)}`}`, {
    size: 9,
    color: COLORS.ink,
  });
  const scale = r.questions.filter((q): q is Extract<PulsQuestionFigures, { kind: 'scale5' }> => q.kind === 'scale5');
  if (scale.length > 0) {
    L.subheading(t('pdf.questions'), 60);
    L.ensure(30);
    L.y -= drawLegend(L.page, {
      x: M.left,
      y: L.y - 8,
      width: CONTENT_W,
      font: L.fonts.regular,
      items: PULS_SCALE_LABELS.map((s, i) => ({ color: COLORS.scale5[i]!, text: `${s.value} ${localizedText(s.label, f.language)}` })),
    });
    L.statementHeader();
    for (const q of scale) {
      L.statementRow({ text: questionText(q.id, f.language), mean: q.mean, favourable: q.favourable_pct, distribution: q.distribution, suppressed: q.suppressed, n: q.n, colors: COLORS.scale5 });
    }
    L.y -= 8;
  }
  for (const q of r.questions) if (q.kind === 'enps') enpsRow(L, q, f.language);
  for (const q of r.questions) {
    if (q.kind !== 'text') continue;
    L.subheading(questionText(q.id, f.language), 30);
    if (q.suppressed) L.hiddenNote('below-minimum');
    else L.textList(q.texts);
  }
  if (r.own_questions.length > 0) {
    L.subheading(t('pdf.ownQuestions'), 40);
    L.extraResults(r.own_questions, r.left_out);
  }
}

export async function renderPulsReport(input: PulsReportInput): Promise<Uint8Array> {
  const f = input.figures;
  const lang = f.language;
  const texts = textsFor(lang, 'reports');
  const L = await ReportLayout.create(lang, `${f.meta.company} · ${f.meta.name}`, f.min_group_size, `${texts('pdf.pulsTitle')} · ${f.meta.name}`);
  const logo = await L.embedLogo(input.logo);
  const shown = f.rounds.filter((r) => !r.suppressed && r.responses > 0);
  const last = shown[shown.length - 1];
  L.cover(
    {
      title: texts('pdf.pulsTitle'),
      company: f.meta.company,
      survey: f.meta.name,
      startDate: f.meta.start_date,
      endDate: f.meta.end_date,
      generatedOn: input.generatedOn,
      logo: input.logo,
      minGroupSize: f.min_group_size,
      highlights: [
        [texts('pdf.rounds'), f.schedule.length > f.rounds.length ? texts('labels.roundsOf', { ran: f.rounds.length, planned: f.schedule.length }) : String(f.rounds.length)],
        [texts('labels.responses'), String(f.rounds.reduce((s, r) => s + r.responses, 0))],
        ...(last ? ([[`${texts('labels.round', { n: last.round })} · ${texts('labels.responses')}`, String(last.responses)]] as [string, string][]) : []),
      ],
    },
    logo,
  );
  const sections: (() => void)[] = [() => overview(L, f)];
  if (input.followUp) {
    const card = input.followUp;
    sections.push(() => pulsFollowUpSection(L, card, lang));
  }
  if (f.trend.length > 0 && f.rounds.length > 0) sections.push(() => trendSection(L, f));
  for (const r of f.rounds) sections.push(() => roundSection(L, f, r));
  L.reserveContents(sections.length);
  for (const s of sections) s();
  return L.finish(f.meta.company);
}
