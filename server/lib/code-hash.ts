/**
 * The truncated salted hash of an access code that lets a device check codes offline without holding
 * them: the kiosk (its online codes) and HR paper entry (its paper codes) both hand these out.
 *
 * hash = the first 8 hex characters (32 bits) of SHA-256(salt + ':' + normalizedCode). Truncation is
 * deliberate: the code space is 31^10 ≈ 8.2e14, so each 32-bit hash matches ~190,000 codes and the package
 * cannot be turned back into codes; a random wrong code passes offline with probability ~n/2^32 (n codes in
 * the package) and is then refused at sync. The other side of it: whoever holds the package can filter guesses
 * offline so that each one sent is right with probability ~1/190,000, which is why every kiosk has a
 * guessing limit at sync (modules/kiosk/kiosk.guesses.ts).
 */
import { createHash } from 'node:crypto';

export const CODE_HASH_HEX = 8;

export function codeHash(salt: string, normalizedCode: string): string {
  return createHash('sha256').update(`${salt}:${normalizedCode}`).digest('hex').slice(0, CODE_HASH_HEX);
}
