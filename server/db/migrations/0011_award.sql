-- The Best Employer award (product-decisions.md "Best Employer award").
--
-- survey_figures: a finished survey's whole-survey figures (respondents, ESI, eNPS), computed once from its frozen
-- anonymised reporting base (report_bases) and kept beside it, so a year's award for a whole market reads one small row
-- per survey. Whole-survey figures cover every respondent, so no rebuild of the base changes them.
CREATE TABLE survey_figures (
  survey_id INTEGER PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  responses INTEGER NOT NULL CHECK (responses >= 0),
  esi REAL,
  enps REAL,
  computed_at TEXT NOT NULL
) STRICT;

-- A company's part in a year's award: its choices for the publication (made before it) and the administrator's
-- exclusion with its written reason (audited). A missing row means: named, figures as a band, not excluded.
CREATE TABLE award_participants (
  year INTEGER NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  withdraw_name INTEGER NOT NULL DEFAULT 0 CHECK (withdraw_name IN (0, 1)),
  show_figures INTEGER NOT NULL DEFAULT 0 CHECK (show_figures IN (0, 1)),
  excluded_reason TEXT,
  excluded_at TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (year, company_id)
) STRICT;

-- The published results of a year (the administrator's preview frozen at publication, JSON: AwardEntry[]).
-- Unpublishing clears published_at and keeps the last results until the year is published again.
ALTER TABLE award_years ADD COLUMN results TEXT CHECK (results IS NULL OR json_valid(results));
ALTER TABLE award_years ADD COLUMN computed_at TEXT;

-- Years the first start marked published without any result behind them are not published.
DELETE FROM award_years WHERE results IS NULL;
