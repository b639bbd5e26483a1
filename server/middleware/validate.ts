/**
 * validate({ body, query, params }[, handler]): parses each part with its zod schema, collects every issue
 * into one 422 'validation-failed' (details: location, path, code, localized message), and
 * replaces the raw values with the parsed ones. Express 5's req.query is a getter, so the parsed
 * query is defined as an own property of req (and also kept in res.locals.query).
 *
 * With a handler, the handler's request is typed by the schemas (req.body, req.query, req.params are their outputs),
 * so no route casts what it reads. Without one, validate is a plain middleware (for a check that must run before
 * another middleware, e.g. a rate limit); a handler validated later by the same schemas object is not parsed again.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { localizeFieldMessage } from '../../shared/errors/node.js';
import type { UiLocale } from '../../shared/locales.js';
import { AppError } from '../errors.js';
import { localeOf } from './locale.js';

export interface ValidationIssue {
  location: 'body' | 'query' | 'params';
  path: string;
  code: string;
  message: string;
}

type ZodLocale = keyof typeof z.locales;
const ZOD_LOCALE: Record<UiLocale, ZodLocale> = { sl: 'sl', en: 'en', hr: 'hr', sr: 'hr', bs: 'hr', mk: 'mk', de: 'de', fr: 'fr' };
const errorMaps = new Map<UiLocale, z.core.$ZodErrorMap>();

function errorMapFor(locale: UiLocale): z.core.$ZodErrorMap {
  let map = errorMaps.get(locale);
  if (!map) {
    const factory = z.locales[ZOD_LOCALE[locale]] as () => { localeError: z.core.$ZodErrorMap };
    map = factory().localeError;
    errorMaps.set(locale, map);
  }
  return map;
}

export interface Schemas {
  body?: z.ZodType;
  /** The body's type: JSON (the default), or a plain form's `application/x-www-form-urlencoded`. */
  bodyType?: 'application/json' | 'application/x-www-form-urlencoded';
  query?: z.ZodType;
  params?: z.ZodType;
}

/** Parses one value with the request's locale for messages; issues are appended to `issues`. */
export function parseWithLocale<S extends z.ZodType>(
  schema: S,
  value: unknown,
  locale: UiLocale,
  location: ValidationIssue['location'],
  issues: ValidationIssue[],
): z.output<S> | undefined {
  const result = schema.safeParse(value, { error: errorMapFor(locale) });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    // A shared schema's 'field:<key>' message becomes the same text the browser shows for that rule.
    issues.push({ location, path: issue.path.map(String).join('.'), code: issue.code, message: localizeFieldMessage(issue.message, locale) });
  }
  return undefined;
}

type Output<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;

/** A request whose parts are what the schemas made of them (the raw Express types where a part has no schema). */
export type ValidRequest<S extends Schemas> = Request<Output<S['params'], Request['params']>, unknown, Output<S['body'], unknown>, Output<S['query'], Request['query']>>;

export type ValidHandler<S extends Schemas> = (req: ValidRequest<S>, res: Response, next: NextFunction) => void | Promise<void>;

/** The schemas objects each request passed already (a handler behind the same plain middleware does not parse twice). */
const passed = new WeakMap<Request, Set<Schemas>>();

export function validate<S extends Schemas>(schemas: S): RequestHandler;
export function validate<S extends Schemas>(schemas: S, handler: ValidHandler<S>): RequestHandler;
export function validate<S extends Schemas>(schemas: S, handler?: ValidHandler<S>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (handler) {
      if (!passed.get(req)?.has(schemas)) check(schemas, req, res);
      // The parts now hold the schemas' outputs (check replaced them), which is what ValidRequest says.
      return handler(req as unknown as ValidRequest<S>, res, next);
    }
    check(schemas, req, res);
    const set = passed.get(req) ?? new Set<Schemas>();
    set.add(schemas);
    passed.set(req, set);
    next();
  };
}

function check(schemas: Schemas, req: Request, res: Response): void {
  const locale = localeOf(res);
  const issues: ValidationIssue[] = [];
  // req.is() is null without a body and false for a body of another type.
  if (schemas.body && req.is(schemas.bodyType ?? 'application/json') === false) {
    throw new AppError('unsupported-media-type');
  }
  const body = schemas.body ? parseWithLocale(schemas.body, req.body ?? {}, locale, 'body', issues) : undefined;
  const query = schemas.query ? parseWithLocale(schemas.query, { ...req.query }, locale, 'query', issues) : undefined;
  const params = schemas.params ? parseWithLocale(schemas.params, { ...req.params }, locale, 'params', issues) : undefined;
  if (issues.length > 0) throw new AppError('validation-failed', { details: issues });
  if (schemas.body) req.body = body;
  if (schemas.params) req.params = params as Request['params'];
  if (schemas.query) {
    Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
    res.locals.query = query;
  }
}
