/**
 * The breakdowns (dimensions) an IZZ report can show and the company's ranking of them (docs/decisions/0017-anonymity-by-construction.md,
 * "Anonymity by construction"). One home for the order the application shows, the release decides over and the report
 * lists: department, location, the demographic questions in the question bank's order, then the company's radio and
 * scale questions in questionnaire order, unless the application ranks them otherwise. When the release check finds
 * that two breakdowns together would describe fewer than k people, the lowest-ranked one is coarsened or left out.
 */
import { DEMOGRAPHIC_QUESTIONS } from '../question-banks/index.js';
import type { ExtraQuestion } from './extra-question.js';
import { isGroupableExtraType } from './extra-question-types.js';

/** What a survey defines that can become a breakdown. */
export interface DimensionSource {
  departments: readonly string[];
  locations: readonly string[];
  demographicIds: readonly string[];
  extraQuestions: readonly Pick<ExtraQuestion, 'id' | 'type'>[];
}

/** The survey's breakdown keys in the default order ('department', 'location', 'demographic:<id>', 'extra:<id>'). */
export function defaultDimensionOrder(source: DimensionSource): string[] {
  const out: string[] = [];
  if (source.departments.length > 0) out.push('department');
  if (source.locations.length > 0) out.push('location');
  for (const q of DEMOGRAPHIC_QUESTIONS) if (source.demographicIds.includes(q.id)) out.push(`demographic:${q.id}`);
  for (const q of source.extraQuestions) if (isGroupableExtraType(q.type)) out.push(`extra:${q.id}`);
  return out;
}

/**
 * The survey's breakdown keys in the company's ranking: the ranked keys the survey still has, in the ranked order,
 * then the others in the default order (a breakdown added after ranking goes last; a removed one is dropped).
 */
export function rankedDimensions(source: DimensionSource, priority: readonly string[] | undefined): string[] {
  const all = defaultDimensionOrder(source);
  if (!priority || priority.length === 0) return all;
  const ranked = [...new Set(priority)].filter((k) => all.includes(k));
  return [...ranked, ...all.filter((k) => !ranked.includes(k))];
}

/** The default dimension comments are listed under among the released ones: department, else location, else none. */
export function defaultCommentsDimension(released: readonly string[]): string | null {
  return released.includes('department') ? 'department' : released.includes('location') ? 'location' : null;
}

/**
 * The dimension comments and free texts are listed under: the company's choice when the release has it (null: the
 * whole survey only), else the default.
 */
export function chosenCommentsDimension(chosen: string | null | undefined, released: readonly string[]): string | null {
  if (chosen === null) return null;
  if (chosen !== undefined && released.includes(chosen)) return chosen;
  return defaultCommentsDimension(released);
}
