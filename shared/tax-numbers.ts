/**
 * Company tax / registration numbers per market, with their check digits where the format has one.
 * hr: OIB, 11 digits, ISO 7064 MOD 11,10.  rs: PIB, 9 digits, ISO 7064 MOD 11,10.
 * si: davčna številka, 8 digits, MOD 11 with weights 8..2.  ba: JIB, 13 digits.  mk: EDB, 13 digits.
 */
import type { Market } from './constants.js';

/** ISO 7064 MOD 11,10 over all digits but the last; true when the last digit is the check digit. */
export function isValidMod11_10(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < 2) return false;
  let product = 10;
  for (let i = 0; i < digits.length - 1; i++) {
    let sum = (Number(digits[i]) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = (11 - product) % 10;
  return check === Number(digits[digits.length - 1]);
}

export function isValidOib(value: string): boolean {
  return /^\d{11}$/.test(value) && isValidMod11_10(value);
}

export function isValidPib(value: string): boolean {
  return /^[1-9]\d{8}$/.test(value) && isValidMod11_10(value);
}

/** Slovenian tax number: 8 digits, first not 0; weights 8..2, check = 11 - sum mod 11 (10 is invalid, 11 means 0). */
export function isValidSiTaxNumber(value: string): boolean {
  if (!/^[1-9]\d{7}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(value[i]) * (8 - i);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(value[7]);
}

/** Strips spaces, dashes and a country prefix (HR12345678903 -> 12345678903). */
export function normalizeTaxNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').replace(/^(HR|SI|RS|BA|MK)/i, '');
}

export const TAX_NUMBER_RULES: Record<Market, { name: string; validate: (normalized: string) => boolean }> = {
  hr: { name: 'OIB', validate: isValidOib },
  si: { name: 'Davčna številka', validate: isValidSiTaxNumber },
  rs: { name: 'PIB', validate: isValidPib },
  ba: { name: 'JIB', validate: (v) => /^4\d{12}$/.test(v) },
  mk: { name: 'ЕДБ', validate: (v) => /^\d{13}$/.test(v) },
};

export function isValidTaxNumber(country: Market, value: string): boolean {
  return TAX_NUMBER_RULES[country].validate(normalizeTaxNumber(value));
}
