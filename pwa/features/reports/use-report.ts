/**
 * The state every report page has: the survey from ?survey=<id>, the options loaded for it, and the report asked for
 * with the settings of each 'Show report' (each is a new request; a newer one aborts the older).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useResource } from '../../lib/use-resource';

/** ?survey=<id> of the report URL; null when missing or not a positive integer. */
export function useSurveyParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('survey') ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

/** An error with the server's details (which settings it refused, why a group does not fit). */
export function errorWithDetails(err: unknown): string {
  const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as { message?: string }[]).map((d) => d.message).filter(Boolean) : [];
  return [errorText(err), ...details].join(' ');
}

/** The survey of the URL and its report options; `failed` is the options' error in words. */
export function useReportOptions<O>(load: (surveyId: number, signal: AbortSignal) => Promise<O>) {
  const surveyId = useSurveyParam();
  const resource = useResource((signal) => (surveyId === null ? Promise.resolve(null) : load(surveyId, signal)), String(surveyId));
  return { surveyId, options: resource.data, failed: resource.status === 'error' ? errorText(resource.error) : null };
}

/**
 * The report asked for with settings S: nothing until apply(); start() asks with the first settings only when nothing
 * was asked yet. `reportRef` goes on the report: a report that arrives from request number `focusFrom` on takes the
 * focus, so keyboard and screen-reader users land on it.
 */
export function useReportRequest<S, F>(surveyId: number | null, load: (surveyId: number, settings: S, signal: AbortSignal) => Promise<F>, focusFrom = 1) {
  const [request, setRequest] = useState<{ settings: S; n: number } | null>(null);
  const report = useResource(
    (signal): Promise<{ settings: S; figures: F } | null> =>
      surveyId === null || !request ? Promise.resolve(null) : load(surveyId, request.settings, signal).then((figures) => ({ settings: request.settings, figures })),
    `${String(surveyId)}|${String(request?.n ?? 0)}`,
  );
  const apply = useCallback((settings: S) => setRequest((r) => ({ settings, n: (r?.n ?? 0) + 1 })), []);
  const start = useCallback((settings: S) => setRequest((r) => r ?? { settings, n: 1 }), []);
  const reportRef = useRef<HTMLDivElement>(null);
  const focusNow = (request?.n ?? 0) >= focusFrom;
  useEffect(() => {
    if (focusNow && report.status === 'ready' && report.data) requestAnimationFrame(() => reportRef.current?.focus());
  }, [report.status, report.data, focusNow]);
  return { report, busy: request !== null && report.status === 'loading', apply, start, reportRef };
}
