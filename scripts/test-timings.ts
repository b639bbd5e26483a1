/**
 * The slowest test files of a run, from the vitest JSON reporter (jest-style `testResults` with each file's start and
 * end) and the Playwright JSON reporter (suites per file, each test's results with their durations).
 */
import path from 'node:path';

export interface FileTiming {
  runner: 'vitest' | 'playwright';
  file: string;
  seconds: number;
}

const ROOT = path.resolve(import.meta.dirname, '..');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function array(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Per file of a vitest JSON report: its wall time (a file that ran in two projects counts twice). */
export function vitestFileTimings(report: unknown): FileTiming[] {
  if (!isRecord(report)) return [];
  return array(report.testResults).flatMap((result) => {
    if (!isRecord(result) || typeof result.name !== 'string' || typeof result.startTime !== 'number' || typeof result.endTime !== 'number') return [];
    return [{ runner: 'vitest' as const, file: path.relative(ROOT, result.name), seconds: Math.max(0, result.endTime - result.startTime) / 1000 }];
  });
}

function suiteMilliseconds(suite: unknown): number {
  if (!isRecord(suite)) return 0;
  let ms = 0;
  for (const spec of array(suite.specs)) {
    if (!isRecord(spec)) continue;
    for (const test of array(spec.tests)) {
      if (!isRecord(test)) continue;
      for (const result of array(test.results)) if (isRecord(result) && typeof result.duration === 'number') ms += result.duration;
    }
  }
  for (const child of array(suite.suites)) ms += suiteMilliseconds(child);
  return ms;
}

/** Per spec file of a Playwright JSON report: the sum of its tests' durations (retries and all). */
export function playwrightFileTimings(report: unknown): FileTiming[] {
  if (!isRecord(report)) return [];
  const dir = isRecord(report.config) && typeof report.config.rootDir === 'string' ? path.relative(ROOT, report.config.rootDir) : '';
  return array(report.suites).flatMap((suite) => {
    if (!isRecord(suite) || typeof suite.file !== 'string') return [];
    return [{ runner: 'playwright' as const, file: path.join(dir, suite.file), seconds: suiteMilliseconds(suite) / 1000 }];
  });
}

/** The `count` slowest files of both reports, slowest first. */
export function slowestFiles(vitestReport: unknown, playwrightReport: unknown, count: number): FileTiming[] {
  return [...vitestFileTimings(vitestReport), ...playwrightFileTimings(playwrightReport)].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}
