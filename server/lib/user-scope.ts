/**
 * A user's scope (the JSON list of roles stored with the user) and whether it makes the user an administrator. Here, below
 * the modules, because the session middleware needs it as much as the auth module does.
 */

/** The roles in a stored scope; anything that is not a JSON list of strings is no roles at all. */
export function parseScope(scope: string): string[] {
  try {
    const parsed: unknown = JSON.parse(scope);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export function isAdmin(row: { scope: string }): boolean {
  return parseScope(row.scope).includes('admin');
}
