/**
 * Company accounts: registration, e-mail confirmation (and resend), login/logout, forgot/reset password,
 * and e-mail change (request from the profile, confirmation by link). Mails go through the outbox in the
 * account's language (users.locale), with links to the PWA's localized pages.
 */
import type { z } from 'zod';
import { FALLBACK_UI_LOCALE, isUiLocale, type UiLocale } from '../../../shared/locales.js';
import { localizedPath, type RouteId } from '../../../shared/routes.js';
import type { emailChangeSchema, loginSchema, registrationSchema } from '../../../shared/schemas/account.js';
import type { CurrentUser } from '../../../shared/schemas/user.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { MailService } from '../mail/index.js';
import { confirmEmailMail, emailChangedNoticeMail, emailChangeMail, passwordResetMail, type MailBrand, type RenderedMail } from '../mail/index.js';
import type { UserRow } from './auth.repo.js';
import { isDisabled, toCurrentUser, type AuthService, type CreatedSession } from './auth.service.js';
import type { LoginLimiter } from './login-limiter.js';
import { hashPassword, hashPasswordSync, verifyPassword } from './password.js';
import type { TokenService } from './tokens.js';
import { parseUserAgent } from './user-agent.js';

type RegistrationData = z.output<typeof registrationSchema>;
type LoginData = z.output<typeof loginSchema>;
type EmailChangeData = z.output<typeof emailChangeSchema>;

/** Verified against when the e-mail is unknown, so both cases take the same time. */
const DUMMY_HASH = hashPasswordSync('not-a-real-password');

export interface RequestFacts {
  ip: string;
  userAgent?: string;
}

export function localeOfUser(row: Pick<UserRow, 'locale'>): UiLocale {
  return isUiLocale(row.locale) ? row.locale : FALLBACK_UI_LOCALE;
}

export function createAccountService(deps: {
  db: Db;
  config: Pick<Config, 'origin' | 'contactEmail' | 'contactPhone'>;
  auth: AuthService;
  tokens: TokenService;
  mail: MailService;
  loginLimiter: LoginLimiter;
}) {
  const { db, auth, tokens } = deps;
  const repo = auth.repo;
  const brand: MailBrand = { contactEmail: deps.config.contactEmail, contactPhone: deps.config.contactPhone };

  // Links in mails point at the configured origin (PUBLIC_URL, or http://localhost:PORT in development), never at
  // the Host a request named: a forged Host would otherwise mail a victim's token to the forger's site.
  const link = (route: RouteId, locale: UiLocale, token: string, extra = '') =>
    `${deps.config.origin}${localizedPath(route, locale)}?token=${encodeURIComponent(token)}${extra}`;

  const enqueue = async (to: string, mail: RenderedMail): Promise<number> => {
    try {
      return await deps.mail.enqueue({ to, subject: mail.subject, html: mail.html, text: mail.text, locale: mail.locale });
    } catch (error) {
      throw new AppError('mail-send-failed', { cause: error });
    }
  };

  const companyName = async (companyId: number | null): Promise<string> =>
    companyId === null ? '' : await repo.companyName(companyId);

  async function queueConfirmation(user: UserRow, resend: boolean): Promise<number> {
    const locale = localeOfUser(user);
    const token = await tokens.sign('confirm-email', { userId: user.id, email: user.email });
    return await enqueue(user.email, confirmEmailMail({ locale, brand, name: user.name, company: await companyName(user.company_id), url: link('confirmEmail', locale, token), resend }));
  }

  /** Marks a token used; false when it was used before. */
  const useOnce = async (jti: string, purpose: string, expiresAt: Date) => await repo.useToken(jti, purpose, expiresAt.toISOString(), new Date().toISOString());

  return {
    /** Creates the company and its user (unverified) and queues the confirmation mail. The bot check is the caller's. */
    async register(input: RegistrationData): Promise<{ userId: number; companyId: number }> {
      if (await repo.emailTaken(input.email)) throw new AppError('email-taken');
      const hash = await hashPassword(input.password);
      const ids = await db.transaction(async () => {
        // Checked again inside the transaction: two registrations may race past the first check.
        if (await repo.emailTaken(input.email)) throw new AppError('email-taken');
        const now = new Date().toISOString();
        const companyId = await repo.insertCompany(
          {
            name: input.company_name,
            country: input.country,
            industry: input.industry,
            activity: input.activity,
            street: input.street,
            houseNumber: input.house_number,
            city: input.city,
            taxNumber: input.tax_number,
          },
          now,
        );
        const userId = await repo.insertCompanyUser(
          { email: input.email, firstName: input.first_name, lastName: input.last_name, phone: input.phone, passwordHash: hash, companyId, locale: input.locale },
          now,
        );
        return { userId, companyId };
      });
      const user = await repo.findUserById(ids.userId) as UserRow;
      await queueConfirmation(user, false);
      return ids;
    },

    async confirmEmail(token: string): Promise<{ status: 'confirmed'; email: string }> {
      const t = await tokens.verify('confirm-email', token);
      const user = await repo.findUserById(t.userId);
      // A token for an address the account no longer has is void.
      if (!user || user.email.toLowerCase() !== t.email.toLowerCase()) throw new AppError('invalid-token');
      await db.transaction(async () => {
        if (!await useOnce(t.jti, t.purpose, t.expiresAt)) throw new AppError('invalid-token');
        await repo.markEmailVerified(user.id, new Date().toISOString());
      });
      return { status: 'confirmed', email: user.email };
    },

    /** Resends the confirmation to the logged-in unverified user, or to `email` if it belongs to an unverified user. Same answer either way. */
    async resendConfirmation(current: CurrentUser | null, email: string | undefined): Promise<void> {
      const user = current ? await repo.findUserById(current.id) : email ? await repo.findUserByEmail(email) : undefined;
      if (!user || user.email_verified_at !== null || isDisabled(user)) return;
      await queueConfirmation(user, true);
    },

    async login(input: LoginData, facts: RequestFacts): Promise<{ user: CurrentUser; session: CreatedSession }> {
      const wait = await deps.loginLimiter.retryAfter(input.email, facts.ip);
      if (wait > 0) throw new AppError('rate-limited', { details: { retry_after: wait } });
      const user = await repo.findUserByEmail(input.email);
      const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !ok) {
        await deps.loginLimiter.fail(input.email, facts.ip);
        throw new AppError('invalid-credentials');
      }
      if (isDisabled(user)) throw new AppError('account-disabled');
      await deps.loginLimiter.succeed(input.email);
      const ua = parseUserAgent(facts.userAgent);
      const session = await auth.createSession(user.id, {
        userAgent: facts.userAgent?.slice(0, 500) ?? null,
        browser: ua.browser,
        device: ua.device,
        platform: input.device?.platform ?? ua.platform,
        screenWidth: input.device?.screen_width ?? null,
        screenHeight: input.device?.screen_height ?? null,
      });
      return { user: toCurrentUser(user), session };
    },

    /** Queues a reset mail when the address belongs to an active account; says nothing either way. */
    async forgotPassword(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user || isDisabled(user)) return;
      const locale = localeOfUser(user);
      const token = await tokens.sign('reset-password', { userId: user.id, email: user.email });
      await enqueue(user.email, passwordResetMail({ locale, brand, name: user.name, url: link('resetPassword', locale, token) }));
    },

    /** Sets the new password from a reset link and ends every session of the user. */
    async resetPassword(token: string, password: string): Promise<void> {
      const t = await tokens.verify('reset-password', token);
      const user = await repo.findUserById(t.userId);
      if (!user || user.email.toLowerCase() !== t.email.toLowerCase()) throw new AppError('invalid-token');
      if (user.password_changed_at && Date.parse(user.password_changed_at) > t.issuedAtMs) throw new AppError('invalid-token');
      const hash = await hashPassword(password);
      await db.transaction(async () => {
        if (!await useOnce(t.jti, t.purpose, t.expiresAt)) throw new AppError('invalid-token');
        const now = new Date().toISOString();
        await repo.setPassword(user.id, hash, now);
        // The link reached the inbox, so the address is proven too.
        await repo.markEmailVerified(user.id, now);
        await repo.revokeUserSessions(user.id, now);
        await repo.endActingSessions(user.id);
      });
    },

    /** Changes the password (current one required) and ends every OTHER session of the user. */
    async changePassword(userId: number, currentSessionId: string, currentPassword: string, password: string): Promise<void> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('unauthenticated');
      if (!(await verifyPassword(currentPassword, user.password_hash))) {
        throw new AppError('wrong-password');
      }
      const hash = await hashPassword(password);
      await db.transaction(async () => {
        const now = new Date().toISOString();
        await repo.setPassword(user.id, hash, now);
        await repo.revokeUserSessions(user.id, now, currentSessionId);
      });
    },

    /** Stores the pending address and mails a confirmation link to it. */
    async requestEmailChange(userId: number, input: EmailChangeData): Promise<void> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('unauthenticated');
      if (!(await verifyPassword(input.current_password, user.password_hash))) {
        throw new AppError('wrong-password');
      }
      if (input.new_email.toLowerCase() === user.email.toLowerCase()) {
        throw new AppError('validation-failed', { details: [{ location: 'body', path: 'new_email', code: 'custom', message: 'field:same-as-current' }] });
      }
      if (await repo.emailTaken(input.new_email, user.id)) throw new AppError('email-taken');
      const locale = localeOfUser(user);
      const token = await tokens.sign('email-change', { userId: user.id, email: input.new_email });
      await db.transaction(async () => {
        await repo.setPendingEmail(user.id, input.new_email, new Date().toISOString());
        await enqueue(
          input.new_email,
          emailChangeMail({ locale, brand, name: user.name, oldEmail: user.email, newEmail: input.new_email, url: link('confirmEmail', locale, token, '&kind=email-change') }),
        );
      });
    },

    /** Applies a confirmed e-mail change, ends every session of the user and tells the old address. */
    async confirmEmailChange(token: string): Promise<{ status: 'email-changed'; email: string }> {
      const t = await tokens.verify('email-change', token);
      const user = await repo.findUserById(t.userId);
      // Only the latest requested address can be confirmed.
      if (!user || !user.pending_email || user.pending_email.toLowerCase() !== t.email.toLowerCase()) throw new AppError('invalid-token');
      if (await repo.emailTaken(t.email, user.id)) throw new AppError('email-taken');
      const oldEmail = user.email;
      await db.transaction(async () => {
        if (!await useOnce(t.jti, t.purpose, t.expiresAt)) throw new AppError('invalid-token');
        const now = new Date().toISOString();
        await repo.changeEmail(user.id, t.email, now);
        await repo.revokeUserSessions(user.id, now);
        await repo.endActingSessions(user.id);
        await enqueue(oldEmail, emailChangedNoticeMail({ locale: localeOfUser(user), brand, name: user.name, oldEmail, newEmail: t.email }));
      });
      return { status: 'email-changed', email: t.email };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
