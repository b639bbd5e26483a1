-- Kiosk mode: a shared tablet collects responses offline for one survey.
-- kiosk_keys: per survey, the salt of the offline code hashes and the ECDH P-256 key pair the kiosk seals
-- responses to (created at the first kiosk setup; the private key never leaves the server).
CREATE TABLE kiosk_keys (
  survey_id INTEGER PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  salt TEXT NOT NULL,
  public_jwk TEXT NOT NULL CHECK (json_valid(public_jwk)),
  private_jwk TEXT NOT NULL CHECK (json_valid(private_jwk)),
  created_at TEXT NOT NULL
) STRICT;

-- Kiosk responses refused at sync because their code had been used (or revoked) meanwhile elsewhere:
-- only a count and the day of the last one. No code, no answers, no device.
CREATE TABLE kiosk_conflicts (
  survey_id INTEGER PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  count INTEGER NOT NULL DEFAULT 0 CHECK (count >= 0),
  last_on TEXT NOT NULL CHECK (last_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
) STRICT;
