/**
 * What a survey's release lets a report show (docs/decisions/0017-anonymity-by-construction.md, "Anonymity by construction"). Pure.
 *
 * A report's population is the respondents matching its selected answers; its groups are that population split by
 * one dimension. Each is a cell of the dimensions involved: none (everyone), one (a released value), or two (a cell of
 * a crossing). The base released every dimension on its own and only the crossings in `summary.crossings` (a base
 * of version 1, without the field, released every crossing). Three or more dimensions are never a released cell.
 * Free texts and comments are listed for everyone and under the one dimension `summary.comments_by`, never under two.
 */
import type { FilterAnswer, ReportBaseSummary } from '../../../../shared/schemas/report.js';
import { defaultCommentsDimension } from '../../../../shared/schemas/report-dimensions.js';

/** The distinct dimensions of some selected answers and, optionally, a group, in the order met. */
export function dimensionsOf(answers: readonly FilterAnswer[], group?: string | null): string[] {
  const out: string[] = [];
  for (const a of answers) if (!out.includes(a.question)) out.push(a.question);
  if (group && !out.includes(group)) out.push(group);
  return out;
}

/** True when the cells over these dimensions are released. */
export function cellsReleased(summary: ReportBaseSummary, dims: readonly string[]): boolean {
  if (dims.length <= 1) return true;
  if (dims.length > 2) return false;
  if (summary.crossings === undefined) return true;
  const [a, b] = dims;
  return summary.crossings.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/** The dimension comments are listed under: the base's choice; for a base of version 1, the default. */
export function commentsDimension(summary: ReportBaseSummary): string | null {
  if (summary.comments_by !== undefined) return summary.comments_by;
  return defaultCommentsDimension(summary.dimensions.map((d) => d.question));
}

/** True when free texts and comments may be listed for cells over these dimensions. */
export function commentsReleased(summary: ReportBaseSummary, dims: readonly string[]): boolean {
  if (dims.length === 0) return true;
  const by = commentsDimension(summary);
  return by !== null && dims.every((d) => d === by);
}
