/**
 * Dates and times as the platform shows them, in every language, on the web, in mails, PDFs and
 * Excel (product decisions): DD.MM.YYYY and 24-hour HH:mm, in the platform's time zone (the
 * server's TIME_ZONE, Europe/Ljubljana unless configured), never in the viewer's own.
 * A calendar date ('2026-11-23') is shown as it is, without any zone shift; an instant (a Date or a
 * timestamp, SQLite's zone-less 'YYYY-MM-DD HH:mm:ss' read as UTC) is converted to the zone.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Ljubljana';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ZONELESS_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** A server timestamp as a Date; an ISO string without a zone (SQLite style) is read as UTC. null when unreadable. */
export function parseTimestamp(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  let text = value.trim();
  if (ZONELESS_TIMESTAMP.test(text)) text = `${text.replace(' ', 'T')}Z`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function partsIn(date: Date, timeZone: string): Record<string, string> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/** '2026-11-23' -> '23.11.2026'; an instant -> its date in `timeZone`. '' for no or an unreadable value. */
export function formatDate(value: string | Date | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (typeof value === 'string') {
    const m = CALENDAR_DATE.exec(value.trim());
    if (m) return `${m[3]}.${m[2]}.${m[1]}`;
  }
  const date = parseTimestamp(value);
  if (!date) return '';
  const p = partsIn(date, timeZone);
  return `${p.day}.${p.month}.${p.year}`;
}

/** An instant as '23.11.2026 09:00' in `timeZone`. '' for no or an unreadable value. */
export function formatDateTime(value: string | Date | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = parseTimestamp(value);
  if (!date) return '';
  const p = partsIn(date, timeZone);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** An instant's time of day as '09:00' in `timeZone`. */
export function formatTime(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = parseTimestamp(value);
  if (!date) return '';
  const p = partsIn(date, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** A period of two calendar dates: '01.11.2026 – 30.11.2026'; '' when either end is missing. */
export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatDate(start);
  const to = formatDate(end);
  return from && to ? `${from} – ${to}` : '';
}

/** The calendar date of an instant in `timeZone` as 'YYYY-MM-DD' (today, by default). */
export function calendarDate(value: string | Date = new Date(), timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = parseTimestamp(value);
  if (!date) return '';
  const p = partsIn(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}
