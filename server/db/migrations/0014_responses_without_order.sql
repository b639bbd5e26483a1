-- Stored rows carry no order (issue 26; product-decisions.md "Access codes and anonymity": nothing stored lines up with
-- a response by day, time or order, storage order included).
--
-- responses was a rowid table: `ORDER BY rowid` was the order in which the responses were stored, i.e. the order in
-- which people answered. It is rebuilt WITHOUT ROWID, keyed by its random id (a client-made UUIDv4): the table's only
-- order is the order of those ids, which says nothing about when a response came. The rows are copied in id order,
-- so the rebuilt file holds them in that order too; the old table's pages are freed (and zeroed: the connection runs
-- with secure_delete, server/db/connection.ts). The columns, keys, checks and indexes are the same.
CREATE TABLE responses_rebuilt (
  id TEXT PRIMARY KEY,
  survey_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('online', 'paper', 'kiosk')),
  answers TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(answers)),
  round INTEGER
) STRICT, WITHOUT ROWID;
INSERT INTO responses_rebuilt (id, survey_id, channel, answers, round)
  SELECT id, survey_id, channel, answers, round FROM responses ORDER BY id;
DROP TABLE responses;
ALTER TABLE responses_rebuilt RENAME TO responses;
CREATE INDEX responses_survey ON responses (survey_id, channel);
CREATE INDEX responses_survey_round ON responses (survey_id, round);
