/**
 * Report filters over the reporting base: which respondents a choice of answers selects, and
 * whether the population may be shown (at least the minimum, and never a small difference to a
 * smaller filter). Pure, like ./statistics.ts.
 */
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import type { FilterAnswer } from '../../../../shared/schemas/report.js';
import { clampMinGroupSize, isSafeCount } from './anonymity.js';
import type { BaseRespondent } from './reporting-base.js';

/** The key of the implicit group of respondents who did not answer the question. */
export const NO_ANSWER_KEY = '';

/** What the statistics module needs to know of the survey to split and label respondents. */
export interface SurveyQuestions {
  departments: readonly string[];
  locations: readonly string[];
  extraQuestions: readonly ExtraQuestion[];
}

/** The survey's extra question behind a dimension key 'extra:<id>'. */
export function extraOf(question: string, survey: SurveyQuestions): ExtraQuestion | undefined {
  if (!question.startsWith('extra:')) return undefined;
  const id = question.slice('extra:'.length);
  return survey.extraQuestions.find((q) => q.id === id);
}

/** The released value of a respondent on a dimension of the base; NO_ANSWER_KEY when not answered. */
export function groupKeyOf(r: BaseRespondent, question: string): string {
  return r.dims[question] ?? NO_ANSWER_KEY;
}

/** Selected answers of the same question are OR-ed, answers of different questions AND-ed; no answers = everyone. */
export function matchesFilter(r: BaseRespondent, answers: readonly FilterAnswer[]): boolean {
  return compileFilter(answers)(r);
}

/** The filter as a predicate (grouped once, not per respondent). */
export function compileFilter(answers: readonly FilterAnswer[]): (r: BaseRespondent) => boolean {
  const byQuestion = new Map<string, Set<string>>();
  for (const f of answers) byQuestion.set(f.question, (byQuestion.get(f.question) ?? new Set()).add(f.value));
  const groups = [...byQuestion.entries()];
  return (r) => groups.every(([question, values]) => values.has(groupKeyOf(r, question)));
}

/** Every proper subset of the selected answers (the filters the report can be compared with). */
function smallerFilters(answers: readonly FilterAnswer[]): FilterAnswer[][] {
  const out: FilterAnswer[][] = [];
  const all = (1 << answers.length) - 1;
  for (let mask = 0; mask < all; mask++) out.push(answers.filter((_, i) => mask & (1 << i)));
  return out;
}

export interface FilterAnalysis {
  /** 1 where the respondent is in the report's population. */
  inFilter: Uint8Array;
  /** Per smaller filter: 1 where the respondent is in that filter's population. */
  inSmaller: Uint8Array[];
  n: number;
  suppressed: boolean;
  reason: 'below-minimum' | 'difference-below-minimum' | 'not-released' | null;
}

/**
 * The report's population under the selected answers and whether it may be shown: at least the
 * minimum, and differing from the population of every smaller filter (down to 'everyone') by
 * nobody or by at least the minimum. On a reporting base both always hold for a non-empty
 * population (it is a union of classes of at least the minimum); the check stays as a second line.
 */
export function analyseFilter(respondents: readonly BaseRespondent[], answers: readonly FilterAnswer[], minGroupSize: number): FilterAnalysis {
  const min = clampMinGroupSize(minGroupSize);
  const member = (f: readonly FilterAnswer[]) => {
    const m = new Uint8Array(respondents.length);
    if (f.length === 0) m.fill(1);
    else {
      const matches = compileFilter(f);
      respondents.forEach((r, i) => (m[i] = matches(r) ? 1 : 0));
    }
    return m;
  };
  const inFilter = member(answers);
  const inSmaller = smallerFilters(answers).map(member);
  let n = 0;
  for (const v of inFilter) n += v;
  let reason: FilterAnalysis['reason'] = null;
  if (n < min) reason = 'below-minimum';
  else
    for (const s of inSmaller) {
      let d = 0;
      for (let i = 0; i < s.length; i++) if (s[i] !== inFilter[i]) d += 1;
      if (!isSafeCount(d, min)) reason = 'difference-below-minimum';
    }
  return { inFilter, inSmaller, n, suppressed: reason !== null, reason };
}

