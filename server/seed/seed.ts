/**
 * First-start content, applied once (settings.seeded marks it done):
 * footer HTML for both themes (texts in shared/i18n/<locale>/seed.json, see seed-texts.ts), the partner logo (SVG with a dark variant)
 * and — outside production unless SEED_DEMO says otherwise — a demo company with the verified user
 * demo@example.com / demo1234. No award year is seeded: a published year without results would be an empty page; the
 * award module computes and publishes the years of the demo market (seed-demo-market.ts) itself.
 *
 * Two steps run on EVERY start and are idempotent, so databases seeded before company accounts get them too:
 * ensureAdmin (the administrator account from ADMIN_EMAIL / ADMIN_PASSWORD) and ensureDemoProfile
 * (the demo company's full profile, filled in while its tax number is still empty).
 */
import { randomBytes } from 'node:crypto';
import { FALLBACK_UI_LOCALE } from '../../shared/locales.js';
import { defaultSchedule, izzApplicationDraftSchema, pulsApplicationDraftSchema } from '../../shared/schemas/application.js';
import type { Logger } from '../logger.js';
import { generateAccessCode } from '../modules/applications/index.js';
import { addDaysIso, zonedInstant, zonedToday } from '../lib/time.js';
import { createAssetsRepo } from '../modules/assets/index.js';
import { hashPasswordSync } from '../modules/auth/index.js';
import { createSiteRepo, SETTING_KEYS } from '../modules/site/index.js';
import type { Db } from '../db/connection.js';
import { seedText } from './seed-texts.js';

export const DEMO_USER = { email: 'demo@example.com', password: 'demo1234', name: 'Demo Uporabnik' } as const;
export const DEMO_COMPANY_NAME = 'Demo podjetje d.o.o.';
/** The demo company's profile (Slovenia; 12345679 is a valid Slovenian tax number). */
export const DEMO_COMPANY = {
  country: 'si',
  industry: 'M',
  activity: 'Svetovanje in raziskave',
  street: 'Dunajska cesta',
  house_number: '5',
  city: 'Ljubljana',
  tax_number: '12345679',
  size: 'large',
  employees: { total: 320, male: 170, female: 146, other_gender: 4, education_low: 40, education_middle: 150, education_higher: 110, education_special: 20 },
  contact: { first_name: 'Demo', last_name: 'Uporabnik', phone: '+386 1 234 56 78', locale: 'sl' },
} as const;

function partnerLogoSvg(text: string, accent: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="232" height="80" viewBox="0 0 232 80" role="img" aria-label="Partner">
  <rect x="4" y="12" width="56" height="56" rx="12" fill="${accent}"/>
  <path d="M18 52 L32 26 L46 52 Z" fill="#ffffff"/>
  <text x="72" y="38" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="${text}">Partner</text>
  <text x="72" y="60" font-family="Arial, Helvetica, sans-serif" font-size="14" fill="${text}">raziskave IZZ</text>
</svg>
`,
    'utf8',
  );
}

/**
 * The operator's default footer block in every language that has none yet (the plain key, English, is
 * the fallback for a language without its own). Runs at every start, so an installation seeded before a
 * language's footer text existed gets it; a block the operator has edited is never touched.
 */
export async function ensureFooterDefaults(db: Db): Promise<void> {
  const site = createSiteRepo(db);
  const footer = seedText('footerHtml');
  for (const theme of ['light', 'dark'] as const) {
    for (const [locale, html] of Object.entries(footer)) {
      const key = locale === FALLBACK_UI_LOCALE ? SETTING_KEYS.footerHtml(theme) : SETTING_KEYS.footerHtml(theme, locale);
      if ((await site.getSetting(key)) === undefined) await site.setSetting(key, html);
    }
  }
}

/** Seeds once; returns true when it ran now. */
export async function seedOnce(db: Db, options: { demoUser: boolean; logger?: Logger }): Promise<boolean> {
  const site = createSiteRepo(db);
  if (await site.getSetting(SETTING_KEYS.seeded)) return false;
  const passwordHash = options.demoUser ? hashPasswordSync(DEMO_USER.password) : null;

  await db.transaction(async () => {
    const now = new Date().toISOString();
    await ensureFooterDefaults(db);

    const assets = createAssetsRepo(db);
    const logoId = await assets.insert({ contentType: 'image/svg+xml', bytes: partnerLogoSvg('#1f2937', '#0f766e') });
    await assets.insertVariant(logoId, 'dark', { contentType: 'image/svg+xml', bytes: partnerLogoSvg('#f9fafb', '#14b8a6') });
    await site.setSetting(SETTING_KEYS.partnerLogo, JSON.stringify({ asset_id: logoId, alt: 'Partner raziskave IZZ', width: 232, height: 80 }));

    if (passwordHash) {
      const companyId = await db.insert('INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?)', [DEMO_COMPANY_NAME, now, now]);
      await db.run(
        `INSERT INTO users (email, name, password_hash, email_verified_at, scope, company_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, '["company"]', ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
        [DEMO_USER.email, DEMO_USER.name, passwordHash, now, companyId, now, now],
      );
    }
    await site.setSetting(SETTING_KEYS.seeded, now);
  });
  options.logger?.info({ demoUser: options.demoUser }, 'seeded first-start content');
  return true;
}

/** Fills in the demo company's profile where it is still empty (databases seeded before company accounts). */
export async function ensureDemoProfile(db: Db): Promise<boolean> {
  const user = await db.get<{ id: number; company_id: number | null }>('SELECT id, company_id FROM users WHERE email = ?', [DEMO_USER.email]);
  if (!user || user.company_id === null) return false;
  const d = DEMO_COMPANY;
  const now = new Date().toISOString();
  return await db.transaction(async () => {
    const changed = (await db.run(
      `UPDATE companies SET country = ?, industry = ?, activity = ?, street = ?, house_number = ?, city = ?, tax_number = ?, size = ?,
         employees_total = ?, employees_male = ?, employees_female = ?, employees_other_gender = ?, education_low = ?, education_middle = ?,
         education_higher = ?, education_special = ?, verified_at = COALESCE(verified_at, ?), updated_at = ?
       WHERE id = ? AND tax_number = ''`,
      [d.country, d.industry, d.activity, d.street, d.house_number, d.city, d.tax_number, d.size, d.employees.total, d.employees.male,
        d.employees.female, d.employees.other_gender, d.employees.education_low, d.employees.education_middle, d.employees.education_higher,
        d.employees.education_special, now, now, user.company_id],
    )).changes;
    if (changed > 0) {
      await db.run(`UPDATE users SET first_name = ?, last_name = ?, phone = ?, locale = ?, updated_at = ? WHERE id = ? AND first_name = ''`, [
        d.contact.first_name, d.contact.last_name, d.contact.phone, d.contact.locale, now, user.id,
      ]);
    }
    return changed > 0;
  });
}

/**
 * Creates the administrator when no administrator exists yet. Without ADMIN_PASSWORD a random password is
 * generated and handed to `print` once (stdout); it is never logged or stored in clear.
 */
export async function ensureAdmin(db: Db, options: { email: string; password: string | null; print: (line: string) => void; logger?: Logger }): Promise<boolean> {
  const existing = await db.get(`SELECT 1 FROM users WHERE scope LIKE '%"admin"%'`);
  if (existing) return false;
  if (await db.get('SELECT 1 FROM users WHERE email = ?', [options.email])) {
    options.logger?.warn({ email: options.email }, 'ADMIN_EMAIL belongs to an existing non-admin account; no administrator was created');
    return false;
  }
  const password = options.password ?? randomBytes(12).toString('base64url');
  const now = new Date().toISOString();
  await db.run(
    `INSERT INTO users (email, name, first_name, last_name, password_hash, email_verified_at, scope, company_id, locale, created_at, updated_at)
     VALUES (?, 'Administrator', 'Administrator', '', ?, ?, '["admin"]', NULL, 'en', ?, ?)`,
    [options.email, hashPasswordSync(password), now, now, now],
  );
  options.logger?.info({ email: options.email }, 'administrator account created');
  if (!options.password) options.print(`Administrator account created: ${options.email} / ${password} (shown once)`);
  return true;
}

/**
 * The demo company's survey applications (idempotent, also for existing databases): an approved IZZ
 * survey in progress (started 3 days ago, ends in 3 weeks, different codes, 3 respondent e-mails,
 * extra questions in sl + en) and a submitted PULS application. Runs only when the company has none.
 */
/** The demo in-progress IZZ survey's online codes (fixed, so README can print them; shown as XXXXX-XXXXX). */
export const DEMO_ONLINE_CODES = ['DEMXAAAAA2', 'DEMXAAAAA3', 'DEMXAAAAA4'] as const;

export async function ensureDemoApplications(db: Db, options: { timeZone: string; origin: string; now?: Date }): Promise<boolean> {
  const user = await db.get<{ id: number; company_id: number | null }>('SELECT id, company_id FROM users WHERE email = ?', [DEMO_USER.email]);
  if (!user || user.company_id === null) return false;
  if (await db.get('SELECT 1 AS x FROM applications WHERE company_id = ?', [user.company_id])) return false;
  const nowDate = options.now ?? new Date();
  const now = nowDate.toISOString();
  const today = zonedToday(nowDate, options.timeZone);
  const start = addDaysIso(today, -3);
  const end = addDaysIso(today, 21);
  const emails = [
    { email: 'ana.novak@demo.example', language: 'sl' as const },
    { email: 'john.smith@demo.example', language: 'en' as const },
    { email: 'marko.horvat@demo.example', language: 'sl' as const },
  ];
  const izz = izzApplicationDraftSchema.parse({
    details: {
      name: `Zadovoljstvo zaposlenih ${today.slice(0, 4)}`,
      collection: 'combined',
      start_date: start,
      end_date: end,
      // a pilot in one team of five: three answer online, two on paper
      employees: 5,
      online_respondents: 3,
      offline_respondents: 2,
      code_type: 'different',
      ...defaultSchedule(start),
      languages: ['sl', 'en'],
      respondent_emails: emails,
    },
    demographics: { questions: ['gender', 'age_group'], departments: ['Razvoj', 'Prodaja'], locations: ['Ljubljana', 'Maribor'] },
    extra_questions: [
      {
        id: 'demo-q1',
        type: 'radio',
        title: seedText('demoSurvey.recommend.title'),
        description: {},
        answers: [seedText('demoSurvey.recommend.yes'), seedText('demoSurvey.recommend.no')],
      },
      { id: 'demo-q2', type: 'text250', title: seedText('demoSurvey.improve.title'), description: {}, answers: [] },
    ],
    step: 5,
  });
  const puls = pulsApplicationDraftSchema.parse({
    details: {
      name: 'PULS četrtletni utrip',
      start_date: addDaysIso(today, 30),
      end_date: addDaysIso(today, 60),
      employees: 3,
      online_respondents: 3,
      offline_respondents: 0,
      code_type: 'identical',
      invitation_date: addDaysIso(today, 30),
      invitation_time: '09:00',
      languages: ['sl'],
      respondent_emails: [],
      cadence: 'quarterly',
      rounds: 4,
    },
    questions: ['P01', 'P02', 'P03'],
  });
  return await db.transaction(async () => {
    const izzId = Number(
      await db.insert(
        `INSERT INTO applications (company_id, created_by, type, state, draft, code_batch, created_at, updated_at, submitted_at, approved_at, started_at)
         VALUES (?, ?, 'izz', 'in_progress', ?, 1, ?, ?, ?, ?, ?)`,
        [user.company_id, user.id, JSON.stringify(izz), now, now, now, now, now],
      ),
    );
    for (const [i, e] of emails.entries()) {
      const emailId = Number(await db.insert('INSERT INTO respondent_emails (application_id, email, language) VALUES (?, ?, ?)', [izzId, e.email, e.language]));
      const code = DEMO_ONLINE_CODES[i] ?? generateAccessCode();
      await db.run("INSERT INTO access_codes (survey_id, code, channel, batch, respondent_email_id, max_uses, created_at) VALUES (?, ?, 'online', 1, ?, 1, ?) ON CONFLICT (code) DO NOTHING", [izzId, code, emailId, now]);
    }
    for (let i = 0; i < 2; i++) await db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, 'paper', 1, 1, ?)", [izzId, generateAccessCode(), now]);
    const jobs: [string, string, Record<string, unknown>, Date][] = [
      ['application.remind', `remind:${izzId}`, { surveyId: izzId, origin: options.origin }, zonedInstant(addDaysIso(start, 5), '09:00', options.timeZone)],
      ['application.finish', `finish:${izzId}`, { surveyId: izzId }, zonedInstant(end, '23:59', options.timeZone)],
    ];
    for (const [kind, key, payload, runAt] of jobs) {
      await db.run("INSERT INTO jobs (kind, payload, run_at, status, dedupe_key, created_at) VALUES (?, ?, ?, 'pending', ?, ?) ON CONFLICT (dedupe_key) DO NOTHING", [kind, JSON.stringify(payload), runAt.toISOString(), key, now]);
    }
    await db.run(
      `INSERT INTO applications (company_id, created_by, type, state, draft, created_at, updated_at, submitted_at) VALUES (?, ?, 'puls', 'submitted', ?, ?, ?, ?)`,
      [user.company_id, user.id, JSON.stringify(puls), now, now, now],
    );
    return true;
  });
}
