-- Anonymous storage (issue 11; product-decisions.md "Access codes and anonymity"): nothing stored about a used
-- access code may line up with a stored response by day, time or order.
--
-- access_codes.used_at (the day of a code's last use) goes. A code keeps only how often it was used
-- (uses / max_uses: used or not), which occupancy, the reminders, the kiosk and paper-entry packages and the
-- printed forms need.
--
-- responses.submitted_on (the day a response was stored) goes too: no report, figure, job or page reads it, and a
-- day on responses beside the day of a code's use, the per-address reminder mails or the day of the last kiosk
-- conflict could line up a set of people with a set of responses. A response keeps id, survey_id, channel,
-- round and answers.
--
-- SQLite (3.35+) drops a column by rewriting the table's rows, keeping every row; neither column is indexed,
-- referenced or part of a table constraint, so no rebuild is needed.
ALTER TABLE access_codes DROP COLUMN used_at;
ALTER TABLE responses DROP COLUMN submitted_on;
