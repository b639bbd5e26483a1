import { describe, expect, it } from 'vitest';
import { setDisplayTimeZone, timeZoneLabel } from './dates';

describe('timeZoneLabel', () => {
  it('names the platform zone in the locale, or gives its offset where the locale has no names', () => {
    setDisplayTimeZone('Europe/Ljubljana');
    expect(timeZoneLabel('en-GB', new Date('2026-11-25T12:00:00Z'))).toBe('Central European Time');
    // A language Intl has no names for answers in another language: the offset is shown instead.
    expect(timeZoneLabel('xx-XX', new Date('2026-11-25T12:00:00Z'))).toBe('UTC+01:00');
    expect(timeZoneLabel('xx-XX', new Date('2026-07-01T12:00:00Z'))).toBe('UTC+02:00');
  });
});
