import { describe, expect, it } from 'vitest';
import { benchmarkFiguresSchema, comparativeFiguresSchema } from './comparison.js';
import { sampleBenchmark, sampleComparativeGroups, sampleComparativeGroupYears, sampleComparativeYears } from './comparison-samples.js';

describe('comparison schemas', () => {
  it('accept the sample figures the renderers are tested with', () => {
    for (const f of [sampleComparativeYears('sl'), sampleComparativeGroups('en'), sampleComparativeGroupYears('mk')]) expect(comparativeFiguresSchema.safeParse(f).error).toBeUndefined();
    expect(benchmarkFiguresSchema.safeParse(sampleBenchmark('hr')).error).toBeUndefined();
  });

  it('refuse a benchmark percentile above 100 and an unknown variant', () => {
    const b = sampleBenchmark();
    b.items[0]!.markets[0]!.percentile = 101;
    expect(benchmarkFiguresSchema.safeParse(b).success).toBe(false);
    expect(comparativeFiguresSchema.safeParse({ ...sampleComparativeYears(), variant: 'all' }).success).toBe(false);
  });
});
