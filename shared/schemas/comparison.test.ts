import { describe, expect, it } from 'vitest';
import { benchmarkFiguresSchema, comparativeFiguresSchema } from './comparison.js';
import { sampleBenchmark, sampleComparativeGroups, sampleComparativeGroupYears, sampleComparativeYears } from './comparison-samples.js';

describe('comparison schemas', () => {
  it('accept the sample figures the renderers are tested with', () => {
    for (const f of [sampleComparativeYears('sl'), sampleComparativeGroups('en'), sampleComparativeGroupYears('mk')]) expect(comparativeFiguresSchema.safeParse(f).error).toBeUndefined();
    expect(benchmarkFiguresSchema.safeParse(sampleBenchmark('hr')).error).toBeUndefined();
  });

  it('refuse an exact benchmark percentile (positions are bands), a version-1 benchmark and an unknown variant', () => {
    const b = sampleBenchmark();
    expect(benchmarkFiguresSchema.safeParse({ ...b, items: [{ ...b.items[0]!, markets: [{ ...b.items[0]!.markets[0]!, position: 75.5 }] }] }).success).toBe(false);
    expect(benchmarkFiguresSchema.safeParse({ ...b, version: 1 }).success).toBe(false);
    expect(comparativeFiguresSchema.safeParse({ ...sampleComparativeYears(), variant: 'all' }).success).toBe(false);
  });
});
