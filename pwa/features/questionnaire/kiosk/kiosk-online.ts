// The kiosk when it is online (docs/decisions/0011-kiosk-mode.md "Kiosk mode", 9): it keeps its package current and
// asks the server about a typed code before a respondent starts. Offline it works as before, from what it holds.
//
// - refreshKiosk: GET /api/kiosk/package with the kiosk's token (no company login on the device), stored by
//   kiosk-store.applyPackage; 409 survey-closed marks the kiosk closed. One request at a time.
// - admitCode: the offline hash check; online, a code missing from the package triggers a refresh first (it may have
//   been issued since; no code leaves the device for that), and a code that passes is checked with the server, which
//   refuses one used meanwhile elsewhere (the package cannot: it never tells used codes from unused ones).
//   When the server cannot say, the hash check stands and sync catches a used code (a conflict).
import { normalizeAccessCode } from '../../../../shared/access-codes';
import { ApiError } from '../../../lib/api';
import { getDb, type IzzDb } from '../../../db/db';
import { checkCodeOnline, fetchKioskPackage, type OnlineCodeCheck } from './kiosk-api';
import { applyPackage, checkCode, markClosed, refreshStart, type CodeCheck, type KioskConfig } from './kiosk-store';
import type { KioskPackage } from '../../../../shared/schemas/kiosk';

/** While online, the kiosk asks for its package this often (besides at start, on the online event and after a sync). */
export const KIOSK_REFRESH_MS = 5 * 60_000;

export type RefreshResult = { status: 'updated'; config: KioskConfig } | { status: 'closed' } | { status: 'failed' };

export interface KioskOnlineDeps {
  db?: IzzDb;
  fetchPackage?: (token: string) => Promise<KioskPackage>;
  checkOnline?: (token: string, code: string) => Promise<OnlineCodeCheck>;
  online?: () => boolean;
  now?: () => number;
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let running: Promise<RefreshResult> | null = null;

/** Fetches and stores the kiosk's current package; a call while one runs joins it. */
export function refreshKiosk(deps: KioskOnlineDeps = {}): Promise<RefreshResult> {
  running ??= refreshOnce(deps).finally(() => {
    running = null;
  });
  return running;
}

async function refreshOnce(deps: KioskOnlineDeps): Promise<RefreshResult> {
  const db = deps.db ?? getDb();
  try {
    const start = await refreshStart(db);
    if (!start) return { status: 'failed' };
    let fresh: KioskPackage;
    try {
      fresh = await (deps.fetchPackage ?? fetchKioskPackage)(start.token);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'survey-closed') {
        await markClosed(start, db);
        return { status: 'closed' };
      }
      return { status: 'failed' }; // offline, expired token, 5xx: the kiosk keeps what it has
    }
    const config = await applyPackage(fresh, start, db, (deps.now ?? Date.now)());
    return config ? { status: 'updated', config } : { status: 'failed' };
  } catch {
    return { status: 'failed' };
  }
}

export type Admission = CodeCheck | { ok: false; reason: 'closed' };

/** A code typed at the kiosk: may this respondent start? */
export async function admitCode(config: KioskConfig, input: string, deps: KioskOnlineDeps = {}): Promise<Admission> {
  const online = deps.online ?? browserOnline;
  let current = config;
  let result = await checkCode(current, input);
  if (!result.ok && result.reason === 'invalid' && normalizeAccessCode(input) !== null && online()) {
    // perhaps issued after the last refresh
    const fresh = await refreshKiosk(deps);
    if (fresh.status === 'closed') return { ok: false, reason: 'closed' };
    if (fresh.status === 'updated') {
      current = fresh.config;
      result = await checkCode(current, input);
    }
  }
  if (!result.ok || !online()) return result;
  const answer = await (deps.checkOnline ?? checkCodeOnline)(current.token, result.code);
  if (answer === 'ok' || answer === 'unknown') return result;
  // revoked or closed since the last refresh: bring the package up to date for the next respondent (a used code
  // changes nothing in it)
  if (answer !== 'used') void refreshKiosk(deps);
  return { ok: false, reason: answer };
}
