/**
 * The locale and market lists live in shared/ only: the database takes every value of them, and does not repeat them
 * (a value outside the lists is the boundary's to refuse, not a CHECK's). Through the repositories, on the run's engine.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS } from '../../shared/constants.js';
import { UI_LOCALES, type UiLocale } from '../../shared/locales.js';
import { createAuthRepo } from '../modules/auth/auth.repo.js';
import { createBlogsRepo } from '../modules/blogs/blogs.repo.js';
import { createProfileRepo } from '../modules/profile/profile.repo.js';
import { makeTempDir, openTestDatabase, TEST_ENGINE } from '../test/helpers.js';

const NOW = '2030-01-01T08:00:00.000Z';
let dir: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  dir = makeTempDir('izz-enumerations-');
  database = await openTestDatabase(dir);
});
afterAll(async () => {
  await database.db.close();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const company = (name: string, country: string) => ({ name, country, industry: 'M', activity: '', street: '', houseNumber: '', city: '', taxNumber: '' });

describe(`the shared lists in the database (${TEST_ENGINE})`, () => {
  it('saves a company in every market, and a user and a blog version in every locale', async () => {
    const auth = createAuthRepo(database.db);
    const blogs = createBlogsRepo(database.db);
    const profile = createProfileRepo(database.db);

    const companyIds = new Map<string, number>();
    for (const market of MARKETS) companyIds.set(market, await auth.insertCompany(company(`Company ${market}`, market), NOW));
    const companyId = companyIds.get(MARKETS[0]) ?? 0;
    const postId = await blogs.insertPost({ status: 'draft', publishAt: null, now: NOW });
    for (const locale of UI_LOCALES) {
      const userId = await auth.insertCompanyUser({ email: `${locale}@example.com`, firstName: 'A', lastName: locale, phone: '', passwordHash: 'x', companyId, locale }, NOW);
      expect((await auth.findUserById(userId))?.locale).toBe(locale);
      await blogs.saveVersion(postId, locale, { slug: `post-${locale}`, title: locale, excerpt: '', body_html: '' }, NOW);
    }

    for (const [market, id] of companyIds) {
      const row = await database.db.get<{ country: string }>('SELECT country FROM companies WHERE id = ?', [id]);
      expect(row?.country).toBe(market);
    }
    expect((await blogs.localesOf(postId)).map((v) => v.locale).sort()).toEqual([...UI_LOCALES].sort());
    // The profile's update writes both lists' columns too.
    const user = await auth.findUserByEmail(`${UI_LOCALES[1]}@example.com`);
    await profile.updateContact(user?.id ?? 0, companyId, { first_name: 'B', last_name: 'C', phone: '', locale: UI_LOCALES[UI_LOCALES.length - 1] as string, now: NOW });
    expect((await auth.findUserById(user?.id ?? 0))?.locale).toBe(UI_LOCALES[UI_LOCALES.length - 1]);
  });

  it('does not repeat the lists: a value outside them is stored (the zod schemas refuse it at the boundary)', async () => {
    const auth = createAuthRepo(database.db);
    const blogs = createBlogsRepo(database.db);
    const companyId = await auth.insertCompany(company('Company zz', 'zz'), NOW);
    const userId = await auth.insertCompanyUser({ email: 'zz@example.com', firstName: 'Z', lastName: 'Z', phone: '', passwordHash: 'x', companyId, locale: 'zz' }, NOW);
    const postId = await blogs.insertPost({ status: 'draft', publishAt: null, now: NOW });
    await blogs.saveVersion(postId, 'zz' as UiLocale, { slug: 'post-zz', title: 'zz', excerpt: '', body_html: '' }, NOW);

    expect((await database.db.get<{ country: string }>('SELECT country FROM companies WHERE id = ?', [companyId]))?.country).toBe('zz');
    expect((await auth.findUserById(userId))?.locale).toBe('zz');
    expect((await blogs.localesOf(postId)).map((v) => v.locale)).toEqual(['zz']);
  });
});
