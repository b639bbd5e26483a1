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

/** The platform's time zone as the locale names it ("Central European Time", "Средноевропско време"); the zone id when the browser cannot name it. */
export function timeZoneLabel(localeTag: string): string {
  try {
    const part = new Intl.DateTimeFormat(localeTag, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
