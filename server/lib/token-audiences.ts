/**
 * The audiences a token (NOT yet verified) names: how a response item is routed to the service that then
 * verifies it (questionnaire, kiosk or paper entry). Decoded once per item; [] for anything that is not a
 * readable JWT.
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
