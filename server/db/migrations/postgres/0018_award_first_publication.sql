-- A year's first public date: re-publishing a year (after an unpublication, e.g. to correct it) keeps the
-- date it first became public, which the winners page shows and every certificate of the year carries as its issue
-- date. published_at stays the date of the latest publication (null while unpublished); first_published_at is set by
-- the first publication and never changed. The years published so far were first published when they last were (an
-- earlier publication of a year re-published before this migration is not known).
ALTER TABLE award_years ADD COLUMN first_published_at TEXT;
UPDATE award_years SET first_published_at = published_at WHERE published_at IS NOT NULL;
