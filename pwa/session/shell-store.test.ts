/**
 * GET /api/me only when the server's readable 'signed in' hint is set: a guest or a
 * respondent makes no request that is bound to fail with 401 (and logs no console error for it).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadUser, refreshUser, resetShellStore, getShellState } from './shell-store';

const clearHint = () => (document.cookie = 'izz_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT');

afterEach(() => {
  clearHint();
  resetShellStore();
  vi.unstubAllGlobals();
});

describe('the current user', () => {
  it('is a guest without asking the server when no session hint is set', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    expect(await loadUser()).toBeNull();
    expect(getShellState().user).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is asked from /api/me when the hint is set (after a login)', async () => {
    const me = { id: 3, email: 'demo@example.com', name: 'Demo', email_verified_at: '2025-01-01', scope: ['company'], company_id: 1, locale: 'en', acting_admin: null };
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ data: me }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchSpy);
    document.cookie = 'izz_signed_in=1; path=/';
    expect(await refreshUser()).toEqual(me);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String((fetchSpy.mock.calls[0] as unknown[])[0])).toContain('/api/me');
  });
});
