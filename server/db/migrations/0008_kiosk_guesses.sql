-- Kiosk code guessing (docs/architecture.md "Kiosk mode", 6 and 8).
-- kiosk_guesses: the guessing limit of each kiosk, as the moment (unix ms) its budget of refused codes is full
-- again. kiosk = the first 32 hex characters of SHA-256 of its token's kid (a token made before kids: of its
-- survey, issue and expiry times). No survey, no code, no response: a row whose moment has passed is deleted.
CREATE TABLE kiosk_guesses (
  kiosk TEXT PRIMARY KEY CHECK (length(kiosk) = 32),
  refilled_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX kiosk_guesses_refilled_at ON kiosk_guesses (refilled_at);

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
