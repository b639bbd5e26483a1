import { describe, expect, it } from 'vitest';
import { bandMean, bandRange, normalCdf, percentileRank, positionOf, sampleOf, studentTwoSidedP, twoProportionTest, welchTest } from './comparison-stats.js';

describe('benchmark bands', () => {
  it('the middle fifth (at least five), the best quarter and the best tenth, each only with at least five companies', () => {
    expect(bandRange(4, 'median')).toBeNull();
    expect(bandRange(5, 'median')).toEqual([0, 5]);
    expect(bandRange(9, 'median')).toEqual([2, 7]);
    expect(bandRange(23, 'median')).toEqual([9, 14]);
    expect(bandRange(100, 'median')).toEqual([40, 60]);
    expect(bandRange(19, 'top25')).toBeNull(); // the best quarter of 19 is four companies
    expect(bandRange(20, 'top25')).toEqual([15, 20]);
    expect(bandRange(27, 'top25')).toEqual([21, 27]);
    expect(bandRange(49, 'top10')).toBeNull();
    expect(bandRange(50, 'top10')).toEqual([45, 50]);
  });

  it('the median band lies below the best quarter: the bands of a group are nested or disjoint', () => {
    for (let n = 20; n <= 400; n++) {
      const median = bandRange(n, 'median')!;
      const top25 = bandRange(n, 'top25')!;
      expect(median[1]).toBeLessThanOrEqual(top25[0]);
      const top10 = bandRange(n, 'top10');
      if (top10) expect(top10[0] - top25[0]).toBeGreaterThanOrEqual(5);
    }
  });

  it('a band’s mean half away from zero', () => {
    expect(bandMean([-18.1, -18, -17.9, -17.8, -17.7, -17.6], 1)).toBe(-17.9);
    expect(bandMean([0.1, 0.15], 2)).toBe(0.13);
    expect(bandMean([], 1)).toBeNull();
  });
});

describe('percentile rank (mid-rank) and position', () => {
  it('counts those below and half of the equal', () => {
    expect(percentileRank([10, 20, 20, 30, 40], 20)).toBe(40); // (1 + 1) / 5
    expect(percentileRank([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 100)).toBe(95);
    expect(percentileRank([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 10)).toBe(5);
    expect(percentileRank([5, 5, 5], 5)).toBe(50);
    expect(percentileRank([1, 2, 3], 2.5)).toBeCloseTo(66.67, 2); // a value between: 2 below
    expect(percentileRank([], 1)).toBeNull();
  });

  it('in bands', () => {
    expect([95, 90, 89.9, 75, 74.9, 50, 49.9, 25, 24.9, 0].map(positionOf)).toEqual([
      'top-10',
      'top-10',
      'top-25',
      'top-25',
      'upper-half',
      'upper-half',
      'lower-half',
      'lower-half',
      'bottom-25',
      'bottom-25',
    ]);
  });
});

describe('significance', () => {
  it('the normal distribution', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 6);
  });

  it("Student's t against the table's two-sided 5 % points", () => {
    expect(studentTwoSidedP(12.706, 1)).toBeCloseTo(0.05, 4);
    expect(studentTwoSidedP(2.228, 10)).toBeCloseTo(0.05, 4);
    expect(studentTwoSidedP(2.086, 20)).toBeCloseTo(0.05, 4);
    expect(studentTwoSidedP(2.0, 10)).toBeCloseTo(0.0734, 4);
    expect(studentTwoSidedP(0, 10)).toBeCloseTo(1, 10);
  });

  it('two proportions: 60 % of 100 against 45 % of 100 differs, 55 % against 50 % does not', () => {
    // pooled p 0.525, se = √(0.525 · 0.475 · 2/100) = 0.07062, z = 0.15 / 0.07062
    expect(twoProportionTest(60, 100, 45, 100)).toEqual({ statistic: 2.124, p: 0.0337, significant: true });
    expect(twoProportionTest(55, 100, 50, 100)).toMatchObject({ statistic: 0.708, significant: false });
    expect(twoProportionTest(55, 100, 50, 100)?.p).toBeCloseTo(0.479, 3);
    expect(twoProportionTest(30, 40, 20, 40)).toEqual({ statistic: 2.309, p: 0.0209, significant: true });
    expect(twoProportionTest(5, 5, 5, 5)).toBeNull(); // everyone favourable in both: nothing to test
    expect(twoProportionTest(1, 0, 1, 3)).toBeNull();
  });

  it("Welch's t: means 3.2 (sd 0.8, n 50) and 2.9 (sd 0.9, n 60) do not differ at 95 %", () => {
    // se = √(0.64/50 + 0.81/60) = 0.16217, t = 1.8499, df = 107.5
    const r = welchTest({ n: 50, mean: 3.2, variance: 0.64 }, { n: 60, mean: 2.9, variance: 0.81 });
    expect(r?.statistic).toBe(1.85);
    expect(r?.df).toBe(107.5);
    expect(r?.p).toBeGreaterThan(0.064); // the normal approximation's p; Student's is a little larger
    expect(r?.p).toBeLessThan(0.07);
    expect(r?.significant).toBe(false);
    expect(welchTest({ n: 200, mean: 3.2, variance: 0.64 }, { n: 240, mean: 2.9, variance: 0.81 })?.significant).toBe(true);
  });

  it('sample mean and variance; no test without spread or with one answer', () => {
    expect(sampleOf([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ n: 8, mean: 5, variance: 32 / 7 });
    expect(welchTest(sampleOf([3, 3, 3]), sampleOf([3, 3]))).toBeNull();
    expect(welchTest(sampleOf([3]), sampleOf([1, 2, 3]))).toBeNull();
  });
});
