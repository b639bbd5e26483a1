// The kiosk device's own calls (docs/api.md "Kiosk"): its token as a bearer, no cookie, no session.
// GET /api/kiosk/package (the package, salt and code hashes as they are now) and POST /api/kiosk/code-check.
import { kioskCodeCheckSchema, kioskPackageSchema, type KioskPackage } from '../../../../shared/schemas/kiosk';
import { ApiError, getData } from '../../../lib/api';

/** How long a respondent waits at most for the server's answer on a code before the offline check decides. */
export const CODE_CHECK_TIMEOUT_MS = 4_000;

const asKiosk = (token: string) => ({ headers: { Authorization: `Bearer ${token}` }, credentials: 'omit' as const, locale: null });

export function fetchKioskPackage(token: string, signal?: AbortSignal): Promise<KioskPackage> {
  return getData('/api/kiosk/package', { ...asKiosk(token), signal, schema: kioskPackageSchema });
}

/** The server's word on a typed code; 'unknown' when it could not say (no network, too slow, over the guessing limit, expired token, 5xx). */
export type OnlineCodeCheck = 'ok' | 'invalid' | 'used' | 'closed' | 'unknown';

export async function checkCodeOnline(token: string, code: string, timeoutMs = CODE_CHECK_TIMEOUT_MS): Promise<OnlineCodeCheck> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    await getData('/api/kiosk/code-check', { method: 'POST', body: { code }, ...asKiosk(token), signal: controller.signal, schema: kioskCodeCheckSchema });
    return 'ok';
  } catch (e) {
    if (e instanceof ApiError && e.code === 'access-code-invalid') return 'invalid';
    if (e instanceof ApiError && e.code === 'access-code-used') return 'used';
    if (e instanceof ApiError && e.code === 'survey-closed') return 'closed';
    return 'unknown';
  } finally {
    clearTimeout(timer);
  }
}
