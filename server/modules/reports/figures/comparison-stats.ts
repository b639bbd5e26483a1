/**
 * The statistics of the comparative and benchmark reports, pure: the benchmark's bands and a
 * company's position among a group, and the significance tests that decide which differences are marked.
 *
 * - Bands (a group's companies with a value, sorted ascending; ties in survey order): the median band is the middle
 *   fifth (at least MIN_BENCHMARK_COMPANIES, centred on the median), the top 25 % the best quarter (⌊n/4⌋) and the
 *   top 10 % the best tenth (⌊n/10⌋); a band is offered only with at least MIN_BENCHMARK_COMPANIES companies, so the
 *   top 25 % needs 20 companies and the top 10 % 50. Within a group the bands are nested (top 10 % ⊂ top 25 %) or
 *   disjoint (the median band lies below the top quarter). A band's figure is the mean of its companies' values,
 *   rounded by the one rule (shared/rounding.ts) — never one company's value.
 * - Position: the mid-rank percentile, 100 × (companies below + ½ × companies equal) ÷ companies, in bands: top 10 %
 *   (≥ 90), top 25 % (≥ 75), above the median (≥ 50), below the median (≥ 25), bottom 25 %.
 * - A difference of % favourable is tested with the two-proportion z-test (pooled), of a mean with Welch's t-test; both
 *   two-sided at 95 % (p < 0.05). Groups below the report's minimum never reach a test: they are hidden before.
 */

import { roundHalfAwayFromZero } from '../../../../shared/rounding.js';
import { MIN_BENCHMARK_COMPANIES, type BenchmarkBand, type BenchmarkPosition } from '../../../../shared/schemas/comparison.js';

export { MIN_BENCHMARK_COMPANIES };
export const SIGNIFICANCE_LEVEL = 0.05;

/** Half away from zero, the one rule of every figure (shared/rounding.ts). */
const round = roundHalfAwayFromZero;

/**
 * The positions [from, to) of a band among n ascending values; null when the band would hold fewer than
 * MIN_BENCHMARK_COMPANIES companies.
 */
export function bandRange(n: number, band: BenchmarkBand): [number, number] | null {
  if (n < MIN_BENCHMARK_COMPANIES) return null;
  if (band === 'median') {
    const m = Math.max(MIN_BENCHMARK_COMPANIES, Math.floor(n / 5));
    const from = Math.floor((n - m) / 2);
    return [from, from + m];
  }
  const size = Math.floor(band === 'top25' ? n / 4 : n / 10);
  return size >= MIN_BENCHMARK_COMPANIES ? [n - size, n] : null;
}

/** The mean of values, rounded to `decimals`; null for none. */
export function bandMean(values: readonly number[], decimals: number): number | null {
  if (values.length === 0) return null;
  return round(values.reduce((a, v) => a + v, 0) / values.length, decimals);
}

/** The mid-rank percentile of `value` among `values` (which include it), unrounded; null for no values. */
export function percentileRank(values: readonly number[], value: number): number | null {
  if (values.length === 0) return null;
  let below = 0;
  let equal = 0;
  for (const v of values) {
    if (v < value) below++;
    else if (v === value) equal++;
  }
  return (100 * (below + equal / 2)) / values.length;
}

/** The band of a mid-rank percentile. */
export function positionOf(percentile: number): BenchmarkPosition {
  if (percentile >= 90) return 'top-10';
  if (percentile >= 75) return 'top-25';
  if (percentile >= 50) return 'upper-half';
  if (percentile >= 25) return 'lower-half';
  return 'bottom-25';
}

// ---------------------------------------------------------------------------------------------
// Distributions
// ---------------------------------------------------------------------------------------------

/** The standard normal CDF, through the complementary error function below. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

function erfc(x: number): number {
  // Numerical Recipes' erfcc (Chebyshev), fractional error < 1.2e-7 everywhere.
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9).
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularized incomplete beta I_x(a, b) (continued fraction, Numerical Recipes betacf). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  const cf = (xx: number, aa: number, bb: number) => {
    const tiny = 1e-300;
    let c = 1;
    let d = 1 - ((aa + bb) * xx) / (aa + 1);
    if (Math.abs(d) < tiny) d = tiny;
    d = 1 / d;
    let h = d;
    for (let m = 1; m <= 300; m++) {
      const m2 = 2 * m;
      let num = (m * (bb - m) * xx) / ((aa + m2 - 1) * (aa + m2));
      d = 1 + num * d;
      if (Math.abs(d) < tiny) d = tiny;
      c = 1 + num / c;
      if (Math.abs(c) < tiny) c = tiny;
      d = 1 / d;
      h *= d * c;
      num = (-(aa + m) * (aa + bb + m) * xx) / ((aa + m2) * (aa + m2 + 1));
      d = 1 + num * d;
      if (Math.abs(d) < tiny) d = tiny;
      c = 1 + num / c;
      if (Math.abs(c) < tiny) c = tiny;
      d = 1 / d;
      const del = d * c;
      h *= del;
      if (Math.abs(del - 1) < 1e-12) break;
    }
    return h;
  };
  return x < (a + 1) / (a + b + 2) ? (front * cf(x, a, b)) / a : 1 - (front * cf(1 - x, b, a)) / b;
}

/** Two-sided p-value of Student's t with df degrees of freedom. */
export function studentTwoSidedP(t: number, df: number): number {
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

export interface TestResult {
  statistic: number;
  p: number;
  significant: boolean;
}

/** Two-proportion z-test (pooled) of x1/n1 against x2/n2, two-sided; null when a group is empty or nobody differs. */
export function twoProportionTest(x1: number, n1: number, x2: number, n2: number): TestResult | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return null;
  const z = (x1 / n1 - x2 / n2) / se;
  const p = 2 * (1 - normalCdf(Math.abs(z)));
  return { statistic: round(z, 3), p: round(p, 4), significant: p < SIGNIFICANCE_LEVEL };
}

export interface Sample {
  n: number;
  mean: number;
  /** Sample variance (n − 1 in the denominator). */
  variance: number;
}

/** Mean and sample variance of values. */
export function sampleOf(values: readonly number[]): Sample {
  const n = values.length;
  const mean = n === 0 ? 0 : values.reduce((a, b) => a + b, 0) / n;
  const variance = n < 2 ? 0 : values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  return { n, mean, variance };
}

/** Welch's t-test of two means, two-sided (Welch–Satterthwaite degrees of freedom); null with fewer than 2 in a group or no spread. */
export function welchTest(a: Sample, b: Sample): (TestResult & { df: number }) | null {
  if (a.n < 2 || b.n < 2) return null;
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se = Math.sqrt(va + vb);
  if (se === 0) return null;
  const t = (a.mean - b.mean) / se;
  const df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  const p = studentTwoSidedP(t, df);
  return { statistic: round(t, 3), p: round(p, 4), significant: p < SIGNIFICANCE_LEVEL, df: round(df, 1) };
}
