// The truncated salted hash of an access code (WebCrypto only; no Dexie, no React), mirrored by
// server/modules/kiosk/kiosk.crypto.ts codeHash. Used by the kiosk and by paper data entry to check a
// code offline. See docs/decisions/0011-kiosk-mode.md "Kiosk mode" (why 32 bits) and "Paper data entry".
//
// codeHash: first 8 hex chars (32 bits) of SHA-256(salt + ':' + normalizedCode). Deliberately short:
// each hash stands for ~190,000 possible codes, so a package cannot be turned back into codes; a random
// wrong code passes offline with probability ~n/2^32 and is then refused at sync.

export const CODE_HASH_HEX = 8;

const enc = new TextEncoder();

export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  const arr = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let bin = '';
  for (const b of arr) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The truncated salted hash of a normalized code (as the server computes it). */
export async function codeHash(salt: string, normalizedCode: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', enc.encode(`${salt}:${normalizedCode}`))).slice(0, CODE_HASH_HEX);
}
