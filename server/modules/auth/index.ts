/** The public entry of the auth module: other server modules import only from here (lint). */
export type { AccountService } from './account.service.js';
export type { UserRow } from './auth.repo.js';
export { isAdmin, isDisabled, toCurrentUser } from './auth.service.js';
export type { AuthService, SessionContext } from './auth.service.js';
export { hashPasswordSync, verifyPassword } from './password.js';
export { createAccountService } from './account.service.js';
export { authRoutes } from './auth.routes.js';
export { createAuthService } from './auth.service.js';
export { createLoginLimiter } from './login-limiter.js';
export { createTokenService } from './tokens.js';
export type { TokenService } from './tokens.js';
