-- Kiosk items refused for their code (issue 11; docs/architecture.md "Kiosk mode", 6).
-- kiosk_refusals remembers each refused response id, so that a re-sent item (its reply was lost, the kiosk
-- retries) gets the same answer without being checked or counted again. Only SHA-256 of the response id
-- (a refused id is never a stored response while it is remembered), the reason, and the last day a kiosk
-- token could send it (the row goes after that day): no code, no kiosk, no time finer than the day.
CREATE TABLE kiosk_refusals (
  survey_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  id_hash TEXT NOT NULL CHECK (length(id_hash) = 64),
  reason TEXT NOT NULL CHECK (reason IN ('access-code-used', 'access-code-invalid')),
  keep_until TEXT NOT NULL CHECK (keep_until GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  PRIMARY KEY (survey_id, id_hash)
) STRICT, WITHOUT ROWID;
CREATE INDEX kiosk_refusals_keep_until ON kiosk_refusals (keep_until);
