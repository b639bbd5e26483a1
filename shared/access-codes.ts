/**
 * Access codes (product-decisions.md): 10 characters from an unambiguous alphabet
 * (no 0/O, 1/I/L), shown as XXXXX-XXXXX, case and dash insensitive on entry.
 */
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_LENGTH = 10;

/** Upper-cases and strips spaces and dashes; returns null when the result cannot be a code. */
export function normalizeAccessCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]+/g, '');
  if (compact.length !== ACCESS_CODE_LENGTH) return null;
  for (const ch of compact) if (!ACCESS_CODE_ALPHABET.includes(ch)) return null;
  return compact;
}

/** 'ABCDEFGHJK' -> 'ABCDE-FGHJK' */
export function formatAccessCode(code: string): string {
  const compact = normalizeAccessCode(code);
  if (!compact) throw new Error('Not an access code');
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}
