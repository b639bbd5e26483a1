/**
 * Anonymity protection of report figures (product-decisions.md, "Access codes and anonymity").
 * Pure functions; the statistics module calls them, pages and renderers never do.
 *
 * The rules:
 * 1. A group with fewer respondents than the minimum (default 5, configurable, never below 3)
 *    shows no figures and no comments.
 * 2. Nothing published may be subtracted to reveal fewer than the minimum. Within one split of the
 *    respondents (a question group, including the implicit "no answer" group), 'all' minus the shown
 *    groups equals the hidden groups together, so the hidden groups must hold at least the minimum
 *    together (or nobody): while they do not, the smallest shown group is hidden too.
 * 3. A report filtered by selected answers is compared with the same report under each smaller
 *    filter (any subset of the selected answers, down to no filter at all). A group's difference to
 *    itself under such a filter must be empty or at least the minimum; the hidden groups' summed
 *    differences obey the same rule as in 2.
 * 4. Free text (comments, extra questions' text answers) of a shown group only, trimmed, in an
 *    order given by a hash of the text and the survey (the same list is always in the same order,
 *    and the order says nothing about who wrote first), with nothing beside the text.
 *
 * Rules 2 and 3 are a second line of defence: the figures are computed from the survey's reporting
 * base (./reporting-base.ts), whose every group and filter is a union of classes of at least the
 * minimum, so on it they never hide anything but empty groups.
 */
import { createHash } from 'node:crypto';
import { LIMITS } from '../../../../shared/constants.js';
import type { SuppressionReason } from '../../../../shared/schemas/report.js';

/** A random number in [0, 1); Math.random in production, a seeded one in tests. */
export type Rng = () => number;

/** The minimum group size in force: an integer, default 5, never below 3. */
export function clampMinGroupSize(value?: number | null): number {
  if (value === undefined || value === null || !Number.isFinite(value)) return LIMITS.minGroupSizeDefault;
  return Math.max(LIMITS.minGroupSizeFloor, Math.floor(value));
}

/** A count that may be published or derived: nobody, or at least the minimum. */
export function isSafeCount(n: number, minGroupSize: number): boolean {
  return n === 0 || n >= minGroupSize;
}

export interface GroupCount {
  key: string;
  /** Respondents in the group (within the report's population). */
  n: number;
  /**
   * Per smaller filter: respondents by which this group differs from the same group under that
   * filter. Empty (or absent) when the report has no answers filter.
   */
  differences?: readonly number[];
}

export interface GroupProtection {
  suppressed: boolean;
  reason: SuppressionReason | null;
}

/**
 * Decides which groups of one split are shown. The groups must partition the population (every
 * respondent in exactly one group; pass the "no answer" group too).
 */
export function protectGroups(groups: readonly GroupCount[], minGroupSize: number): Map<string, GroupProtection> {
  const min = clampMinGroupSize(minGroupSize);
  const out = new Map<string, GroupProtection>();
  const diffCount = groups.reduce((m, g) => Math.max(m, g.differences?.length ?? 0), 0);
  const diff = (g: GroupCount, j: number) => g.differences?.[j] ?? 0;

  for (const g of groups) {
    let reason: SuppressionReason | null = null;
    if (g.n === 0) reason = 'empty';
    else if (g.n < min) reason = 'below-minimum';
    else if (g.differences?.some((d) => !isSafeCount(d, min))) reason = 'difference-below-minimum';
    out.set(g.key, { suppressed: reason !== null, reason });
  }

  // Hidden groups together (an empty group hides nobody and adds nothing to a subtraction).
  const hidden = groups.filter((g) => g.n > 0 && out.get(g.key)?.suppressed);
  const sums = () => ({
    n: hidden.reduce((s, g) => s + g.n, 0),
    d: Array.from({ length: diffCount }, (_, j) => hidden.reduce((s, g) => s + diff(g, j), 0)),
  });
  for (;;) {
    const s = sums();
    const nBad = !isSafeCount(s.n, min);
    const badDiff = s.d.findIndex((d) => !isSafeCount(d, min));
    if (!nBad && badDiff < 0) break;
    const candidates = groups.filter((g) => g.n > 0 && !out.get(g.key)?.suppressed).sort((a, b) => a.n - b.n || (a.key < b.key ? -1 : 1));
    if (candidates.length === 0) break;
    // Fix the count first; then a difference, preferring the smallest group that changes it.
    const pick = nBad ? candidates[0] : (candidates.find((g) => diff(g, badDiff) > 0) ?? candidates[0]);
    if (!pick) break;
    out.set(pick.key, { suppressed: true, reason: 'complementary' });
    hidden.push(pick);
  }
  return out;
}

/** Fisher–Yates with the given random source; returns a new array. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = a[i] as T;
    a[i] = a[j] as T;
    a[j] = t;
  }
  return a;
}

/** A hex SHA-256 of a text: orders rows and texts by content, never by arrival. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Free texts of ONE shown group as publishable strings: trimmed, blanks dropped, ordered by a hash
 * of the seed (the survey) and the text, so a list is identical at every download and its order
 * tells nothing about the respondents. Pass `shown: false` for a hidden group (returns nothing).
 * Only the strings leave: no id, date or other answer travels with a text.
 */
export function releaseTexts(texts: readonly (string | undefined | null)[], shown: boolean, seed: string): string[] {
  if (!shown) return [];
  const clean: { text: string; hash: string }[] = [];
  // The n-th copy of the same text gets its own place (copies are indistinguishable, so this says
  // nothing about arrival), so identical comments do not stand side by side.
  const copies = new Map<string, number>();
  for (const t of texts) {
    if (typeof t !== 'string') continue;
    const s = t.trim();
    if (!s) continue;
    const copy = copies.get(s) ?? 0;
    copies.set(s, copy + 1);
    clean.push({ text: s, hash: contentHash(`${seed}\u0000${String(copy)}\u0000${s}`) });
  }
  clean.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  return clean.map((c) => c.text);
}

