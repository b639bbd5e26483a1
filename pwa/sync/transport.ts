// How the sync engine talks to POST /api/responses. The engine only sees TransportResult.
import type { Answers } from '../db/db';

export interface OutgoingItem {
  id: string;
  token: string;
  answers: Answers;
}

/** 'deferred': the server took nothing and refused nothing (code says why, e.g. 'company-disabled'): keep it, send it later. */
export type ItemStatus = 'applied' | 'duplicate' | 'rejected' | 'deferred';
export interface ItemResult {
  id: string;
  status: ItemStatus;
  code?: string;
}

export type TransportResult =
  | { kind: 'ok'; results: ItemResult[] }
  | { kind: 'retry'; retryAfterMs?: number; error: string }
  | { kind: 'fatal'; status: number; error: string };

export interface Transport {
  send(items: OutgoingItem[]): Promise<TransportResult>;
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

function isItemResult(v: unknown): v is ItemResult {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.id === 'string' && (r.status === 'applied' || r.status === 'duplicate' || r.status === 'rejected' || r.status === 'deferred');
}

export interface FetchTransportOptions {
  url?: string;
  fetchFn?: typeof fetch;
}

/** The real transport: respondents have no session, so credentials are omitted. */
export function createFetchTransport(opts: FetchTransportOptions = {}): Transport {
  const url = opts.url ?? '/api/responses';
  return {
    async send(items) {
      const fetchFn = opts.fetchFn ?? globalThis.fetch.bind(globalThis);
      let res: Response;
      try {
        res = await fetchFn(url, {
          method: 'POST',
          credentials: 'omit',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ items }),
        });
      } catch (err) {
        return { kind: 'retry', error: `network: ${err instanceof Error ? err.message : String(err)}` };
      }
      if (res.status === 429 || res.status >= 500) {
        const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
        return { kind: 'retry', error: `HTTP ${res.status}`, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
      }
      if (!res.ok) {
        let code = '';
        try {
          const body = (await res.json()) as { error?: { code?: unknown } };
          if (typeof body.error?.code === 'string') code = ` ${body.error.code}`;
        } catch {
          /* body is optional */
        }
        return { kind: 'fatal', status: res.status, error: `HTTP ${res.status}${code}` };
      }
      try {
        const body = (await res.json()) as { data?: { results?: unknown } };
        const results = body.data?.results;
        if (!Array.isArray(results)) return { kind: 'retry', error: 'malformed response' };
        return { kind: 'ok', results: results.filter(isItemResult) };
      } catch {
        // a 200 with a truncated body: the server may have stored them; a replay is a no-op
        return { kind: 'retry', error: 'unreadable response' };
      }
    },
  };
}
