-- Survey applications (IZZ, PULS): the company's draft and its lifecycle (shared/schemas/application.ts).
-- One open (not finished) application per company and type: a partial unique index.
CREATE TABLE applications (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  type TEXT NOT NULL CHECK (type IN ('izz', 'puls')),
  state TEXT NOT NULL DEFAULT 'draft'
    CHECK (state IN ('draft', 'submitted', 'in_review', 'changes_requested', 'approved', 'in_progress', 'finished')),
  draft TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(draft)),
  review_comment TEXT,
  -- The current access-code batch (reissuing codes starts a new one).
  code_batch INTEGER NOT NULL DEFAULT 0,
  -- The current manual-reminder round (a successful 'send reminder' starts the next one).
  reminder_round INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  submitted_at TEXT,
  approved_at TEXT,
  started_at TEXT,
  finished_at TEXT
) STRICT;
CREATE UNIQUE INDEX applications_one_open ON applications (company_id, type) WHERE state <> 'finished';
CREATE INDEX applications_state ON applications (state, updated_at);

-- The respondents' e-mails of an approved application (copied from the draft at approval).
CREATE TABLE respondent_emails (
  id INTEGER PRIMARY KEY,
  application_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  language TEXT NOT NULL,
  UNIQUE (application_id, email)
) STRICT;

-- Access codes (product-decisions.md). 'identical': one online code with max_uses = online respondents;
-- 'different': one single-use code per online respondent; one code per paper form. Kept APART from
-- responses: nothing joins a response to a code. used_at holds the day only.
CREATE TABLE access_codes (
  id INTEGER PRIMARY KEY,
  survey_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  code TEXT NOT NULL UNIQUE,
  channel TEXT NOT NULL CHECK (channel IN ('online', 'paper')),
  batch INTEGER NOT NULL,
  respondent_email_id INTEGER REFERENCES respondent_emails(id) ON DELETE SET NULL,
  max_uses INTEGER NOT NULL DEFAULT 1 CHECK (max_uses >= 1),
  uses INTEGER NOT NULL DEFAULT 0,
  used_at TEXT,
  revoked_at TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX access_codes_survey ON access_codes (survey_id, batch);

-- Responses (filled by the questionnaire issue): a client-made UUID, the channel, the day only and the
-- answers. No code, IP address, user agent or time of day.
CREATE TABLE responses (
  id TEXT PRIMARY KEY,
  survey_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('online', 'paper', 'kiosk')),
  submitted_on TEXT NOT NULL CHECK (submitted_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  answers TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(answers))
) STRICT;
CREATE INDEX responses_survey ON responses (survey_id, channel);

-- Manual reminders: one row per address reached in a 'send reminder' round (a retry skips them).
CREATE TABLE manual_reminders (
  survey_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  round INTEGER NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (survey_id, round, email)
) STRICT;
