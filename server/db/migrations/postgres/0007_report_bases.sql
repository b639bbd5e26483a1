-- 0007 on PostgreSQL: the twin of ../0007_report_bases.sql (the reference; see ../README.md).
-- Anonymity by construction: the frozen anonymised reporting base of a survey, built when
-- its report first becomes available (server/reports/reporting-base.ts). Every figure a company sees
-- comes from it. It holds no id, no day, no channel per row and no questionnaire language; its rows
-- are in content order. `version` is the algorithm's (a base of another version is rebuilt);
-- `min_group_size` the minimum it was built for (a larger configured minimum rebuilds it); `rounds`
-- the closed PULS rounds it holds ('' for IZZ). survey_id is a key taken from applications: no identity.
CREATE TABLE report_bases (
  survey_id BIGINT PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  version BIGINT NOT NULL,
  min_group_size BIGINT NOT NULL CHECK (min_group_size >= 3),
  rounds TEXT NOT NULL DEFAULT '',
  base TEXT NOT NULL CHECK (base::json IS NOT NULL)
);
