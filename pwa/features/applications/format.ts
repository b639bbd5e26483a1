/** Dates DD.MM.YYYY (product decisions); ISO dates (YYYY-MM-DD) are shown without a time-zone shift. */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(value: string | null | undefined): string {
  if (!value) return '–';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return `${m[3]}.${m[2]}.${m[1]}`;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '–';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '–';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '–';
  return `${formatDate(value)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formatTime(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Whole days and hours left. */
export function splitRemaining(seconds: number): { days: number; hours: number } {
  const s = Math.max(0, Math.floor(seconds));
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600) };
}

export const percent = (share: number) => `${Math.round(Math.max(0, share) * 1000) / 10} %`;

/** Today in local time as YYYY-MM-DD. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
