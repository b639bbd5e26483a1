-- Anonymity by construction: the frozen anonymised reporting base of a survey, built when
-- its report first becomes available (server/reports/reporting-base.ts). Every figure a company sees
-- comes from it. It holds no id, no day, no channel per row and no questionnaire language; its rows
-- are in content order. `version` is the algorithm's (a base of another version is rebuilt);
-- `min_group_size` the minimum it was built for (a larger configured minimum rebuilds it); `rounds`
-- the closed PULS rounds it holds ('' for IZZ).
CREATE TABLE report_bases (
  survey_id INTEGER PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  min_group_size INTEGER NOT NULL CHECK (min_group_size >= 3),
  rounds TEXT NOT NULL DEFAULT '',
  base TEXT NOT NULL CHECK (json_valid(base))
) STRICT;
