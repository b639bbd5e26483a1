/**
 * The language of a request, for error messages and localized answers:
 * ?lang= first, then the X-Locale header, then Accept-Language; English when none fits.
 */
import type { NextFunction, Request, Response } from 'express';
import { FALLBACK_UI_LOCALE, isUiLocale, pickLocale, type UiLocale } from '../../shared/locales.js';

export function requestLocale(req: Request): UiLocale {
  const lang = typeof req.query.lang === 'string' ? req.query.lang.toLowerCase() : undefined;
  if (isUiLocale(lang)) return lang;
  const header = req.get('x-locale')?.trim().toLowerCase().split(/[-_]/)[0];
  if (isUiLocale(header)) return header;
  return pickLocale(req.get('accept-language'), FALLBACK_UI_LOCALE);
}

export function localeMiddleware(req: Request, res: Response, next: NextFunction): void {
  res.locals.locale = requestLocale(req);
  next();
}

/** The locale set by localeMiddleware (English before it ran). */
export function localeOf(res: Response): UiLocale {
  const value: unknown = res.locals.locale;
  return isUiLocale(value) ? value : FALLBACK_UI_LOCALE;
}
