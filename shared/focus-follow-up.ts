/**
 * The follow-up of focus areas, as every report output shows it (web, PDF, Excel): a PULS survey made from a focus
 * area shows that area's pulse questions' change across its rounds (from the PULS report's own trend), and the
 * comparative report over the years shows each survey's focus areas with what became of their actions beside the
 * change of their figure in the next survey (from the comparative report's own columns). Nothing here is a new
 * figure: both are selections of what the report already shows. Pure.
 */
import { localizedText } from './i18n/localized-text.js';
import { CATEGORIES, STATEMENTS } from './question-banks/index.js';
import type { ActionStatus, FocusAreaKind, FocusHistory, PulseOrigin } from './schemas/actions.js';
import type { ComparativeFigures } from './schemas/comparison.js';
import type { PulsFigures, PulsTrend } from './schemas/report.js';

/** A focus area's name in a report language: the category's title or the statement's text. */
export function focusAreaLabel(kind: FocusAreaKind, id: string, language: string): string {
  const text = kind === 'category' ? CATEGORIES.find((c) => c.id === id)?.title : STATEMENTS.find((s) => s.id === id)?.text;
  return localizedText(text, language) || id;
}

export interface PulsFollowUp {
  /** The IZZ survey whose focus area this PULS survey follows up. */
  survey_id: number;
  survey_name: string;
  kind: FocusAreaKind;
  item_id: string;
  /** The trend of the area's pulse questions that the report shows, in the report's order. */
  trends: Pick<PulsTrend, 'question' | 'kind' | 'change'>[];
}

/** The card of a PULS survey made from a focus area (null when it was not). */
export function pulsFollowUp(origin: PulseOrigin | null, figures: PulsFigures): PulsFollowUp | null {
  if (!origin) return null;
  return {
    survey_id: origin.survey_id,
    survey_name: origin.survey_name,
    kind: origin.kind,
    item_id: origin.item_id,
    trends: figures.trend.filter((t) => origin.questions.includes(t.question)).map((t) => ({ question: t.question, kind: t.kind, change: t.change })),
  };
}

export interface FollowedFocusArea {
  kind: FocusAreaKind;
  item_id: string;
  actions: { title: string; status: ActionStatus }[];
  /** Actions done of all. */
  done: number;
  /** The next compared survey's year; undefined when no survey followed yet (null: a survey without a year). */
  next_year: number | null | undefined;
  /** The area's mean change in the next survey; null when the next survey hides it or shows no change. */
  change: number | null;
}

export interface FocusHistoryCard {
  survey_id: number;
  year: number | null;
  areas: FollowedFocusArea[];
}

/** Each earlier survey's focus areas beside the change of their figure in the next survey ('years' only; else none). */
export function focusHistoryCards(history: FocusHistory, figures: ComparativeFigures): FocusHistoryCard[] {
  if (figures.variant !== 'years') return [];
  return history.map((h) => {
    const index = figures.columns.findIndex((c) => c.survey_id === h.survey_id);
    const next = index >= 0 ? figures.columns[index + 1] : undefined;
    return {
      survey_id: h.survey_id,
      year: h.year,
      areas: h.focus_areas.map((a) => {
        const item = next ? (a.kind === 'category' ? next.categories : next.statements).find((x) => x.id === a.item_id) : undefined;
        return {
          kind: a.kind,
          item_id: a.item_id,
          actions: a.actions.map((x) => ({ title: x.title, status: x.status })),
          done: a.actions.filter((x) => x.status === 'done').length,
          next_year: next ? next.year : undefined,
          change: next && !next.hidden ? (item?.mean.change ?? null) : null,
        };
      }),
    };
  });
}
