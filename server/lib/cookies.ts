/** Cookies the server reads and the readable 'signed in' hint it keeps beside the HttpOnly session cookie. */
import type { Response } from 'express';
import { SESSION_HINT_COOKIE_NAME } from '../../shared/constants.js';

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The readable 'signed in' hint beside the session cookie (SESSION_HINT_COOKIE_NAME): no secret, only '1'. */
export function setSessionHint(res: Response, secure: boolean, expires?: Date): void {
  res.cookie(SESSION_HINT_COOKIE_NAME, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', ...(expires ? { expires } : {}) });
}

export function clearSessionHint(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_HINT_COOKIE_NAME, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
}
