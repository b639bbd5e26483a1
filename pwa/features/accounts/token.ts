/** Reads the payload of a JWT without verifying it (only to tell an expired link early; the server decides). */
export function tokenExpired(token: string, now = Date.now()): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' && payload.exp * 1000 < now;
  } catch {
    return false;
  }
}
