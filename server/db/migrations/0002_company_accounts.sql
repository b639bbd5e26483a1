-- 0002: company accounts: registration, e-mail confirmation, passwords, profile, testimonials,
-- administrator actions. Timestamps are ISO 8601 UTC text like in 0001.

-- The account language (mails are written in it), contact data, and account state.
ALTER TABLE users ADD COLUMN locale TEXT NOT NULL DEFAULT 'sl' CHECK (locale IN ('sl', 'en', 'hr', 'sr', 'bs', 'mk', 'de', 'fr'));
ALTER TABLE users ADD COLUMN first_name TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN last_name TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN phone TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN disabled_at TEXT;
-- Reset tokens issued before this moment are no longer valid.
ALTER TABLE users ADD COLUMN password_changed_at TEXT;
-- An e-mail change waiting for confirmation at the new address (the change happens when it is confirmed).
ALTER TABLE users ADD COLUMN pending_email TEXT COLLATE NOCASE;
ALTER TABLE users ADD COLUMN pending_email_requested_at TEXT;

ALTER TABLE companies ADD COLUMN country TEXT NOT NULL DEFAULT 'si' CHECK (country IN ('hr', 'si', 'ba', 'rs', 'mk'));
ALTER TABLE companies ADD COLUMN industry TEXT NOT NULL DEFAULT 'M';
ALTER TABLE companies ADD COLUMN activity TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN street TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN house_number TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN city TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN tax_number TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN size TEXT NOT NULL DEFAULT 'unknown' CHECK (size IN ('unknown', 'micro', 'small', 'medium', 'large'));
ALTER TABLE companies ADD COLUMN employees_total INTEGER NOT NULL DEFAULT 0 CHECK (employees_total >= 0);
ALTER TABLE companies ADD COLUMN employees_male INTEGER NOT NULL DEFAULT 0 CHECK (employees_male >= 0);
ALTER TABLE companies ADD COLUMN employees_female INTEGER NOT NULL DEFAULT 0 CHECK (employees_female >= 0);
ALTER TABLE companies ADD COLUMN employees_other_gender INTEGER NOT NULL DEFAULT 0 CHECK (employees_other_gender >= 0);
ALTER TABLE companies ADD COLUMN education_low INTEGER NOT NULL DEFAULT 0 CHECK (education_low >= 0);
ALTER TABLE companies ADD COLUMN education_middle INTEGER NOT NULL DEFAULT 0 CHECK (education_middle >= 0);
ALTER TABLE companies ADD COLUMN education_higher INTEGER NOT NULL DEFAULT 0 CHECK (education_higher >= 0);
ALTER TABLE companies ADD COLUMN education_special INTEGER NOT NULL DEFAULT 0 CHECK (education_special >= 0);
ALTER TABLE companies ADD COLUMN logo_asset_id TEXT REFERENCES assets (id) ON DELETE SET NULL;
-- Set by an administrator who checked the company's data.
ALTER TABLE companies ADD COLUMN verified_at TEXT;
-- A disabled company's users cannot log in; their sessions are revoked when it is disabled.
ALTER TABLE companies ADD COLUMN disabled_at TEXT;
CREATE INDEX companies_name ON companies (name);

-- login-as-client: an administrator's session acting as a company's user.
ALTER TABLE sessions ADD COLUMN acting_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE sessions ADD COLUMN last_seen_at TEXT;

-- Single-use tokens (e-mail confirmation, password reset, e-mail change): a jti is recorded when used.
CREATE TABLE used_tokens (
  jti TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  used_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) STRICT;

-- One representative testimonial per company, public once an administrator approves it.
CREATE TABLE testimonials (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL UNIQUE REFERENCES companies (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  title TEXT NOT NULL,
  comment TEXT NOT NULL CHECK (length(comment) <= 2000),
  photo_asset_id TEXT REFERENCES assets (id) ON DELETE SET NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'hidden')),
  reviewed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX testimonials_status ON testimonials (status);

-- What administrators did (and login-as-client). actor_email is kept even if the user is deleted.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  actor_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  actor_email TEXT NOT NULL,
  action TEXT NOT NULL,
  target_type TEXT,
  target_id TEXT,
  details TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details))
) STRICT;
CREATE INDEX audit_log_at ON audit_log (at);
