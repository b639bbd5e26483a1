import { describe, expect, it } from 'vitest';
import { calendarDate, formatDate, formatDateTime, formatPeriod, formatTime, parseTimestamp } from './dates';

describe('dates', () => {
  it('formats instants in Europe/Ljubljana winter time (UTC+1)', () => {
    expect(formatDateTime('2025-01-15T08:05:00.000Z')).toBe('15.01.2025 09:05');
  });
  it('formats in summer time (UTC+2) and crosses midnight', () => {
    expect(formatDateTime('2025-07-31T22:30:00Z')).toBe('01.08.2025 00:30');
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('01.01.2026');
  });
  it('uses a 24-hour clock and the zone it is given, not the machine’s', () => {
    expect(formatDateTime('2025-06-01T12:00:00Z')).toBe('01.06.2025 14:00');
    expect(formatDateTime('2026-11-23T08:00:00Z', 'Europe/Ljubljana')).toBe('23.11.2026 09:00');
    expect(formatDateTime('2026-11-23T08:00:00Z', 'UTC')).toBe('23.11.2026 08:00');
    expect(formatTime('2026-11-23T08:00:00Z', 'Europe/Skopje')).toBe('09:00');
  });
  it('reads zone-less SQLite timestamps as UTC', () => {
    expect(parseTimestamp('2025-01-15 08:05:00')?.toISOString()).toBe('2025-01-15T08:05:00.000Z');
    expect(formatDateTime('2025-01-15 08:05:00')).toBe('15.01.2025 09:05');
  });
  it('shows a calendar date as it is, in any zone', () => {
    expect(formatDate('2026-11-30')).toBe('30.11.2026');
    expect(formatDate('2026-11-30', 'Pacific/Auckland')).toBe('30.11.2026');
    expect(formatPeriod('2026-11-01', '2026-11-30')).toBe('01.11.2026 – 30.11.2026');
    expect(formatPeriod('2026-11-01', null)).toBe('');
  });
  it('is empty for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate('')).toBe('');
  });
  it('gives the calendar date of an instant in the zone', () => {
    expect(calendarDate(new Date('2026-11-30T23:30:00Z'), 'Europe/Ljubljana')).toBe('2026-12-01');
    expect(calendarDate(new Date('2026-11-30T23:30:00Z'), 'UTC')).toBe('2026-11-30');
  });
});
