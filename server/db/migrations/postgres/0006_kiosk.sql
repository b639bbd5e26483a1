-- 0006 on PostgreSQL: the twin of ../0006_kiosk.sql (the reference; see ../README.md).
-- Kiosk mode: a shared tablet collects responses offline for one survey.
-- kiosk_keys: per survey, the salt of the offline code hashes and the ECDH P-256 key pair the kiosk seals
-- responses to (created at the first kiosk setup; the private key never leaves the server).
-- survey_id is a key taken from applications: no identity.
CREATE TABLE kiosk_keys (
  survey_id BIGINT PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  salt TEXT NOT NULL,
  public_jwk TEXT NOT NULL CHECK (public_jwk::json IS NOT NULL),
  private_jwk TEXT NOT NULL CHECK (private_jwk::json IS NOT NULL),
  created_at TEXT NOT NULL
);

-- Kiosk responses refused at sync because their code had been used (or revoked) meanwhile elsewhere:
-- only a count and the day of the last one. No code, no answers, no device.
CREATE TABLE kiosk_conflicts (
  survey_id BIGINT PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  count BIGINT NOT NULL DEFAULT 0 CHECK (count >= 0),
  last_on TEXT NOT NULL CHECK (last_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
