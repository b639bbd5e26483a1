import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET, formatAccessCode, normalizeAccessCode } from './access-codes.js';

describe('access codes', () => {
  it('uses no ambiguous characters', () => {
    for (const ch of '01OIL') expect(ACCESS_CODE_ALPHABET).not.toContain(ch);
  });
  it('is case, space and dash insensitive on entry', () => {
    expect(normalizeAccessCode('abcde-fghjk')).toBe('ABCDEFGHJK');
    expect(normalizeAccessCode(' ABCDE FGHJK ')).toBe('ABCDEFGHJK');
    expect(normalizeAccessCode('ab-cd-ef-gh-jk')).toBe('ABCDEFGHJK');
  });
  it('refuses wrong lengths and ambiguous characters', () => {
    expect(normalizeAccessCode('ABCDE-FGHJ')).toBeNull();
    expect(normalizeAccessCode('ABCDE-FGHJ0')).toBeNull();
    expect(normalizeAccessCode('OBCDE-FGHJK')).toBeNull();
  });
  it('formats as XXXXX-XXXXX', () => {
    expect(formatAccessCode('abcdefghjk')).toBe('ABCDE-FGHJK');
  });
});
