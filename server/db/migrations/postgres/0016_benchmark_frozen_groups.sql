-- The benchmark's protection.
--
-- benchmark_members: every survey of a published award year (eligible or not) with the size class and industry it had
-- at the publication, and whether it is one of the market's companies. A benchmark report reads its groups from here,
-- so a company that changes its profile afterwards neither leaves its groups nor enters another group's figures.
-- Written at the publication beside benchmark_groups and deleted with them when the year is unpublished.
CREATE TABLE benchmark_members (
  year BIGINT NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  survey_id BIGINT NOT NULL,
  company_id BIGINT NOT NULL,
  size_class TEXT CHECK (size_class IS NULL OR size_class IN ('small', 'medium', 'large')),
  industry TEXT NOT NULL,
  in_market BIGINT NOT NULL CHECK (in_market IN (0, 1)),
  PRIMARY KEY (year, survey_id)
);

-- benchmark_groups.items now holds per item the values (server only), the members without a value and the released
-- band figures (server/modules/reports/figures/market.ts MarketItem). The stored markets of the old shape are dropped:
-- the next start computes every published year's market again (award.service ensureMarkets), for the years published
-- before this migration with the industry each company has at that start.
DELETE FROM benchmark_groups;
