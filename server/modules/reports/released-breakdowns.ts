/**
 * The breakdowns a report may show at once (Excel v2): the report's figures once per
 * dimension the survey's reporting base releases, each split by that dimension under the report's
 * own selected answers — exactly the figures the web report shows when that group is chosen, made by
 * the same pure buildReportFigures. Which dimensions are released is the base's decision
 * (`base.summary.dimensions`, in priority order); this file only asks for each of them.
 *
 * Free text is listed under ONE of them, the base's comment dimension (figures/release-rules.ts:
 * department when released, else location; never under two, so no two lists of one person's
 * comments can be laid over each other).
 */
import type { ReportFigures, ReportSettings } from '../../../shared/schemas/report.js';
import { buildReportFigures, type BuildReportInput } from './figures/figures.js';
import { commentsDimension } from './figures/release-rules.js';

export interface ReleasedBreakdowns {
  /** One figures object per released dimension, in the base's priority order, each with its `breakdown`. */
  breakdowns: ReportFigures[];
  /** The one breakdown whose groups list their free text; null when the base releases no dimension. */
  comments: ReportFigures | null;
}

/** Every released breakdown under `settings` (its selected answers and language; its own group is ignored). */
export function releasedBreakdowns(input: Omit<BuildReportInput, 'settings'>, settings: ReportSettings): ReleasedBreakdowns {
  const dimensions = input.base.summary.dimensions.map((d) => d.question);
  const breakdowns = dimensions.map((group) => buildReportFigures({ ...input, settings: { ...settings, filter: { ...settings.filter, group } } }));
  const by = commentsDimension(input.base.summary);
  return { breakdowns, comments: breakdowns.find((f) => f.breakdown?.question === by) ?? null };
}
