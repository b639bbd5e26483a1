/** The one error type services throw; the error middleware turns it into { error: { code, message, details? } }. */
import { ERROR_STATUS, type ErrorCode } from '../shared/errors/codes.js';

export class AppError extends Error {
  readonly status: number;
  readonly details?: unknown;
  /** Placeholder values for the localized message ({name}). */
  readonly vars: Record<string, string>;

  constructor(readonly code: ErrorCode, options: { status?: number; details?: unknown; vars?: Record<string, string>; cause?: unknown } = {}) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? ERROR_STATUS[code];
    this.details = options.details;
    this.vars = options.vars ?? {};
  }
}
