import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOG_TEXT_CASES, oldPlainText } from '../test/blog-texts.js';
import { makeTempDir } from '../test/helpers.js';
import { openDatabase, type Db } from './connection.js';
import { listMigrations, migrate, MIGRATION_FILE_PATTERN, MIGRATIONS_DIR } from './migrate.js';

const dirs: string[] = [];
const pragma = async (db: Db, name: string): Promise<unknown> => Object.values((await db.get<Record<string, unknown>>(`PRAGMA ${name}`)) ?? {})[0];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function fixtureDir(files: Record<string, string>): string {
  const dir = makeTempDir('izz-migrations-');
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe('migration files', () => {
  it('are named NNNN_snake_case.sql, numbered contiguously from 0001, and sort in numeric order', () => {
    const names = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(MIGRATION_FILE_PATTERN);
    const sorted = [...names].sort();
    expect(sorted.map((n) => Number(n.slice(0, 4)))).toEqual(sorted.map((_, i) => i + 1));
    // The lexical order (how the runner reads them) equals the numeric order.
    expect(listMigrations().map((m) => m.version)).toEqual(names.map((n) => Number(n.slice(0, 4))).sort((a, b) => a - b));
    // Nothing but .sql files lives there (a stray .txt would be a forgotten migration), beside the README and the
    // PostgreSQL twins (postgres/, checked by migrations-postgres.test.ts).
    expect(fs.readdirSync(MIGRATIONS_DIR).filter((f) => !f.endsWith('.sql') && f !== 'README.md' && f !== 'postgres')).toEqual([]);
  });

  it('rejects a gap in the numbering and a malformed name', () => {
    expect(() => listMigrations(fixtureDir({ '0001_a.sql': '', '0003_c.sql': '' }))).toThrow(/expected 0002/);
    expect(() => listMigrations(fixtureDir({ '0001_a.sql': '', '2_b.sql': '' }))).toThrow(/does not match/);
    expect(() => listMigrations(fixtureDir({ '0001_a.sql': '', '0001_b.sql': '' }))).toThrow(/expected 0002/);
  });
});

describe('migrate', () => {
  it('applies every migration once, records it, and is a no-op the second time', async () => {
    const db = openDatabase(':memory:');
    const applied = await migrate(db);
    expect(applied).toEqual(listMigrations().map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    const rows = await db.all<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows[0]).toEqual({ version: 1, name: 'platform_foundation' });
    const tables = (await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).map((r) => r.name);
    for (const table of ['settings', 'assets', 'asset_variants', 'award_years', 'companies', 'users', 'sessions', 'mail_outbox', 'altcha_used']) {
      expect(tables).toContain(table);
    }
    await db.close();
  });

  it('rolls back a failing migration and records nothing for it', async () => {
    const dir = fixtureDir({ '0001_ok.sql': 'CREATE TABLE a (x INTEGER);', '0002_bad.sql': 'CREATE TABLE b (y INTEGER); INSERT INTO nope VALUES (1);' });
    const db = openDatabase(':memory:');
    await expect(migrate(db, dir)).rejects.toThrow(/no such table: nope/);
    expect((await db.all<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version)).toEqual([1]);
    expect(await db.get("SELECT name FROM sqlite_master WHERE name = 'b'")).toBeUndefined();
    await db.close();
  });

  it('opens the database with WAL, foreign keys and synchronous NORMAL', async () => {
    const dir = makeTempDir('izz-db-');
    dirs.push(dir);
    const db = openDatabase(path.join(dir, 'x.sqlite'));
    expect(await pragma(db, 'journal_mode')).toBe('wal');
    expect(await pragma(db, 'foreign_keys')).toBe(1);
    expect(await pragma(db, 'synchronous')).toBe(1);
    expect(await pragma(db, 'busy_timeout')).toBe(5000);
    expect(await pragma(db, 'secure_delete')).toBe(1);
    await migrate(db);
    // Foreign keys are enforced: a session for a missing user is refused.
    await expect(db.run("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('s', 999, 'x', 'y')")).rejects.toThrow(/FOREIGN KEY/);
    await db.close();
  });
});

describe('0009_anonymous_storage', () => {
  it('drops access_codes.used_at and responses.submitted_on and keeps every row', async () => {
    const dir = makeTempDir('izz-migrations-');
    dirs.push(dir);
    const all = listMigrations();
    const before = all.filter((m) => m.version < 9);
    for (const m of before) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    const db = openDatabase(':memory:');
    await migrate(db, dir);
    await db.run("INSERT INTO companies (id, name, created_at, updated_at) VALUES (1, 'C', 'x', 'x')");
    await db.run("INSERT INTO applications (id, company_id, type, state, created_at, updated_at) VALUES (1, 1, 'izz', 'in_progress', 'x', 'x')");
    await db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, uses, used_at, created_at) VALUES (1, 'AAAAAAAAA2', 'online', 1, 1, 1, '2030-03-05', 'x'), (1, 'AAAAAAAAA3', 'paper', 1, 1, 0, NULL, 'x')");
    await db.run("INSERT INTO responses (id, survey_id, channel, submitted_on, answers, round) VALUES ('r1', 1, 'online', '2030-03-05', '{\"language\":\"sl\"}', NULL)");
    for (const m of all.filter((x) => x.version >= 9)) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    expect(await migrate(db, dir)).toContain(9);
    expect(await db.all('SELECT code, channel, uses FROM access_codes ORDER BY code')).toEqual([
      { code: 'AAAAAAAAA2', channel: 'online', uses: 1 },
      { code: 'AAAAAAAAA3', channel: 'paper', uses: 0 },
    ]);
    expect(await db.all('SELECT * FROM responses')).toEqual([{ id: 'r1', survey_id: 1, channel: 'online', answers: '{"language":"sl"}', round: null }]);
    expect(await db.all("SELECT name FROM pragma_table_info('access_codes') WHERE name = 'used_at'")).toEqual([]);
    // The indexes survive and the constraints still hold.
    expect((await db.all("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'responses' AND sql IS NOT NULL ORDER BY name")).map((r) => (r as { name: string }).name)).toEqual(['responses_survey', 'responses_survey_round']);
    await expect(db.run("INSERT INTO responses (id, survey_id, channel, answers) VALUES ('r2', 1, 'fax', '{}')")).rejects.toThrow(/CHECK/);
    await db.close();
  });
});

describe('0009_anonymous_storage on surveys that finished before it', () => {
  it("deletes a finished survey's respondent e-mails everywhere and leaves a running survey's alone", async () => {
    const dir = makeTempDir('izz-migrations-');
    dirs.push(dir);
    const all = listMigrations();
    for (const m of all.filter((x) => x.version < 9)) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    const db = openDatabase(':memory:');
    await migrate(db, dir);
    await db.run("INSERT INTO companies (id, name, created_at, updated_at) VALUES (1, 'C', 'x', 'x')");
    const draft = (emails: string[]) => JSON.stringify({ details: { name: 'S', respondent_emails: emails.map((email) => ({ email, language: 'en' })) } });
    await db.run("INSERT INTO applications (id, company_id, type, state, draft, created_at, updated_at) VALUES (7, 1, 'izz', 'finished', ?, 'x', 'x'), (70, 1, 'puls', 'in_progress', ?, 'x', 'x')", [
      draft(['ana@old.test', 'bo@old.test']),
      draft(['ana@old.test', 'run@old.test']),
    ]);
    await db.run("INSERT INTO respondent_emails (id, application_id, email, language) VALUES (1, 7, 'ana@old.test', 'en'), (2, 7, 'bo@old.test', 'en'), (3, 70, 'ana@old.test', 'en'), (4, 70, 'run@old.test', 'en')");
    await db.run(
      "INSERT INTO access_codes (survey_id, code, channel, batch, respondent_email_id, max_uses, created_at) VALUES (7, 'AAAAAAAAA2', 'online', 1, 1, 1, 'x'), (7, 'BBBBBBBBB2', 'online', 1, 2, 1, 'x'), (70, 'CCCCCCCCC2', 'online', 1, 3, 1, 'x')",
    );
    await db.run("INSERT INTO manual_reminders (survey_id, round, email, sent_at) VALUES (7, 1, 'bo@old.test', 'x'), (70, 1, 'run@old.test', 'x')");
    const mail = async (to: string, key: string | null, text: string, status = 'captured') =>
      await db.run("INSERT INTO mail_outbox (to_address, subject, html, text, locale, status, attempts, next_attempt_at, created_at, dedupe_key) VALUES (?, 'S', '<p>' || ? || '</p>', ?, 'en', ?, 1, 'x', 'x', ?)", [to, to, text, status, key]);
    await mail('ana@old.test', 'invite:7:1:1', 'code AAAAA-AAAA2');
    await mail('bo@old.test', 'remind:7:2', 'code BBBBB-BBBB2', 'queued');
    await mail('bo@old.test', null, 'old manual reminder: code BBBBB-BBBB2');
    await mail('ana@old.test', 'puls-invite:70:1:1:3', 'code CCCCC-CCCC2');
    await mail('ana@old.test', 'invite:70:1:3', 'not this survey');
    await mail('ana@old.test', null, 'an unrelated mail');
    for (const m of all.filter((x) => x.version >= 9 && x.version < 14)) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    await migrate(db, dir);

    expect(await db.all('SELECT application_id, email FROM respondent_emails ORDER BY id')).toEqual([
      { application_id: 70, email: 'ana@old.test' },
      { application_id: 70, email: 'run@old.test' },
    ]);
    expect(await db.all('SELECT code, respondent_email_id FROM access_codes ORDER BY code')).toEqual([
      { code: 'AAAAAAAAA2', respondent_email_id: null },
      { code: 'BBBBBBBBB2', respondent_email_id: null },
      { code: 'CCCCCCCCC2', respondent_email_id: 3 },
    ]);
    expect(await db.all('SELECT survey_id FROM manual_reminders')).toEqual([{ survey_id: 70 }]);
    expect((await db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = 7'))?.draft).toBe('{"details":{"name":"S"}}');
    expect((await db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = 70'))?.draft).toContain('run@old.test');
    expect(await db.all('SELECT to_address, html, status, dedupe_key FROM mail_outbox ORDER BY id')).toEqual([
      { to_address: '', html: '<p></p>', status: 'captured', dedupe_key: 'invite:7:1:1' },
      { to_address: '', html: '<p></p>', status: 'failed', dedupe_key: 'remind:7:2' },
      { to_address: '', html: '<p></p>', status: 'captured', dedupe_key: null },
      { to_address: 'ana@old.test', html: '<p>ana@old.test</p>', status: 'captured', dedupe_key: 'puls-invite:70:1:1:3' },
      { to_address: 'ana@old.test', html: '<p>ana@old.test</p>', status: 'captured', dedupe_key: 'invite:70:1:3' },
      { to_address: 'ana@old.test', html: '<p>ana@old.test</p>', status: 'captured', dedupe_key: null },
    ]);
    // 0014 then deletes those scrubbed rows whole (they still held the codes, times and list positions).
    for (const m of all.filter((x) => x.version >= 14)) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    await migrate(db, dir);
    expect(await db.all('SELECT to_address, dedupe_key FROM mail_outbox ORDER BY id')).toEqual([
      { to_address: 'ana@old.test', dedupe_key: 'puls-invite:70:1:1:3' },
      { to_address: 'ana@old.test', dedupe_key: 'invite:70:1:3' },
      { to_address: 'ana@old.test', dedupe_key: null },
    ]);
    await db.close();
  });
});

describe('0014_responses_without_order', () => {
  it('rebuilds responses WITHOUT ROWID (no rowid, the order of answering, is left) and keeps every row', async () => {
    const dir = makeTempDir('izz-migrations-');
    dirs.push(dir);
    const all = listMigrations();
    for (const m of all.filter((x) => x.version < 14)) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    const db = openDatabase(':memory:');
    await migrate(db, dir);
    await db.run("INSERT INTO companies (id, name, created_at, updated_at) VALUES (1, 'C', 'x', 'x')");
    await db.run("INSERT INTO applications (id, company_id, type, state, created_at, updated_at) VALUES (1, 1, 'izz', 'finished', 'x', 'x')");
    await db.run("INSERT INTO responses (id, survey_id, channel, answers, round) VALUES ('c', 1, 'online', '{}', NULL), ('a', 1, 'kiosk', '{}', 2), ('b', 1, 'paper', '{}', NULL)");
    expect((await db.all<{ id: string }>('SELECT id FROM responses ORDER BY rowid')).map((r) => r.id)).toEqual(['c', 'a', 'b']);
    for (const m of all.filter((x) => x.version >= 14)) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    await migrate(db, dir);
    await expect(db.all('SELECT rowid FROM responses')).rejects.toThrow(/no such column/);
    expect(await db.all('SELECT * FROM responses')).toEqual([
      { id: 'a', survey_id: 1, channel: 'kiosk', answers: '{}', round: 2 },
      { id: 'b', survey_id: 1, channel: 'paper', answers: '{}', round: null },
      { id: 'c', survey_id: 1, channel: 'online', answers: '{}', round: null },
    ]);
    expect((await db.all("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'responses' AND sql IS NOT NULL ORDER BY name")).map((r) => (r as { name: string }).name)).toEqual(['responses_survey', 'responses_survey_round']);
    await expect(db.run("INSERT INTO responses (id, survey_id, channel, answers) VALUES ('d', 1, 'fax', '{}')")).rejects.toThrow(/CHECK/);
    await expect(db.run("INSERT INTO responses (id, survey_id, channel, answers) VALUES ('e', 99, 'online', '{}')")).rejects.toThrow(/FOREIGN KEY/);
    await db.close();
  });
});

describe('0015_blog_titles_plain_text', () => {
  it('turns the titles and excerpts the old sanitiser stored HTML-escaped into the plain text it read', async () => {
    const dir = makeTempDir('izz-migrations-');
    dirs.push(dir);
    const all = listMigrations();
    for (const m of all.filter((x) => x.version < 15)) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    const db = openDatabase(':memory:');
    await migrate(db, dir);
    await db.run("INSERT INTO blog_posts (id, status, created_at, updated_at) VALUES (1, 'draft', 'x', 'x')");
    const locales = ['sl', 'en', 'hr', 'de', 'fr', 'bs'];
    for (const [i, [written]] of BLOG_TEXT_CASES.entries()) {
      // What the old save stored: sanitize-html's text with every tag removed and &, < and > escaped.
      await db.run("INSERT INTO blog_post_versions (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at) VALUES (1, ?, ?, ?, ?, '<p>b</p>', 'x', 'x')", [
        locales[i],
        `s-${String(i)}`,
        oldPlainText(written),
        oldPlainText(`${written} …`),
      ]);
    }
    for (const m of all.filter((x) => x.version >= 15)) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    await migrate(db, dir);
    const rows = await db.all<{ title: string; excerpt: string }>('SELECT title, excerpt FROM blog_post_versions ORDER BY slug');
    expect(rows).toEqual(BLOG_TEXT_CASES.map(([, text]) => ({ title: text, excerpt: `${text} …` })));
    await db.close();
  });
});

describe('0019_enumerations_in_shared', () => {
  it('drops the locale and market CHECKs and keeps every row, child row, key and index', async () => {
    const dir = makeTempDir('izz-migrations-');
    dirs.push(dir);
    const all = listMigrations();
    for (const m of all.filter((x) => x.version < 19)) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    const db = openDatabase(':memory:');
    await migrate(db, dir);
    await db.run("INSERT INTO companies (id, name, country, created_at, updated_at) VALUES (1, 'C', 'mk', 'x', 'x'), (2, 'D', 'hr', 'x', 'x')");
    await db.run("INSERT INTO users (id, email, name, password_hash, company_id, locale, created_at, updated_at) VALUES (1, 'a@x.test', 'A', 'h', 1, 'fr', 'x', 'x'), (2, 'b@x.test', 'B', 'h', 2, 'sl', 'x', 'x')");
    await db.run("INSERT INTO sessions (id, user_id, created_at, expires_at, acting_user_id) VALUES ('s1', 1, 'x', 'y', 2)");
    await db.run("INSERT INTO applications (id, company_id, type, state, created_at, updated_at, created_by) VALUES (1, 1, 'izz', 'draft', 'x', 'x', 1)");
    await db.run("INSERT INTO blog_posts (id, status, created_at, updated_at) VALUES (1, 'draft', 'x', 'x')");
    await db.run("INSERT INTO blog_post_versions (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at) VALUES (1, 'de', 's', 'T', 'E', '<p>b</p>', 'x', 'y')");
    await expect(db.run("UPDATE users SET locale = 'zz' WHERE id = 1")).rejects.toThrow(/CHECK/);
    const indexes = async () => (await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name")).map((r) => r.name);
    const before = await indexes();

    for (const m of all.filter((x) => x.version >= 19)) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    await migrate(db, dir);
    expect(await db.all('SELECT id, email, company_id, locale FROM users ORDER BY id')).toEqual([
      { id: 1, email: 'a@x.test', company_id: 1, locale: 'fr' },
      { id: 2, email: 'b@x.test', company_id: 2, locale: 'sl' },
    ]);
    expect(await db.all('SELECT id, name, country FROM companies ORDER BY id')).toEqual([
      { id: 1, name: 'C', country: 'mk' },
      { id: 2, name: 'D', country: 'hr' },
    ]);
    expect(await db.all('SELECT * FROM blog_post_versions')).toEqual([
      { post_id: 1, locale: 'de', slug: 's', title: 'T', excerpt: 'E', body_html: '<p>b</p>', created_at: 'x', updated_at: 'y' },
    ]);
    // The children of users and companies are untouched (a rebuild of their parents would have run ON DELETE).
    expect(await db.all('SELECT id, user_id, acting_user_id FROM sessions')).toEqual([{ id: 's1', user_id: 1, acting_user_id: 2 }]);
    expect(await db.all('SELECT id, company_id, created_by FROM applications')).toEqual([{ id: 1, company_id: 1, created_by: 1 }]);
    expect(await indexes()).toEqual(before);
    expect(await db.all('PRAGMA foreign_key_check')).toEqual([]);

    // The lists are gone, the defaults, the other checks and the keys stay.
    await db.run("UPDATE users SET locale = 'zz' WHERE id = 1");
    await db.run("UPDATE companies SET country = 'zz' WHERE id = 1");
    await db.run("INSERT INTO blog_post_versions (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at) VALUES (1, 'zz', 's', 'T', 'E', '', 'x', 'x')");
    await db.run("INSERT INTO companies (id, name, created_at, updated_at) VALUES (3, 'E', 'x', 'x')");
    await db.run("INSERT INTO users (id, email, name, password_hash, created_at, updated_at) VALUES (3, 'c@x.test', 'C', 'h', 'x', 'x')");
    expect(await db.get('SELECT country FROM companies WHERE id = 3')).toEqual({ country: 'si' });
    expect(await db.get('SELECT locale FROM users WHERE id = 3')).toEqual({ locale: 'sl' });
    await expect(db.run("UPDATE companies SET size = 'huge' WHERE id = 1")).rejects.toThrow(/CHECK/);
    await expect(db.run("INSERT INTO blog_post_versions (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at) VALUES (1, 'sl', '', 'T', 'E', '', 'x', 'x')")).rejects.toThrow(/CHECK/);
    await expect(db.run("INSERT INTO blog_post_versions (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at) VALUES (1, 'de', 's2', 'T', 'E', '', 'x', 'x')")).rejects.toThrow(/UNIQUE|PRIMARY/);
    await expect(db.run("INSERT INTO blog_post_versions (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at) VALUES (9, 'sl', 's3', 'T', 'E', '', 'x', 'x')")).rejects.toThrow(/FOREIGN KEY/);
    await expect(db.run("INSERT INTO users (email, name, password_hash, company_id, created_at, updated_at) VALUES ('d@x.test', 'D', 'h', 99, 'x', 'x')")).rejects.toThrow(/FOREIGN KEY/);
    await db.run('DELETE FROM users WHERE id = 1');
    expect(await db.all('SELECT id FROM sessions')).toEqual([]);
    expect(await db.all('SELECT created_by FROM applications')).toEqual([{ created_by: null }]);
    await db.run('DELETE FROM companies WHERE id = 2');
    expect(await db.get('SELECT company_id FROM users WHERE id = 2')).toEqual({ company_id: null });
    await db.close();
  });
});

describe('secure delete', () => {
  it('leaves nothing of a deleted row in the database file', async () => {
    const dir = makeTempDir('izz-db-');
    dirs.push(dir);
    const file = path.join(dir, 'x.sqlite');
    const db = openDatabase(file);
    await migrate(db);
    await db.run("INSERT INTO companies (id, name, created_at, updated_at) VALUES (1, 'C', 'x', 'x')");
    await db.run("INSERT INTO applications (id, company_id, type, state, created_at, updated_at) VALUES (1, 1, 'izz', 'finished', 'x', 'x')");
    await db.run("INSERT INTO respondent_emails (application_id, email, language) VALUES (1, 'marker-1@deleted.test', 'en'), (1, 'marker-2@deleted.test', 'en')");
    await db.get('PRAGMA wal_checkpoint(TRUNCATE)');
    expect(fs.readFileSync(file).includes('marker-1@deleted.test')).toBe(true);
    await db.run('DELETE FROM respondent_emails');
    await db.get('PRAGMA wal_checkpoint(TRUNCATE)');
    const bytes = Buffer.concat([fs.readFileSync(file), fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`) : Buffer.alloc(0)]);
    expect(bytes.includes('marker-1@deleted.test')).toBe(false);
    expect(bytes.includes('marker-2@deleted.test')).toBe(false);
    await db.close();
  });
});
