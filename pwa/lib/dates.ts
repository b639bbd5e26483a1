/**
 * Dates and times on every screen: DD.MM.YYYY and HH:mm in the platform's time zone (the server's
 * TIME_ZONE, from GET /api/config), never the browser's own, so an HR user abroad and the
 * schedule agree. The shell sets the zone when the config arrives; until then the default
 * (Europe/Ljubljana) applies. A missing value shows as '–'.
 */
import * as dates from '../../shared/dates';

let timeZone = dates.DEFAULT_TIME_ZONE;

export function setDisplayTimeZone(zone: string): void {
  timeZone = zone;
}

export function displayTimeZone(): string {
  return timeZone;
}

const orDash = (text: string) => text || '–';

/** '2026-11-23' -> '23.11.2026'; an instant -> its date in the platform's zone. */
export const formatDate = (value: string | Date | null | undefined): string => orDash(dates.formatDate(value, timeZone));
/** An instant as '23.11.2026 09:00' in the platform's zone. */
export const formatDateTime = (value: string | Date | null | undefined): string => orDash(dates.formatDateTime(value, timeZone));
/** An instant's time of day, '09:00', in the platform's zone. */
export const formatTime = (value: string | Date): string => orDash(dates.formatTime(value, timeZone));
/** Two calendar dates as '01.11.2026 – 30.11.2026'. */
export const formatPeriod = (start: string | null | undefined, end: string | null | undefined): string => orDash(dates.formatPeriod(start, end));
/** Today in the platform's zone as 'YYYY-MM-DD'. */
export const today = (): string => dates.calendarDate(new Date(), timeZone);

/**
 * The platform's time zone as the locale names it ("Central European Time", "Средноевропско време"); where the
 * browser has no names in that language (it would answer in another one), its offset now, as "UTC+01:00".
 */
export function timeZoneLabel(localeTag: string, now: Date = new Date()): string {
  try {
    const format = new Intl.DateTimeFormat(localeTag, { timeZone, timeZoneName: 'longGeneric' });
    const named = format.formatToParts(now).find((p) => p.type === 'timeZoneName')?.value;
    if (named && format.resolvedOptions().locale.split('-')[0] === localeTag.split('-')[0]) return named;
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
        .formatToParts(now)
        .map((p) => [p.type, Number(p.value)]),
    );
    const local = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
    const minutes = Math.round((local - Math.floor(now.getTime() / 60_000) * 60_000) / 60_000);
    const sign = minutes < 0 ? '-' : '+';
    const abs = Math.abs(minutes);
    return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  } catch {
    return timeZone;
  }
}
