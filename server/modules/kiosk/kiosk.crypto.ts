/**
 * Kiosk cryptography (server side). See docs/decisions/0011-kiosk-mode.md "Kiosk mode".
 *
 * Offline code check: the truncated salted code hash lives in server/lib/code-hash.ts (paper entry uses it too).
 *
 * Sealing: the kiosk encrypts each response to the survey's ECDH P-256 public key: an ephemeral key pair,
 * ECDH -> HKDF-SHA256 (salt empty, info SEAL_INFO) -> AES-256-GCM (12-byte iv, 16-byte tag appended to the
 * ciphertext, as WebCrypto does), additional data `${surveyId}:${responseId}` so an envelope cannot be
 * replayed under another response id or survey. The client side is pwa/features/questionnaire/kiosk/seal.ts.
 */
import { createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, type JsonWebKey } from 'node:crypto';

export const SEAL_INFO = 'izz-kiosk-seal-v1';
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
