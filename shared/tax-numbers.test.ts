import { describe, expect, it } from 'vitest';
import { isValidOib, isValidPib, isValidSiTaxNumber, isValidTaxNumber } from './tax-numbers.js';

describe('tax numbers', () => {
  it('accepts OIBs with a correct ISO 7064 MOD 11,10 check digit', () => {
    // Published example OIBs.
    for (const oib of ['69435151530', '94577403194', '00000000001']) expect(isValidOib(oib), oib).toBe(true);
  });
  it('refuses OIBs with a wrong check digit or length', () => {
    for (const oib of ['69435151531', '12345678901', '6943515153', '694351515300', '6943515153a']) expect(isValidOib(oib), oib).toBe(false);
  });
  it('checks Serbian PIB with the same algorithm', () => {
    expect(isValidPib('100002006')).toBe(true);
    expect(isValidPib('100002007')).toBe(false);
  });
  it('checks Slovenian tax numbers with MOD 11', () => {
    expect(isValidSiTaxNumber('10000004')).toBe(false);
    expect(isValidSiTaxNumber('15012557')).toBe(true);
    expect(isValidSiTaxNumber('15012558')).toBe(false);
  });
  it('normalises spaces and a country prefix', () => {
    expect(isValidTaxNumber('hr', 'HR 6943 5151 530')).toBe(true);
    expect(isValidTaxNumber('ba', '4200000000000')).toBe(true);
    expect(isValidTaxNumber('mk', '40300001234567')).toBe(false);
  });
});
