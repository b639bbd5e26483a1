/**
 * Redirect targets (the ?next= return path after login) must be safe local paths.
 * Anything that a browser could read as another origin is refused.
 */
export function isSafeLocalPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  // Decode repeatedly so %2F%2Fevil.com and double-encoded variants are judged as the browser would.
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith('/')) return false;
    // Protocol-relative (//host), backslash tricks (/\host), and control characters or whitespace
    // that browsers strip before parsing (/\t/host).
    if (/^\/[\\/]/.test(candidate)) return false;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return false;
    if (/^\/\s/.test(candidate)) return false;
  }
  try {
    const base = 'http://local.invalid';
    const resolved = new URL(value, base);
    if (resolved.origin !== base) return false;
  } catch {
    return false;
  }
  return true;
}

/** Returns the value when it is a safe local path, otherwise the fallback. */
export function safeRedirect(value: unknown, fallback: string): string {
  return isSafeLocalPath(value) ? value : fallback;
}
