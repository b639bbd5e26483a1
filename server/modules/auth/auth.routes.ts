/**
 * Authentication and account endpoints (docs/api.md "Accounts"):
 * GET /api/me; POST /api/auth/register | login | logout | confirm-email | confirm-email/resend |
 * forgot-password | reset-password | email-change/confirm.
 */
import { Router, type Request, type Response } from 'express';
import {
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  tokenSchema,
} from '../../../shared/schemas/account.js';
import { langQuerySchema } from '../../../shared/schemas/config.js';
import type { CurrentUser } from '../../../shared/schemas/user.js';
import { AppError } from '../../errors.js';
import type { BotCheck } from '../../lib/bot-check.js';
import { authOf, requireAuth } from '../../middleware/auth.js';
import type { Limiter } from '../../middleware/rate-limit.js';
import { validate } from '../../middleware/validate.js';
import type { AccountService, RequestFacts } from './account.service.js';
import type { AuthService } from './auth.service.js';

export function requestFacts(req: Request): RequestFacts {
  return { ip: req.ip ?? 'unknown', userAgent: req.get('user-agent') };
}

const noStore = (res: Response) => res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });

export function authRoutes(deps?: {
  auth: AuthService;
  accounts: AccountService;
  botCheck: BotCheck;
  rateLimit: { limit: number; windowMs: number };
  limiter: Limiter;
}): Router {
  const router = Router();
  router.get('/me', validate({ query: langQuerySchema }), requireAuth, (_req, res) => {
    const auth = authOf(res);
    const body: { data: CurrentUser } = { data: (auth as NonNullable<typeof auth>).user };
    noStore(res);
    res.json(body);
  });
  if (!deps) return router;
  const { auth, accounts, botCheck } = deps;

  router.post('/auth/register', deps.limiter({ name: 'register', ...deps.rateLimit }), validate({ body: registrationSchema }, async (req, res) => {
    const input = req.body;
    await botCheck.consume(input.altcha);
    await accounts.register(input);
    res.status(201).json({ data: { status: 'confirmation-sent' } });
  }));

  router.post('/auth/login', validate({ body: loginSchema }, async (req, res) => {
    let result: Awaited<ReturnType<AccountService['login']>>;
    try {
      result = await accounts.login(req.body, requestFacts(req));
    } catch (error) {
      if (error instanceof AppError && error.code === 'rate-limited') {
        res.set('Retry-After', String((error.details as { retry_after: number }).retry_after));
        throw new AppError('rate-limited');
      }
      throw error;
    }
    // A login replaces the session this browser had.
    const previous = authOf(res);
    if (previous) await auth.revokeSession(previous.session.id);
    auth.setSessionCookie(res, result.session);
    noStore(res);
    res.json({ data: result.user });
  }));

  router.post('/auth/logout', async (_req, res) => {
    const current = authOf(res);
    if (current) await auth.revokeSession(current.session.id);
    auth.clearSessionCookie(res);
    res.status(204).end();
  });

  router.post('/auth/confirm-email', validate({ body: tokenSchema }, async (req, res) => {
    res.json({ data: await accounts.confirmEmail(req.body.token) });
  }));

  router.post('/auth/confirm-email/resend', deps.limiter({ name: 'confirm-email-resend', ...deps.rateLimit }), validate({ body: resendConfirmationSchema }, async (req, res) => {
    await accounts.resendConfirmation(authOf(res)?.user ?? null, req.body.email);
    res.status(202).json({ data: { status: 'sent' } });
  }));

  router.post('/auth/forgot-password', deps.limiter({ name: 'forgot-password', ...deps.rateLimit }), validate({ body: forgotPasswordSchema }, async (req, res) => {
    await accounts.forgotPassword(req.body.email);
    res.status(202).json({ data: { status: 'sent' } });
  }));

  router.post('/auth/reset-password', validate({ body: resetPasswordSchema }, async (req, res) => {
    const body = req.body;
    await accounts.resetPassword(body.token, body.password);
    res.json({ data: { status: 'password-reset' } });
  }));

  router.post('/auth/email-change/confirm', validate({ body: tokenSchema }, async (req, res) => {
    const result = await accounts.confirmEmailChange(req.body.token);
    auth.clearSessionCookie(res);
    res.json({ data: result });
  }));

  return router;
}
