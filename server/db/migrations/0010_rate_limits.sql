-- Rate limits in the database: every instance on one database counts the same hits.
-- rate_limits: one fixed-window counter per limited thing (server/lib/rate-limit.repo.ts). key = the first 32 hex
-- characters of SHA-256 of '<limiter>:<what is counted>' (an IP address, an e-mail, a user id), so no address sits
-- in the table; hits = hits in the current window; reset_at = when the window ends (unix ms). A row whose reset_at
-- has passed says nothing (the next hit starts a new window) and is deleted.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY CHECK (length(key) = 32),
  hits INTEGER NOT NULL,
  reset_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
