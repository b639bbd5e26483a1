/**
 * The 404 and error handlers, registered last. Every error body has one shape:
 * { error: { code, message, details? } } with the message in the request's locale.
 */
import type { NextFunction, Request, Response } from 'express';
import { errorMessage, localizeFieldMessage } from '../../shared/errors/node.js';
import type { ErrorBody, ErrorCode } from '../../shared/errors/codes.js';
import { AppError } from '../errors.js';
import { localeOf } from './locale.js';

/** Issues a service raised with a 'field:<key>' message get the localized field text (as validate() does). */
function localizeDetails(details: unknown, locale: ReturnType<typeof localeOf>): unknown {
  if (!Array.isArray(details)) return details;
  return details.map((d: unknown) =>
    d && typeof d === 'object' && typeof (d as { message?: unknown }).message === 'string'
      ? { ...d, message: localizeFieldMessage((d as { message: string }).message, locale) }
      : d,
  );
}

export function sendError(res: Response, error: AppError): void {
  const body: ErrorBody = { error: { code: error.code, message: errorMessage(error.code, localeOf(res), error.vars) } };
  if (error.details !== undefined) body.error.details = localizeDetails(error.details, localeOf(res));
  res.status(error.status);
  if (error.status >= 400 && error.status < 500 && error.status !== 429) res.set('Cache-Control', 'no-store');
  res.json(body);
}

/** Unknown API path (or a non-GET request nobody handles). */
export function notFoundHandler(_req: Request, _res: Response, next: NextFunction): void {
  next(new AppError('not-found'));
}

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

/** Maps errors raised by body parsing (express.json) to catalogue codes. */
function fromHttpError(error: HttpishError): AppError | null {
  const status = error.status ?? error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const map: Record<string, [ErrorCode, number, string?]> = {
    'entity.too.large': ['payload-too-large', 413],
    'entity.parse.failed': ['validation-failed', 400, 'The request body is not valid JSON.'],
    'entity.verify.failed': ['validation-failed', 400, 'The request body could not be verified.'],
    'request.aborted': ['validation-failed', 400, 'The request was aborted.'],
    'request.size.invalid': ['validation-failed', 400, 'The request size does not match Content-Length.'],
    'charset.unsupported': ['unsupported-media-type', 415],
    'encoding.unsupported': ['unsupported-media-type', 415],
  };
  const known = error.type ? map[error.type] : undefined;
  if (known) {
    const [code, httpStatus, reason] = known;
    return new AppError(code, { status: httpStatus, details: reason ? [{ location: 'body', path: '', message: reason }] : undefined });
  }
  if (status === 404) return new AppError('not-found');
  return null;
}

export function errorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  let appError = error instanceof AppError ? error : fromHttpError((error ?? {}) as HttpishError);
  if (!appError) {
    req.log.error({ err: error, reqId: req.id }, 'unhandled error');
    appError = new AppError('internal-error');
  } else if (appError.status >= 500) {
    req.log.error({ err: appError.cause ?? appError, reqId: req.id }, appError.code);
  }
  sendError(res, appError);
}
