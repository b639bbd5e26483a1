/**
 * Kiosk mode (a shared device that takes many respondents' codes): what the server answers with.
 * The server builds these; the PWA checks the setup before storing it on the device.
 */
import { z } from 'zod';
import { questionnairePackageSchema } from './questionnaire.js';

/** One code of the survey as the kiosk checks it offline. */
export const kioskCodeHashSchema = z.object({
  /** First 8 hex characters of SHA-256(salt + ':' + code). */
  h: z.string(),
  /**
   * Uses the code allows, used or not (1 for 'different' codes; an 'identical' code's online uses): the package never
   * tells a used code from an unused one, so the kiosk counts its own uses (`used`) and sync catches the others.
   */
  n: z.number().int(),
});
export type KioskCodeHash = z.infer<typeof kioskCodeHashSchema>;

/** The survey's public key (P-256 ECDH, JWK) the kiosk seals each response to. */
export const publicJwkSchema = z.object({ kty: z.string(), crv: z.string(), x: z.string(), y: z.string() });
export type PublicJwk = z.infer<typeof publicJwkSchema>;

/** POST /api/kiosk/setup -> { data }: everything a kiosk needs to take answers offline. */
export const kioskSetupSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  package: questionnairePackageSchema,
  salt: z.string(),
  hashes: z.array(kioskCodeHashSchema),
  public_key: publicJwkSchema,
});
export type KioskSetup = z.infer<typeof kioskSetupSchema>;

/**
 * GET /api/kiosk/package (kiosk token) -> { data }: the kiosk's one survey as it is now (codes reissued or used since
 * the setup, PULS: the open round). The token and the sealing key stay those of the setup.
 */
export const kioskPackageSchema = kioskSetupSchema.pick({ package: true, salt: true, hashes: true });
export type KioskPackage = z.infer<typeof kioskPackageSchema>;

/** POST /api/kiosk/code-check { code } (kiosk token) -> { data }: the code may be used now (refusals are errors). */
export const kioskCodeCheckSchema = z.object({ ok: z.literal(true) });
export type KioskCodeCheck = z.infer<typeof kioskCodeCheckSchema>;

/** GET /api/kiosk/conflicts (kiosk token) and /api/kiosk/surveys/:id/conflicts: the survey's kiosk conflicts. */
export const kioskConflictsSchema = z.object({ count: z.number().int(), last_on: z.string().nullable() });
export type KioskConflicts = z.infer<typeof kioskConflictsSchema>;
