-- 0001: platform foundation and what company accounts build on.
-- Timestamps are ISO 8601 UTC text (2025-01-31T08:00:00.000Z), which sorts correctly as text.

-- Administrator-editable key/value settings (footer_html.light, footer_html.dark, partner_logo_asset_id, seeded).
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- Binary assets (logos, photos). An id's bytes never change, so they are served as immutable.
CREATE TABLE assets (
  id TEXT PRIMARY KEY CHECK (length(id) = 36),
  content_type TEXT NOT NULL,
  bytes BLOB NOT NULL,
  etag TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

-- Alternative renditions of an asset, addressed as /api/assets/:id?key=<key> (e.g. 'dark', 'w200').
CREATE TABLE asset_variants (
  asset_id TEXT NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes BLOB NOT NULL,
  etag TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (asset_id, key)
) STRICT;

-- Best Employer award cycles; a year appears on the leaderboard once published_at is set.
CREATE TABLE award_years (
  year INTEGER PRIMARY KEY CHECK (year BETWEEN 2000 AND 2100),
  published_at TEXT,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE companies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- scope is a JSON array of strings, e.g. ["company"] or ["admin"].
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  email_verified_at TEXT,
  scope TEXT NOT NULL DEFAULT '["company"]' CHECK (json_valid(scope) AND json_type(scope) = 'array'),
  company_id INTEGER REFERENCES companies (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX users_company_id ON users (company_id);

-- Server-side sessions; the cookie carries a signed token naming the row. Logout sets revoked_at.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  user_agent TEXT,
  screen_width INTEGER,
  screen_height INTEGER,
  platform TEXT,
  browser TEXT,
  device TEXT
) STRICT;
CREATE INDEX sessions_user_id ON sessions (user_id);

-- Outgoing mail. The worker sends rows that are queued and due; without SMTP they are 'captured' as .eml files.
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  reply_to TEXT,
  subject TEXT NOT NULL,
  html TEXT NOT NULL,
  text TEXT NOT NULL,
  locale TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'captured', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
) STRICT;
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);

-- Proof-of-work solutions already used (each may be used once), kept until the challenge expires.
CREATE TABLE altcha_used (
  signature TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
) STRICT;
