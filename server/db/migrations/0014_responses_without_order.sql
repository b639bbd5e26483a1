-- Stored rows carry no order (product-decisions.md "Access codes and anonymity": nothing stored lines up with
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

-- Surveys that finished before this migration lose the outbox rows of their invitations and reminders here, whole
-- (from now on applications.repo.ts purgeRespondentEmails deletes them at the finish): migration 0009 and the finish
-- before this one only took the address out, and the rows kept the mail's text with the access code, its times,
-- locale and the dedupe key with the list position. Keyed rows are found by '<kind>:<survey id>:...' as in 0009; an
-- unkeyed one that 0009 or a finish scrubbed has no recipient left ('') and was a respondent's mail.
DELETE FROM mail_outbox WHERE id IN (
  SELECT o.id FROM mail_outbox o JOIN applications a ON a.state = 'finished'
  WHERE o.dedupe_key IS NOT NULL AND instr(o.dedupe_key, ':') > 0
    AND substr(o.dedupe_key, 1, instr(o.dedupe_key, ':') - 1) IN ('invite', 'remind', 'puls-invite', 'puls-remind', 'manual-remind')
    AND substr(o.dedupe_key, instr(o.dedupe_key, ':') + 1, length(CAST(a.id AS TEXT)) + 1) = CAST(a.id AS TEXT) || ':'
) OR (dedupe_key IS NULL AND to_address = '');
