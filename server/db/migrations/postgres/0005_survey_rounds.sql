-- 0005 on PostgreSQL: the twin of ../0005_survey_rounds.sql (the reference; see ../README.md).
-- PULS rounds (product-decisions.md: "a cadence (monthly, quarterly or one-off) creates rounds").
-- Created at approval: round 1 = the application's start/end/invitation; round k starts 1 or 3 months after
-- round 1's start (day clamped to the month's end) with the same length and times of day.
-- code_batch: the access-code batch of the round (NULL until the round's codes are generated, at its start).
CREATE TABLE survey_rounds (
  survey_id BIGINT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  number BIGINT NOT NULL CHECK (number >= 1),
  opens_on TEXT NOT NULL CHECK (opens_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  closes_on TEXT NOT NULL CHECK (closes_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  invitation_at TEXT NOT NULL,
  reminder_at TEXT,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'open', 'closed')),
  code_batch BIGINT,
  opened_at TEXT,
  closed_at TEXT,
  PRIMARY KEY (survey_id, number)
);

-- The round a code belongs to (PULS; NULL for IZZ) and the round a response was given in (copied from the
-- code's round when the response is stored; the round is coarse enough to keep responses anonymous).
ALTER TABLE access_codes ADD COLUMN round BIGINT;
ALTER TABLE responses ADD COLUMN round BIGINT;
CREATE INDEX responses_survey_round ON responses (survey_id, round);
