import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playwrightFileTimings, slowestFiles, vitestFileTimings } from './test-timings.js';

const ROOT = path.resolve(import.meta.dirname, '..');

const vitest = {
  testResults: [
    { name: path.join(ROOT, 'server/a.test.ts'), startTime: 1_000, endTime: 4_500 },
    { name: path.join(ROOT, 'shared/b.test.ts'), startTime: 2_000, endTime: 2_250 },
    { name: 'broken' },
  ],
};

const playwright = {
  config: { rootDir: path.join(ROOT, 'pwa/e2e') },
  suites: [
    {
      file: 'kiosk.spec.ts',
      specs: [{ tests: [{ results: [{ duration: 2_000 }] }] }],
      suites: [{ specs: [{ tests: [{ results: [{ duration: 3_000 }, { duration: 1_000 }] }] }] }],
    },
    { file: 'a11y.spec.ts', specs: [{ tests: [{ results: [{ duration: 500 }] }] }] },
  ],
};

describe('test timings', () => {
  it('takes a vitest file\'s wall time, relative to the project, and skips malformed entries', () => {
    expect(vitestFileTimings(vitest)).toEqual([
      { runner: 'vitest', file: 'server/a.test.ts', seconds: 3.5 },
      { runner: 'vitest', file: 'shared/b.test.ts', seconds: 0.25 },
    ]);
  });

  it('sums a Playwright spec file\'s tests, nested describe blocks and retries included', () => {
    expect(playwrightFileTimings(playwright)).toEqual([
      { runner: 'playwright', file: 'pwa/e2e/kiosk.spec.ts', seconds: 6 },
      { runner: 'playwright', file: 'pwa/e2e/a11y.spec.ts', seconds: 0.5 },
    ]);
  });

  it('lists the slowest of both, slowest first, and survives a missing report', () => {
    expect(slowestFiles(vitest, playwright, 2).map((f) => f.file)).toEqual(['pwa/e2e/kiosk.spec.ts', 'server/a.test.ts']);
    expect(slowestFiles(undefined, playwright, 5)).toHaveLength(2);
    expect(slowestFiles(undefined, undefined, 5)).toEqual([]);
  });
});
