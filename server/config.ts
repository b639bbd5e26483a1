/**
 * Configuration: every setting comes from the environment, checked with zod at start.
 * A bad value stops start-up with a message that names the variable (ConfigError).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LIMITS, MARKETS, type Market } from '../shared/constants.js';
import { UI_LOCALES, type UiLocale } from '../shared/locales.js';
import type { DatabaseTarget } from './db/connection.js';
import { DEFAULT_MAIL_CLAIM_MS } from './lib/heartbeat.js';

/** The embedded SQLite database's file name under DATA_DIR. */
export const DATABASE_FILE = 'izz.sqlite';

/** The repository root (server/ lives directly under it). */
/** The project folder: one level above this file, in the source tree (server/) and in the compiled server (build/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());
const boolFromEnv = z
  .preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional())
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  // Unset: the embedded SQLite file DATA_DIR/izz.sqlite. postgres://user:password@host:port/database: PostgreSQL, for
  // several instances (README, "More than one machine").
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL (leave it unset for the SQLite file under DATA_DIR)' }).optional()),
  DATABASE_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2).max(200).default(10)),
  STATIC_DIR: z.preprocess(emptyToUndefined, z.string().default('./dist/pwa')),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_TTL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(365).default(30)),
  CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('info@example.com')),
  CONTACT_PHONE: z.preprocess(emptyToUndefined, z.string().max(40).default('+386 1 234 56 78')),
  MARKET: z.preprocess(emptyToUndefined, z.enum(MARKETS).default('hr')),
  OPERATOR_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  OPERATOR_LOCALE: z.preprocess(emptyToUndefined, z.enum(UI_LOCALES).optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_MAX_ATTEMPTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(20).default(6)),
  MAIL_POLL_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(3_600_000).default(5000)),
  MAIL_RETRY_BASE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(3_600_000).default(30_000)),
  MAIL_CLAIM_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(600_000).default(DEFAULT_MAIL_CLAIM_MS)),
  JOB_POLL_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(3_600_000).default(5000)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  BODY_LIMIT: z.preprocess(emptyToUndefined, z.string().regex(/^\d+(b|kb|mb)?$/i, 'must look like 100kb or 1mb').default('100kb')),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(false|true|\d+|[0-9a-fA-F.:/,\s]+|loopback|linklocal|uniquelocal)$/, 'must be false, true, a hop count or a list of addresses')
      .default('false'),
  ),
  ANALYTICS_ID: optionalString,
  TAG_MANAGER_ID: optionalString,
  TIME_ZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('Europe/Ljubljana')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as Europe/Ljubljana'),
  ),
  MIN_GROUP_SIZE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(LIMITS.minGroupSizeFloor).max(100).default(LIMITS.minGroupSizeDefault),
  ),
  CONTACT_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(5)),
  CONTACT_RATE_WINDOW_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1440).default(10)),
  ALTCHA_MAX_NUMBER: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(10_000_000).default(50_000)),
  SEED_DEMO: boolFromEnv,
  SEED_DEMO_MARKET: boolFromEnv,
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().default('admin@example.com')),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(LIMITS.passwordMinLength, `must be at least ${LIMITS.passwordMinLength} characters`).max(200).optional()),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(5)),
  LOGIN_MAX_FAILURES_PER_IP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10000).default(20)),
  LOGIN_RATE_WINDOW_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1440).default(15)),
  ACCOUNT_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10000).default(10)),
  ACCOUNT_RATE_WINDOW_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1440).default(15)),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** The public origin, e.g. https://izz.example.com (no trailing slash); null when not set. */
  publicUrl: string | null;
  /**
   * The origin every link the platform hands out is built on (mails, code lists, QR codes, printed forms):
   * PUBLIC_URL, or http://localhost:PORT when it is not set (development). Never a request's Host header.
   */
  origin: string;
  dataDir: string;
  /** PostgreSQL (DATABASE_URL) or the SQLite file under dataDir. */
  database: DatabaseTarget;
  staticDir: string;
  sessionSecret: string;
  sessionTtlDays: number;
  contactEmail: string;
  contactPhone: string;
  market: Market;
  operatorEmail: string;
  operatorLocale: UiLocale;
  mailFrom: string;
  smtpUrl: string | null;
  mailMaxAttempts: number;
  mailPollIntervalMs: number;
  mailRetryBaseMs: number;
  /** How long a mail being sent stays claimed by its instance (server/jobs/mail-outbox.ts): the longest a dead instance's mail waits. */
  mailClaimMs: number;
  /** How often the job scheduler looks for due jobs (server/jobs/scheduler.ts). */
  jobPollIntervalMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  bodyLimit: string;
  trustProxy: boolean | number | string;
  analyticsId: string | null;
  tagManagerId: string | null;
  timeZone: string;
  minGroupSize: number;
  contactRateLimit: number;
  contactRateWindowMs: number;
  altchaMaxNumber: number;
  seedDemo: boolean;
  /** The demo market: fictional companies with finished IZZ surveys of the past years (server/seed/seed-demo-market.ts). */
  seedDemoMarket: boolean;
  /** The administrator created at first start. */
  adminEmail: string;
  /** null: a password is generated and printed once. */
  adminPassword: string | null;
  /** Failed logins allowed per account / per IP within loginRateWindowMs (a success resets the account's count). */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginRateWindowMs: number;
  /** Register, resend confirmation and forgot password: requests per IP per window (each endpoint counted apart). */
  accountRateLimit: number;
  accountRateWindowMs: number;
}

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly variables: string[],
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

const OPERATOR_LOCALE_BY_MARKET: Record<Market, UiLocale> = { si: 'sl', hr: 'hr', ba: 'bs', rs: 'sr', mk: 'mk' };

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Reads the development secret from DATA_DIR, creating it on first start so sessions survive restarts. */
function persistedDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * Parses the environment. Throws ConfigError naming every bad variable.
 * Side effect outside production: creates DATA_DIR/session-secret when SESSION_SECRET is unset.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const variables = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '?')))];
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      const raw = env[name];
      return `  ${name}: ${issue.message}${raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`, variables);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);

  if (isProduction) {
    const missing = (['SESSION_SECRET', 'PUBLIC_URL', 'OPERATOR_EMAIL'] as const).filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required when NODE_ENV=production`).join('\n')}`,
        missing,
      );
    }
  }
  const sessionSecret = e.SESSION_SECRET ?? persistedDevSecret(dataDir);
  const publicUrl = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null;

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    origin: publicUrl ?? `http://localhost:${String(e.PORT)}`,
    dataDir,
    database: e.DATABASE_URL ? { engine: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } : { engine: 'sqlite', file: path.join(dataDir, DATABASE_FILE) },
    staticDir: path.resolve(REPO_ROOT, e.STATIC_DIR),
    sessionSecret,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    contactEmail: e.CONTACT_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    market: e.MARKET,
    operatorEmail: e.OPERATOR_EMAIL ?? e.CONTACT_EMAIL,
    operatorLocale: e.OPERATOR_LOCALE ?? OPERATOR_LOCALE_BY_MARKET[e.MARKET],
    mailFrom: e.MAIL_FROM ?? `IZZ <no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}>`,
    smtpUrl: e.SMTP_URL ?? null,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailPollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
    mailRetryBaseMs: e.MAIL_RETRY_BASE_MS,
    mailClaimMs: e.MAIL_CLAIM_MS,
    jobPollIntervalMs: e.JOB_POLL_INTERVAL_MS,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY.trim()),
    analyticsId: e.ANALYTICS_ID ?? null,
    tagManagerId: e.TAG_MANAGER_ID ?? null,
    timeZone: e.TIME_ZONE,
    minGroupSize: e.MIN_GROUP_SIZE,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    contactRateWindowMs: e.CONTACT_RATE_WINDOW_MINUTES * 60_000,
    altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    seedDemoMarket: e.SEED_DEMO_MARKET ?? e.SEED_DEMO ?? !isProduction,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD ?? null,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    loginRateWindowMs: e.LOGIN_RATE_WINDOW_MINUTES * 60_000,
    accountRateLimit: e.ACCOUNT_RATE_LIMIT,
    accountRateWindowMs: e.ACCOUNT_RATE_WINDOW_MINUTES * 60_000,
  };
}
