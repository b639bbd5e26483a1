/**
 * Formatting for the administration pages: times as DD.MM.YYYY HH:mm in the operator's time zone
 * (Europe/Ljubljana, product decision), and the page arithmetic of paginated lists.
 */
export const ADMIN_TIME_ZONE = 'Europe/Ljubljana';

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: ADMIN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Parses a server timestamp; an ISO string without a zone (SQLite style) is read as UTC. */
export function parseTimestamp(value: string | null | undefined): Date | null {
  if (!value) return null;
  let text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) text = `${text.replace(' ', 'T')}Z`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2025-03-30T01:05:00Z' -> '30.03.2025 03:05' (Europe/Ljubljana, summer time). Empty for no value. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseTimestamp(value);
  if (!date) return '';
  const parts: Record<string, string> = {};
  for (const part of dateTimeFormat.formatToParts(date)) parts[part.type] = part.value;
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/** '2025-03-30T01:05:00Z' -> '30.03.2025'. */
export function formatDate(value: string | null | undefined): string {
  return formatDateTime(value).slice(0, 10);
}

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
