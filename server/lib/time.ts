/** Wall-clock dates and times in the configured time zone (Europe/Ljubljana by default) and back. */

// Creating an Intl.DateTimeFormat costs far more than using one (it was most of the time of storing
// a questionnaire response): one per time zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(date: Date, timeZone: string): Record<string, number> {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, fmt);
  }
  const out: Record<string, number> = {};
  for (const p of fmt.formatToParts(date)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

function offsetMs(date: Date, timeZone: string): number {
  const p = parts(date, timeZone);
  const asUtc = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** '2026-05-04' + '09:00' in the zone -> the instant. */
export function zonedInstant(isoDate: string, time: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  let instant = guess - offsetMs(new Date(guess), timeZone);
  instant = guess - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** The zone's calendar day of an instant, YYYY-MM-DD. */
// zonedToday is asked for on every stored response: the answer is kept for the minute it was computed in
// (a date changes only on a whole minute in every time zone).
const todayMemo = new Map<string, { minute: number; day: string }>();

export function zonedToday(now: Date, timeZone: string): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const memo = todayMemo.get(timeZone);
  if (memo?.minute === minute) return memo.day;
  const p = parts(now, timeZone);
  const day = `${String(p.year)}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  todayMemo.set(timeZone, { minute, day });
  return day;
}

/** YYYY-MM-DD -> DD.MM.YYYY */
export function displayDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d ?? ''}.${m ?? ''}.${y ?? ''}`;
}

export function addDaysIso(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
