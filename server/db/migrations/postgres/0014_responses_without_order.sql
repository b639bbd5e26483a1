-- 0014 on PostgreSQL: the twin of ../0014_responses_without_order.sql (the reference; see ../README.md). Stored rows
-- carry no order (issue 26).
--
-- PostgreSQL has no rowid, and responses is already keyed by its random id, so the schema stays as it is. What does
-- carry the order of answering is the heap: rows are appended as they come, so their physical place (ctid) is the
-- order of storing. CLUSTER rewrites the table into a new file in the order of the primary key (the random ids); the
-- old file is removed at commit. `SET WITHOUT CLUSTER` leaves no clustering mark behind (the SQLite twin has none).
-- From now on every survey's rows are rewritten at its finish (applications.repo.ts rewriteResponses).
CLUSTER responses USING responses_pkey;
ALTER TABLE responses SET WITHOUT CLUSTER;
