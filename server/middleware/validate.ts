/**
 * validate({ body, query, params }): parses each part with its zod schema, collects every issue
 * into one 422 'validation-failed' (details: location, path, code, localized message), and
 * replaces the raw values with the parsed ones. Express 5's req.query is a getter, so the parsed
 * query is defined as an own property of req (and also kept in res.locals.query).
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

export function validate(schemas: Schemas): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
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
    next();
  };
}
