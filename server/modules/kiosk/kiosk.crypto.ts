/**
 * Kiosk cryptography (server side). See docs/architecture.md "Kiosk mode".
 *
 * Offline code check: hash = the first 8 hex characters (32 bits) of SHA-256(salt + ':' + normalizedCode).
 * Truncation is deliberate: the code space is 31^10 ≈ 8.2e14, so each 32-bit hash matches ~190,000 codes and
 * the package cannot be turned back into codes; a random wrong code passes offline with probability ~n/2^32
 * (n unused codes) and is then refused at sync. The other side of it: whoever holds the package can filter
 * guesses offline so that each one sent is right with probability ~1/190,000, which is why every kiosk has a
 * guessing limit at sync (kiosk.guesses.ts).
 *
 * Sealing: the kiosk encrypts each response to the survey's ECDH P-256 public key: an ephemeral key pair,
 * ECDH -> HKDF-SHA256 (salt empty, info SEAL_INFO) -> AES-256-GCM (12-byte iv, 16-byte tag appended to the
 * ciphertext, as WebCrypto does), additional data `${surveyId}:${responseId}` so an envelope cannot be
 * replayed under another response id or survey. The client side is pwa/features/questionnaire/kiosk/seal.ts.
 */
import { createDecipheriv, createHash, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, type JsonWebKey } from 'node:crypto';

export const SEAL_INFO = 'izz-kiosk-seal-v1';
export const CODE_HASH_HEX = 8;

export function codeHash(salt: string, normalizedCode: string): string {
  return createHash('sha256').update(`${salt}:${normalizedCode}`).digest('hex').slice(0, CODE_HASH_HEX);
}

export interface KeyPairJwk {
  publicJwk: JsonWebKey;
  privateJwk: JsonWebKey;
}

export function generateSealingKeyPair(): KeyPairJwk {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pub = publicKey.export({ format: 'jwk' });
  return { publicJwk: { kty: pub.kty, crv: pub.crv, x: pub.x, y: pub.y }, privateJwk: privateKey.export({ format: 'jwk' }) };
}

export interface SealedEnvelope {
  epk: JsonWebKey;
  iv: string; // base64url, 12 bytes
  ct: string; // base64url, ciphertext + 16-byte tag
}

export function isSealedEnvelope(v: unknown): v is SealedEnvelope {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const epk = e.epk as Record<string, unknown> | null | undefined;
  return (
    typeof e.iv === 'string' &&
    typeof e.ct === 'string' &&
    e.ct.length <= 200_000 &&
    typeof epk === 'object' &&
    epk !== null &&
    epk.kty === 'EC' &&
    epk.crv === 'P-256' &&
    typeof epk.x === 'string' &&
    typeof epk.y === 'string'
  );
}

/** Opens an envelope; null when it is malformed, tampered with or sealed to another key or survey/response. */
export function openEnvelope(envelope: unknown, privateJwk: JsonWebKey, aad: string): unknown {
  if (!isSealedEnvelope(envelope)) return null;
  try {
    const privateKey = createPrivateKey({ key: privateJwk, format: 'jwk' });
    const { kty, crv, x, y } = envelope.epk;
    const publicKey = createPublicKey({ key: { kty, crv, x, y }, format: 'jwk' });
    const secret = diffieHellman({ privateKey, publicKey });
    const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), Buffer.from(SEAL_INFO), 32));
    const iv = Buffer.from(envelope.iv, 'base64url');
    const data = Buffer.from(envelope.ct, 'base64url');
    if (iv.length !== 12 || data.length < 17) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(data.subarray(data.length - 16));
    const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * The audiences a token (NOT yet verified) names: how POST /api/responses picks the module that then
 * verifies it. Decoded once per item; [] for anything that is not a readable JWT.
 */
export function tokenAudiences(token: string): readonly string[] {
  const payload = token.split('.', 3)[1];
  if (!payload) return [];
  try {
    const aud = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud?: unknown }).aud;
    if (typeof aud === 'string') return [aud];
    return Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}
