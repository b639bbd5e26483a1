-- Persistent jobs (server/jobs/scheduler.ts). A worker claims a due job with one atomic
-- UPDATE ... RETURNING (status 'running', locked_by, locked_until = lease expiry); a lease that
-- expired because its process died is claimed again. dedupe_key names the logical job
-- (e.g. 'invite:survey:42') so scheduling it twice is a no-op.
CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
  run_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed', 'cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  last_error TEXT,
  locked_by TEXT,
  locked_until TEXT,
  dedupe_key TEXT UNIQUE,
  created_at TEXT NOT NULL,
  finished_at TEXT
) STRICT;
CREATE INDEX jobs_due ON jobs (status, run_at);

-- A mail's identity for idempotent enqueues (mail.service enqueue(mail, { dedupeKey })):
-- a job that runs again after a crash does not queue the same mail twice. NULLs never collide.
ALTER TABLE mail_outbox ADD COLUMN dedupe_key TEXT;
CREATE UNIQUE INDEX mail_outbox_dedupe_key ON mail_outbox (dedupe_key);
