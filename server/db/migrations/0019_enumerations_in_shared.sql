-- The locale and market lists live in shared/ only (shared/locales.ts, shared/constants.ts), validated at the boundary
-- by the zod schemas: the database no longer repeats them as CHECK constraints, so a new locale or market needs no
-- migration. Dropped: users.locale, blog_post_versions.locale and companies.country.
--
-- users and companies are parents of other tables (sessions, applications, testimonials, ...). The runner migrates
-- inside a transaction with foreign keys on, where PRAGMA foreign_keys cannot be turned off: rebuilding them as a new
-- table would DROP the old one, and that runs the children's ON DELETE actions (sessions and applications would go).
-- Their column is swapped instead: a new column without the check takes the values, the old one is dropped (SQLite
-- may drop a column whose only check is its own) and the new one takes its name. The column moves to the end of the
-- table (the PostgreSQL twin does the same); nothing reads columns by position. Keys, indexes and rows stay.
ALTER TABLE users ADD COLUMN locale_unchecked TEXT NOT NULL DEFAULT 'sl';
UPDATE users SET locale_unchecked = locale;
ALTER TABLE users DROP COLUMN locale;
ALTER TABLE users RENAME COLUMN locale_unchecked TO locale;

ALTER TABLE companies ADD COLUMN country_unchecked TEXT NOT NULL DEFAULT 'si';
UPDATE companies SET country_unchecked = country;
ALTER TABLE companies DROP COLUMN country;
ALTER TABLE companies RENAME COLUMN country_unchecked TO country;

-- blog_post_versions has no children and locale is part of its keys: rebuilt as in 0014, same columns, keys and checks
-- but the locale list.
CREATE TABLE blog_post_versions_rebuilt (
  post_id INTEGER NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  slug TEXT NOT NULL CHECK (length(slug) BETWEEN 1 AND 120),
  title TEXT NOT NULL,
  excerpt TEXT NOT NULL,
  body_html TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (post_id, locale),
  UNIQUE (locale, slug)
) STRICT;
INSERT INTO blog_post_versions_rebuilt (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at)
  SELECT post_id, locale, slug, title, excerpt, body_html, created_at, updated_at FROM blog_post_versions;
DROP TABLE blog_post_versions;
ALTER TABLE blog_post_versions_rebuilt RENAME TO blog_post_versions;
