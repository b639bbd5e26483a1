/** Purpose-bound keys derived from SESSION_SECRET, so one secret never signs two kinds of things. */
import { createHmac } from 'node:crypto';

export type KeyPurpose =
  | 'session-jwt'
  | 'altcha-hmac'
  | 'account-token'
  | 'questionnaire-token'
  | 'kiosk-token'
  | 'paper-entry-token'
  | 'paper-entry-salt';

export function deriveKey(secret: string, purpose: KeyPurpose): Buffer<ArrayBuffer> {
  return createHmac('sha256', secret).update(`izz:${purpose}`).digest();
}
