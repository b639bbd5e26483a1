/**
 * The statistics of the comparative and benchmark reports (issue 16), pure: market quantiles, a company's percentile
 * rank, and the significance tests that decide which differences are marked.
 *
 * - Quantiles: linear interpolation between order statistics (Hyndman & Fan type 7, the default of R, NumPy and Excel's
 *   PERCENTILE.INC): h = (n − 1)·p, q = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]). The market's "top 25 %" is the 75th
 *   percentile, "top 10 %" the 90th.
 * - Percentile rank (mid-rank): 100 × (companies below + ½ × companies equal) ÷ companies, one decimal. A company equal
 *   to everyone is at 50; the best of 10 distinct values at 95.
 * - A difference of % favourable is tested with the two-proportion z-test (pooled), of a mean with Welch's t-test; both
 *   two-sided at 95 % (p < 0.05). Groups below the report's minimum never reach a test: they are hidden before.
 * - A benchmark group needs at least MIN_BENCHMARK_COMPANIES companies (besides the company itself), so no market figure
 *   can describe one company.
 */

import { roundHalfAwayFromZero } from '../../../../shared/rounding.js';
import { MIN_BENCHMARK_COMPANIES } from '../../../../shared/schemas/comparison.js';

export { MIN_BENCHMARK_COMPANIES };
export const SIGNIFICANCE_LEVEL = 0.05;

/** Half away from zero, the one rule of every figure (shared/rounding.ts). */
const round = roundHalfAwayFromZero;

/** The p-quantile (0..1) of values (any order), type 7; null for no values. */
export function quantile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, x.length - 1);
  return x[lo]! + (h - lo) * (x[hi]! - x[lo]!);
}

export interface MarketSummary {
  companies: number;
  median: number;
  top25: number;
  top10: number;
}

/** Median, top 25 % and top 10 % (one decimal) of a market's values; null below MIN_BENCHMARK_COMPANIES. */
export function marketSummary(values: readonly number[], decimals = 1): MarketSummary | null {
  if (values.length < MIN_BENCHMARK_COMPANIES) return null;
  return {
    companies: values.length,
    median: round(quantile(values, 0.5)!, decimals),
    top25: round(quantile(values, 0.75)!, decimals),
    top10: round(quantile(values, 0.9)!, decimals),
  };
}

/** The mid-rank percentile of `value` among `values` (which include it when it is part of the market), one decimal. */
export function percentileRank(values: readonly number[], value: number): number | null {
  if (values.length === 0) return null;
  let below = 0;
  let equal = 0;
  for (const v of values) {
    if (v < value) below++;
    else if (v === value) equal++;
  }
  return round((100 * (below + equal / 2)) / values.length, 1);
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
