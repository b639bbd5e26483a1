-- Comparative and benchmark reports.
--
-- survey_figures.detail: a finished survey's category and statement means beside its ESI and eNPS (JSON: SurveyDetail
-- of server/modules/reports/figures/market.ts), from its anonymised reporting base. NULL for rows computed before this
-- migration: filled on first use.
ALTER TABLE survey_figures ADD COLUMN detail TEXT CHECK (detail IS NULL OR detail::json IS NOT NULL);

-- The benchmark market of a published award year, computed once at its publication and deleted when it is
-- unpublished: per group ('market:all', 'size:<class>', 'industry:<code>') the number of companies, their eligible
-- surveys (to know whether a company's survey is one of them) and per item the values across companies, ascending
-- (JSON). A company's benchmark report reads only the quantiles and its own percentile from them.
CREATE TABLE benchmark_groups (
  year BIGINT NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  group_key TEXT NOT NULL,
  companies BIGINT NOT NULL CHECK (companies >= 0),
  survey_ids TEXT NOT NULL CHECK (survey_ids::json IS NOT NULL),
  items TEXT NOT NULL CHECK (items::json IS NOT NULL),
  computed_at TEXT NOT NULL,
  PRIMARY KEY (year, group_key)
);
