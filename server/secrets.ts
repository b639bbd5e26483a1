/** Purpose-bound keys derived from SESSION_SECRET, so one secret never signs two kinds of things. */
import { createHmac } from 'node:crypto';

export function deriveKey(secret: string, purpose: 'session-jwt' | 'altcha-hmac' | 'account-token'): Buffer {
  return createHmac('sha256', secret).update(`izz:${purpose}`).digest();
}
