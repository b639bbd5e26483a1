export { formatDate, formatDateTime, formatTime, today } from '../../lib/dates';

/** Whole days and hours left. */
export function splitRemaining(seconds: number): { days: number; hours: number } {
  const s = Math.max(0, Math.floor(seconds));
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600) };
}
