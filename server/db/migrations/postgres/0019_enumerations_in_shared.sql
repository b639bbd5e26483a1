-- The locale and market lists live in shared/ only, validated at the boundary: the CHECK constraints that repeated
-- them go (the SQLite twin explains). users.locale and companies.country are swapped for a new column as in SQLite, so
-- both engines keep the same column order; blog_post_versions only loses its check.
ALTER TABLE users ADD COLUMN locale_unchecked TEXT NOT NULL DEFAULT 'sl';
UPDATE users SET locale_unchecked = locale;
ALTER TABLE users DROP COLUMN locale;
ALTER TABLE users RENAME COLUMN locale_unchecked TO locale;

ALTER TABLE companies ADD COLUMN country_unchecked TEXT NOT NULL DEFAULT 'si';
UPDATE companies SET country_unchecked = country;
ALTER TABLE companies DROP COLUMN country;
ALTER TABLE companies RENAME COLUMN country_unchecked TO country;

ALTER TABLE blog_post_versions DROP CONSTRAINT blog_post_versions_locale_check;
