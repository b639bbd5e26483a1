-- 0014 on PostgreSQL: the twin of ../0014_responses_without_order.sql (the reference; see ../README.md). Stored rows
-- carry no order.
--
-- PostgreSQL has no rowid, and responses is already keyed by its random id, so the schema stays as it is. What does
-- carry the order of answering is the heap: rows are appended as they come, so their physical place (ctid) is the
-- order of storing. CLUSTER rewrites the table into a new file in the order of the primary key (the random ids); the
-- old file is removed at commit. `SET WITHOUT CLUSTER` leaves no clustering mark behind (the SQLite twin has none).
-- From now on every survey's rows are rewritten at its finish (applications.repo.ts rewriteResponses).
CLUSTER responses USING responses_pkey;
ALTER TABLE responses SET WITHOUT CLUSTER;

-- Surveys that finished before this migration lose the outbox rows of their invitations and reminders here, whole,
-- exactly as in the SQLite file (strpos for instr; the key's kind and survey id by split_part, which never fails).
DELETE FROM mail_outbox WHERE id IN (
  SELECT o.id FROM mail_outbox o JOIN applications a ON a.state = 'finished'
  WHERE o.dedupe_key IS NOT NULL AND strpos(o.dedupe_key, ':') > 0
    AND split_part(o.dedupe_key, ':', 1) IN ('invite', 'remind', 'puls-invite', 'puls-remind', 'manual-remind')
    AND strpos(substr(o.dedupe_key, strpos(o.dedupe_key, ':') + 1), ':') > 0
    AND split_part(o.dedupe_key, ':', 2) = CAST(a.id AS TEXT)
) OR (dedupe_key IS NULL AND to_address = '');
