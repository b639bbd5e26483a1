-- 0010 on PostgreSQL: the twin of ../0010_rate_limits.sql (the reference; see ../README.md).
-- rate_limits: one fixed-window counter per limited thing (server/lib/rate-limit.repo.ts). key = the first 32 hex
-- characters of SHA-256 of '<limiter>:<what is counted>' (an IP address, an e-mail, a user id), so no address sits
-- in the table; hits = hits in the current window; reset_at = when the window ends (unix ms). A row whose reset_at
-- has passed says nothing (the next hit starts a new window) and is deleted.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY CHECK (length(key) = 32),
  hits BIGINT NOT NULL,
  reset_at BIGINT NOT NULL
);
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
