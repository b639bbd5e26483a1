/**
 * createApp(config): builds the Express app, opens and migrates the database, seeds first-start
 * content and starts the mail worker and the job scheduler. It never listens (server/index.ts and the tests do).
 *
 * Order (one pipeline, middleware/pipeline.ts): request context (id, log line) -> security headers ->
 * compression (GET/HEAD) -> locale -> origin check -> /api: JSON body -> the respondents' lane
 * (questionnaire and responses routes, no session) -> session lookup -> the other /api routes -> /api 404 -> PWA pages
 * -> 404 -> error handler (the last two always last).
 */
import { UI_LOCALES } from '../shared/locales.js';
import { localizedPath } from '../shared/routes.js';
import compression from 'compression';
import express, { type Express } from 'express';
import type { HelmetOptions } from 'helmet';
import nodemailer from 'nodemailer';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { demoMarketYears, ensureDemoMarket } from './seed/seed-demo-market.js';
import { ensureDemoFinishedSurvey } from './seed/seed-demo-results.js';
import { ensureAdmin, ensureDemoApplications, ensureDemoProfile, seedOnce, ensureFooterDefaults } from './seed/seed.js';
import { ensureBlogPosts } from './seed/seed-blogs.js';
import { createMailWorker, type MailTransport, type MailWorker } from './jobs/mail-outbox.js';
import { createScheduler, type Scheduler } from './jobs/scheduler.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createBotCheck } from './lib/bot-check.js';
import { createRateLimitCounts } from './lib/rate-limits.js';
import { createLogger, type Logger } from './logger.js';
import { sessionLookup } from './middleware/auth.js';
import { errorHandler, notFoundHandler } from './middleware/errors.js';
import { jsonBody, requestContext, securityHeaders } from './middleware/pipeline.js';
import { localeMiddleware } from './middleware/locale.js';
import { originCheck } from './middleware/origin.js';
import { createLimiter } from './middleware/rate-limit.js';
import { actionsRoutes, createActionsService, resultsPosterRenderer } from './modules/actions/index.js';
import { assetsRoutes } from './modules/assets/index.js';
import { adminRoutes, createAdminService } from './modules/admin/index.js';
import { adminApplicationsRoutes, applicationsRoutes, createApplicationsService, JOB_KINDS } from './modules/applications/index.js';
import { createAccountService, authRoutes, createAuthService, createLoginLimiter, createTokenService, type AccountService, type AuthService, type TokenService } from './modules/auth/index.js';
import { contactRoutes, createContactService } from './modules/contact/index.js';
import { healthRoutes } from './modules/health/index.js';
import { createLeaderboardsRepo, leaderboardsRoutes } from './modules/leaderboards/index.js';
import { adminAwardRoutes, companyAwardRoutes, createAwardService, publicAwardRoutes } from './modules/award/index.js';
import { adminBlogsRoutes, blogsRoutes, createBlogsService } from './modules/blogs/index.js';
import { createMailService, type MailService } from './modules/mail/index.js';
import { createPageRenderer, pagesRoutes, createPreloads, routePage } from './modules/pages/index.js';
import { createCodeGuesses, createCodeEntryForm, isRespondentRequest, createQuestionnaireService, questionnaireRoutes } from './modules/questionnaire/index.js';
import { createWalTruncation } from './jobs/wal-truncation.js';
import { createKioskService, kioskLaneRoutes, kioskRoutes } from './modules/kiosk/index.js';
import { createPaperEntryService, paperEntryRoutes } from './modules/paper-entry/index.js';
import { createResponsesService, responsesRoutes } from './modules/responses/index.js';
import { reportRenderers, reportsRoutes, createReportsService, createComparisonService } from './modules/reports/index.js';
import { pricingRoutes, createPricingService } from './modules/pricing/index.js';
import { profileRoutes, createProfileService } from './modules/profile/index.js';
import { siteRoutes, createSiteService } from './modules/site/index.js';
import { consentRoutes } from './modules/consent/index.js';

export interface AppOptions {
  logger?: Logger;
  /** Replaces the mail transport (tests). */
  mailTransport?: MailTransport;
  /** Start the mail worker's timer (default true). Tests may drive it with mailWorker.tick(). */
  startMailWorker?: boolean;
  /** The clock of the login rate limiter and code entry's guessing budget, in ms (tests move time with it); the other rate limits use Date.now. */
  now?: () => number;
  /** The server's clock for scheduled jobs (default () => new Date()); tests pass createTestClock(). */
  clock?: Clock;
  /** Start the job scheduler's timer (default true). Tests may drive it with scheduler.tick(). */
  startScheduler?: boolean;
  /** Where a generated administrator password is printed once (default: stdout). */
  printAdminPassword?: (line: string) => void;
}

export interface AppHandle {
  app: Express;
  db: Db;
  config: Config;
  logger: Logger;
  services: { auth: AuthService; mail: MailService; accounts: AccountService; tokens: TokenService };
  mailWorker: MailWorker;
  /** The persistent job scheduler; job kinds register their handlers on it before it starts. */
  scheduler: Scheduler;
  /** The clock the scheduler uses (options.clock or the system clock). */
  clock: Clock;
  /** Stops the job scheduler and the mail worker, then closes the database. Call after the HTTP server has closed. */
  close(): Promise<void>;
}

export { DATABASE_FILE } from './config.js';


/** `scripts`: the sources of inline scripts the pages carry (the code form's early submit, by its hash). */
function contentSecurityPolicy(config: Config, scripts: string[]) {
  const thirdParty = config.isProduction && (config.analyticsId || config.tagManagerId);
  const analyticsHosts = thirdParty ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scripts, ...analyticsHosts],
      scriptSrcAttr: ["'none'"],
      // React sets style attributes; no inline <script> is ever allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...analyticsHosts],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...analyticsHosts],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export async function createApp(config: Config, options: AppOptions = {}): Promise<AppHandle> {
  const logger = options.logger ?? createLogger(config);
  const clock = options.clock ?? systemClock;
  const db = openDatabase(config.database);
  let mailWorker: MailWorker | null = null;
  let demoMarketSeeded = false;
  try {
    // Several instances may start at the same moment: one migrates and seeds while the others wait for the lock,
    // then find nothing left to do.
    await db.withLock('izz:migrate-and-seed', async () => {
      const applied = await migrate(db);
      if (applied.length > 0) logger.info({ applied }, 'database migrated');
      await seedOnce(db, { demoUser: config.seedDemo, logger });
      await ensureFooterDefaults(db);
      // The operator's first blog posts (sl, en, hr), once: a post the administrator deletes stays deleted.
      if (await ensureBlogPosts(db)) logger.info('seeded the first blog posts');
      if (config.seedDemo) await ensureDemoProfile(db);
      if (config.seedDemo) await ensureDemoApplications(db, { timeZone: config.timeZone, origin: config.origin, now: (options.clock ?? systemClock)() });
      if (config.seedDemo) await ensureDemoFinishedSurvey(db, { timeZone: config.timeZone, now: (options.clock ?? systemClock)() });
      // After the demo company's last-year survey: the market also gives it the years before.
      if (config.seedDemoMarket && (await ensureDemoMarket(db, { timeZone: config.timeZone, now: (options.clock ?? systemClock)() }))) {
        logger.info('seeded the demo market');
        demoMarketSeeded = true;
      }
      await ensureAdmin(db, {
        email: config.adminEmail,
        password: config.adminPassword,
        logger,
        print: options.printAdminPassword ?? ((line) => process.stdout.write(`${line}\n`)),
      });
    });
    mailWorker = createMailWorker({ db, config, logger, transport: options.mailTransport });
  } catch (error) {
    await db.close();
    throw error;
  }
  const worker = mailWorker;

  const auth = createAuthService({ db, config });
  const mail = createMailService({ db, onEnqueue: () => worker.kick() });
  const site = createSiteService({ db, config });
  const botCheck = createBotCheck({ db, config });
  const contact = createContactService({ db, config, mail, botCheck });
  const tokens = createTokenService(config.sessionSecret);
  // Every rate limit counts in the database (rate_limits), so instances on one database count together.
  const rateLimitCounts = createRateLimitCounts(db);
  const limiter = createLimiter(rateLimitCounts);
  const loginLimiter = createLoginLimiter({
    counts: rateLimitCounts,
    maxPerAccount: config.loginMaxFailuresPerAccount,
    maxPerIp: config.loginMaxFailuresPerIp,
    windowMs: config.loginRateWindowMs,
    now: options.now,
  });
  const accounts = createAccountService({ db, config, auth, tokens, mail, loginLimiter });
  const profile = createProfileService({ db });
  const admin = createAdminService({ db, auth, kickMail: () => worker.kick() });
  const pricing = createPricingService({ db, logger });
  const blogs = createBlogsService({ db, now: clock });
  const accountRateLimit = { limit: config.accountRateLimit, windowMs: config.accountRateWindowMs };
  const scheduler = createScheduler({ db, logger, clock, pollIntervalMs: config.jobPollIntervalMs });
  // Job kinds register here (scheduler.register(kind, handler)), before the timer starts below.
  const smtp = options.mailTransport ?? (config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null);
  const applications = createApplicationsService({
    db,
    config,
    mail,
    logger,
    clock,
    scheduler,
    // The manual reminder goes straight through SMTP so the user sees a failure; without SMTP it is captured by the outbox.
    sendNow: smtp
      ? async (m) => {
          await smtp.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, html: m.html, text: m.text, headers: { 'Content-Language': m.locale } });
        }
      : undefined,
  });
  applications.registerJobs(scheduler);
  const questionnaire = createQuestionnaireService({ db, config, clock });
  const kiosk = createKioskService({ db, config, clock, questionnaire });
  const paperEntry = createPaperEntryService({ db, config, clock, questionnaire });
  const responses = createResponsesService({ questionnaire, kiosk, paperEntry });
  const reports = createReportsService({ db, minGroupSize: config.minGroupSize, timeZone: config.timeZone });
  const comparison = createComparisonService({ db, reports });
  const award = createAwardService({
    db,
    reports,
    comparison,
    mail,
    timeZone: config.timeZone,
    origin: config.origin,
    brand: { contactEmail: config.contactEmail, contactPhone: config.contactPhone },
    now: clock,
  });

  // The rendered pages' preloads, and the one inline script they carry (allowed by its hash, read from the build).
  const preloads = createPreloads(config.staticDir);
  const early = preloads.earlyScript();
  const helmetOptions: HelmetOptions = {
    contentSecurityPolicy: contentSecurityPolicy(config, early ? [early.source] : []),
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  // One pipeline (middleware/pipeline.ts): the same building blocks for every request, then the routes.
  app.use(requestContext(logger, { respondent: isRespondentRequest }));
  app.use(securityHeaders(helmetOptions));
  // Compression for what is worth compressing (pages, assets, JSON reads, and the page the code form's plain POST
  // answers); an API POST answers a few bytes, so the respondents' hot path (POST /api/responses) does not pay for
  // wrapping every response.
  const compress = compression();
  const compressed = (req: express.Request) => req.method === 'GET' || req.method === 'HEAD' || (req.method === 'POST' && !req.path.startsWith('/api/'));
  app.use((req, res, next) => (compressed(req) ? compress(req, res, next) : next()));
  app.use(localeMiddleware);
  app.use(originCheck(config.publicUrl));
  app.use('/api', jsonBody(config.bodyLimit));
  // The respondents' lane: code entry and responses (questionnaire.routes.ts and responses.routes.ts claim their own routes) run
  // before the session lookup, so no respondent request ever touches a session (anonymity), and at a
  // fraction of the general routes' cost. A path it does not claim goes on to the general API.
  const guesses = createCodeGuesses({ counts: rateLimitCounts, now: options.now });
  app.use('/api', questionnaireRoutes({ questionnaire, guesses }));
  app.use('/api', responsesRoutes({ responses }));
  app.use('/api', kioskLaneRoutes({ kiosk }));

  if (demoMarketSeeded) {
    // The demo market's years are published as the system (no mails), so a new visitor sees real past winners.
    const published = await award.publishAsSystem(demoMarketYears(clock(), config.timeZone));
    logger.info({ years: published }, 'published the demo award years');
  }
  // Years published before their benchmark market was stored get it now (once).
  const markets = await award.ensureMarkets();
  if (markets.length > 0) logger.info({ years: markets }, 'computed the benchmark markets of published award years');
  const actions = createActionsService({
    db,
    reports,
    comparison,
    mail,
    scheduler,
    clock,
    timeZone: config.timeZone,
    origin: config.origin,
    brand: { contactEmail: config.contactEmail, contactPhone: config.contactPhone },
    createPulsApplication: (companyId, userId, prefill, then) => applications.company.create(companyId, userId, 'puls', prefill, then),
  });
  actions.registerJobs(scheduler);
  scheduler.register<{ surveyId: number }>(JOB_KINDS.figures, async (p) => {
    await award.ensureFigures(p.surveyId);
  });

  const api = express.Router();
  // The cookie banner's plain form: no session needed.
  api.use(consentRoutes());
  api.use(sessionLookup(auth, config.isProduction));
  api.use(healthRoutes({ db }));
  api.use(siteRoutes({ site }));
  api.use(pricingRoutes({ pricing }));
  api.use(leaderboardsRoutes({ db }));
  api.use(publicAwardRoutes({ award }));
  api.use(blogsRoutes({ blogs }));
  api.use(assetsRoutes({ db }));
  api.use(authRoutes({ auth, accounts, botCheck, rateLimit: accountRateLimit, limiter }));
  api.use('/profile/award', companyAwardRoutes({ award }));
  api.use(profileRoutes({ profile, accounts, auth }));
  api.use('/applications', applicationsRoutes({ applications, origin: config.origin, limiter }));
  api.use('/admin/applications', adminApplicationsRoutes({ applications, origin: config.origin }));
  api.use('/admin/award', adminAwardRoutes({ award }));
  api.use('/admin/blogs', adminBlogsRoutes({ blogs }));
  api.use('/admin', adminRoutes({ admin }));
  api.use('/kiosk', kioskRoutes({ kiosk, limiter }));
  api.use('/paper-entry', paperEntryRoutes({ paperEntry }));
  api.use(actionsRoutes({ actions, poster: resultsPosterRenderer }));
  api.use('/surveys', reportsRoutes({ reports, comparison, followUps: { pulseOrigin: actions.pulseOrigin, history: actions.historyOf }, renderers: reportRenderers, limiter }));
  api.use(
    contactRoutes({ contact, rateLimit: { limit: config.contactRateLimit, windowMs: config.contactRateWindowMs }, limiter }),
  );
  api.use(notFoundHandler);
  app.use('/api', api);

  const leaderboards = createLeaderboardsRepo(db);
  const renderer = createPageRenderer({ staticDir: config.staticDir, logger });
  app.use(
    pagesRoutes({
      staticDir: config.staticDir,
      preloads,
      origin: config.origin,
      listedPages: async () => [
        ...(await leaderboards.findPublishedYears()).map((year) => routePage('pastWinners', { slug: String(year) })),
        ...(await blogs.sitemapPages()),
      ],
      // A post's page of an unknown, withdrawn or future slug answers 404 (the PWA shows its not-found page); a public
      // post's page has the post's own head. A winners page exists only for a published year.
      lookup: async (m) => {
        if (m.id === 'employeeResults') return { exists: await actions.isPublished(m.params.token ?? '') };
        if (m.id === 'pastWinners') return { exists: /^\d{4}$/.test(m.params.slug ?? '') && (await leaderboards.isPublishedYear(Number(m.params.slug))) };
        if (m.id !== 'blogPost') return { exists: true };
        const article = await blogs.pageArticle(m.locale, m.params.slug ?? '');
        if (!article) return { exists: false };
        // The language switch of a post: its version in that language, else that language's blog (as in the app).
        const alternates = Object.fromEntries(UI_LOCALES.filter((l) => l !== m.locale).map((l) => [l, article.paths[l] ?? localizedPath('blogs', l)]));
        return { exists: true, article, alternates };
      },
      renderer,
      codeEntryForm: createCodeEntryForm({ questionnaire, guesses }),
    }),
  );
  app.use(notFoundHandler);
  app.use(errorHandler);

  // In production the renderer loads its texts at start, not on the first visitor's page (tests render on demand).
  if (config.isProduction) void renderer.warm();
  if (options.startMailWorker !== false) worker.start();
  if (options.startScheduler !== false) scheduler.start();
  // SQLite: the write-ahead log emptied every minute (jobs/wal-truncation.ts), with the scheduler's background work.
  const walTruncation = db.dialect === 'sqlite' ? createWalTruncation({ db, logger }) : null;
  if (walTruncation && options.startScheduler !== false) walTruncation.start();

  let closed: Promise<void> | null = null;
  return {
    app,
    db,
    config,
    logger,
    services: { auth, mail, accounts, tokens },
    mailWorker: worker,
    scheduler,
    clock,
    close() {
      closed ??= (async () => {
        // Jobs first: a running job may still queue mail.
        await scheduler.stop();
        await worker.stop();
        await walTruncation?.stop();
        await db.close();
      })();
      return closed;
    },
  };
}
