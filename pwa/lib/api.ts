/**
 * The one fetch wrapper for the PWA. Sends X-Locale, parses JSON and turns every failure into
 * an ApiError carrying the shared error shape { error: { code, message, details? } }. getData()
 * takes the shared zod schema of the answer (shared/schemas) to check what it keeps on the device.
 */
import type { z } from 'zod';
import { isErrorCode, type ErrorCode } from '../../shared/errors';
import { errorMessage } from './error-messages';
import { localeOfPath } from '../../shared/routes';
import type { UiLocale } from '../../shared/locales';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  /** True when the request never reached the server (offline, DNS, aborted connection). */
  readonly network: boolean;

  constructor(status: number, code: ErrorCode, message: string, details?: unknown, network = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.network = network;
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialized as JSON unless it is FormData or a Blob/File (sent as raw bytes with its own type). */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** The X-Locale header and the language of fallback messages; null sends no X-Locale (messages in the page's language). */
  locale?: UiLocale | null;
  headers?: Record<string, string>;
  /** Default 'same-origin'; 'omit' for calls that authenticate with a bearer token instead of the session cookie (the kiosk). */
  credentials?: RequestCredentials;
  /** 'json' (default) or 'text' for endpoints that answer HTML. */
  responseType?: 'json' | 'text';
  /** Let the request outlive the page (a draft saved on pagehide); the browser caps such bodies at 64 KiB. */
  keepalive?: boolean;
}

/**
 * On the server (pwa/entry-server.tsx renders public pages), a page's requests go to the server's own address through
 * the fetch given here, in the language of the page being rendered: set around each load, which calls request()
 * synchronously up to its fetch (so concurrent renders never see each other's).
 */
interface ServerRequestContext {
  locale: UiLocale;
  fetch: typeof fetch;
}
let serverContext: ServerRequestContext | null = null;

export function withServerRequest<T>(context: ServerRequestContext, run: () => T): T {
  const previous = serverContext;
  serverContext = context;
  try {
    return run();
  } finally {
    serverContext = previous;
  }
}

function currentLocale(): UiLocale {
  if (serverContext) return serverContext.locale;
  return typeof window === 'undefined' ? 'en' : localeOfPath(window.location.pathname);
}

function defaultCode(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 413) return 'payload-too-large';
  if (status === 422) return 'validation-failed';
  if (status === 429) return 'rate-limited';
  return 'internal-error';
}

/** Reads an error body of the shared shape; anything else becomes the status's generic error. */
export async function toApiError(res: Response, locale: UiLocale): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  const err = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  const code = isErrorCode(err?.code) ? err.code : defaultCode(res.status);
  const message = typeof err?.message === 'string' && err.message ? err.message : errorMessage(code, locale);
  return new ApiError(res.status, code, message, err?.details);
}

/**
 * Sends one request and returns the raw Response, whatever its status: for the few callers that
 * read an answer their own way (the contact form, the bot check's challenge, the paper forms' PDF
 * read chunk by chunk for its progress). A request that never reaches the server throws
 * ApiError with network: true; an abort rethrows the AbortError.
 */
export async function request(path: string, options: ApiOptions = {}): Promise<Response> {
  const send = serverContext?.fetch ?? fetch;
  const locale = options.locale === null ? null : (options.locale ?? currentLocale());
  const url = new URL(path, typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...(locale ? { 'X-Locale': locale } : {}), Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body instanceof Blob) {
    body = options.body;
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
  }
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  try {
    return await send(url.pathname + url.search, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: options.credentials ?? 'same-origin',
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw networkError(locale ?? currentLocale());
  }
}

function networkError(locale: UiLocale): ApiError {
  return new ApiError(0, 'something-went-wrong', errorMessage('something-went-wrong', locale), undefined, true);
}

async function answerOf<T>(res: Response, locale: UiLocale, responseType: ApiOptions['responseType']): Promise<T> {
  if (!res.ok) throw await toApiError(res, locale);
  if (responseType === 'text') return (await res.text()) as T;
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const res = await request(path, options);
  return answerOf<T>(res, options.locale ?? currentLocale(), options.responseType);
}

/**
 * The `data` of a request sent before the app ran (the code form's early submit, pwa/early-code-form.ts), read as
 * getData() reads its own: the same ApiErrors for a refusal or a request that never reached the server.
 */
export async function dataOf<T>(sent: Promise<Response>, locale: UiLocale): Promise<T> {
  let res: Response;
  try {
    res = await sent;
  } catch {
    throw networkError(locale);
  }
  return (await answerOf<{ data: T }>(res, locale, 'json')).data;
}

/**
 * The `data` of the common { data } envelope. With `schema` (the shared zod schema of the answer) the
 * data is checked and its type inferred; an answer that does not fit is an ApiError 'internal-error'
 * with the issues as details, so nothing malformed is stored or shown.
 */
export async function getData<T>(path: string, options: ApiOptions & { schema?: z.ZodType<T> } = {}): Promise<T> {
  const { schema, ...rest } = options;
  const res = await api<{ data: unknown }>(path, rest);
  return schema ? checkAnswer(schema, res.data, rest.locale) : (res.data as T);
}

/**
 * The check getData() makes, for a caller that fetched without the schema (the code-entry chunk
 * stays free of zod and checks the answer in the chunk it loads next).
 */
export function checkAnswer<T>(schema: z.ZodType<T>, data: unknown, locale?: UiLocale | null): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new ApiError(500, 'internal-error', errorMessage('internal-error', locale ?? currentLocale()), parsed.error.issues);
}
