/**
 * Formatting for the administration pages: dates and times as everywhere (pwa/lib/dates: DD.MM.YYYY HH:mm
 * in the platform's time zone), and the page arithmetic of paginated lists.
 */
export { formatDate, formatDateTime } from '../../lib/dates';

/** Number of pages for a total (at least 1, so an empty list still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The 1-based range of items shown on a page: { from: 21, to: 40 }; { from: 0, to: 0 } when empty. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}

/** Reads ?page= from the URL: a positive integer, else 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^[1-9]\d{0,5}$/.test(value)) return 1;
  return Number(value);
}

/** Details JSON as short "key: value" text (objects and arrays as JSON). */
export function detailsText(details: unknown): string {
  if (details === null || details === undefined || details === '') return '';
  let value: unknown = details;
  if (typeof details === 'string') {
    try {
      value = JSON.parse(details);
    } catch {
      return details;
    }
  }
  if (typeof value !== 'object' || value === null) return String(value);
  if (Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

/** An audit action ('company.verify') as an i18n key part ('company_verify'): dots would nest. */
export function actionKey(action: string): string {
  return action.replace(/[^A-Za-z0-9-]/g, '_');
}
