// Kiosk cryptography in the browser (WebCrypto only; no Dexie, no React), mirrored by
// server/modules/kiosk/kiosk.crypto.ts. See docs/decisions/0011-kiosk-mode.md "Kiosk mode".
//
// - codeHash (and the base64url helpers) live in pwa/lib/code-hash.ts (paper entry uses them too) and are
//   re-exported here.
// - seal: ephemeral ECDH P-256 with the survey's public key -> HKDF-SHA256 (empty salt, info SEAL_INFO)
//   -> AES-256-GCM over JSON { code, answers }, additional data `${surveyId}:${responseId}`.
// - password verifier: PBKDF2-SHA256, random 16-byte salt, PBKDF2_ITERATIONS; never the password.

import { fromBase64Url, toBase64Url } from '../../../lib/code-hash';
import type { PublicJwk } from '../../../../shared/schemas/kiosk';

export { CODE_HASH_HEX, codeHash, fromBase64Url, toBase64Url } from '../../../lib/code-hash';

export const SEAL_INFO = 'izz-kiosk-seal-v1';
export const PBKDF2_ITERATIONS = 210_000;

export type { PublicJwk };

export interface SealedEnvelope {
  epk: PublicJwk;
  iv: string;
  ct: string;
}

export interface PasswordVerifier {
  salt: string;
  iterations: number;
  hash: string;
}

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;
const enc = new TextEncoder();

async function aesKey(shared: ArrayBuffer): Promise<CryptoKey> {
  const ikm = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: enc.encode(SEAL_INFO) },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Encrypts a value to the survey's public key; only the server (holding the private key) can open it. */
export async function seal(value: unknown, publicKey: PublicJwk, aad: string): Promise<SealedEnvelope> {
  const recipient = await subtle().importKey('jwk', { kty: publicKey.kty, crv: publicKey.crv, x: publicKey.x, y: publicKey.y, ext: true }, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ephemeral = (await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const shared = await subtle().deriveBits({ name: 'ECDH', public: recipient }, ephemeral.privateKey, 256);
  const key = await aesKey(shared);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ct = await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: enc.encode(aad) }, key, enc.encode(JSON.stringify(value)));
  const epk = (await subtle().exportKey('jwk', ephemeral.publicKey)) as JsonWebKey;
  return { epk: { kty: String(epk.kty), crv: String(epk.crv), x: String(epk.x), y: String(epk.y) }, iv: toBase64Url(iv), ct: toBase64Url(ct) };
}

/** Opens an envelope with a private key (tests; the real opener is the server). */
export async function openSealed(envelope: SealedEnvelope, privateKey: CryptoKey, aad: string): Promise<unknown> {
  const epk = await subtle().importKey('jwk', { ...envelope.epk, ext: true }, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = await subtle().deriveBits({ name: 'ECDH', public: epk }, privateKey, 256);
  const key = await aesKey(shared);
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: fromBase64Url(envelope.iv), additionalData: enc.encode(aad) }, key, fromBase64Url(envelope.ct));
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<string> {
  const material = await subtle().importKey('raw', enc.encode(password.normalize('NFKC')), 'PBKDF2', false, ['deriveBits']);
  return toBase64Url(await subtle().deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 256));
}

export async function createPasswordVerifier(password: string, iterations = PBKDF2_ITERATIONS): Promise<PasswordVerifier> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return { salt: toBase64Url(salt), iterations, hash: await pbkdf2(password, salt, iterations) };
}

export async function checkPassword(password: string, verifier: PasswordVerifier): Promise<boolean> {
  const hash = await pbkdf2(password, fromBase64Url(verifier.salt), verifier.iterations);
  if (hash.length !== verifier.hash.length) return false;
  let diff = 0;
  for (let i = 0; i < hash.length; i++) diff |= hash.charCodeAt(i) ^ verifier.hash.charCodeAt(i);
  return diff === 0;
}
