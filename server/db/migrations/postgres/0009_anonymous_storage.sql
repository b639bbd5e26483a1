-- 0009 on PostgreSQL: the twin of ../0009_anonymous_storage.sql (the reference; see ../README.md, and the SQLite
-- file for why: nothing stored about a used access code may line up with a stored response by day, time or order).
--
-- access_codes.used_at and responses.submitted_on go (the CHECK on submitted_on goes with its column).
ALTER TABLE access_codes DROP COLUMN used_at;
ALTER TABLE responses DROP COLUMN submitted_on;

-- Surveys that finished before this migration lose their respondent e-mail lists here, exactly as in the SQLite
-- file: the outbox rows of their invitations and reminders (by dedupe key '<kind>:<survey id>:...', or, without a
-- key, by a recipient on the survey's list and one of the survey's codes in the text) lose the address everywhere
-- in them (a row still queued is marked failed), the codes lose their link, manual_reminders and respondent_emails
-- rows go, and the draft's copy of the list is removed.
-- SQLite's instr is strpos here; a key without ':' has kind '' in the SQLite file (never a listed kind), so it is
-- left out of `keyed` (PostgreSQL's substr refuses the negative length SQLite's would get). split_part never fails,
-- whatever order the conditions are evaluated in.
WITH keyed AS (
  SELECT id,
         substr(dedupe_key, 1, strpos(dedupe_key, ':') - 1) AS kind,
         substr(dedupe_key, strpos(dedupe_key, ':') + 1) AS rest
  FROM mail_outbox
  WHERE dedupe_key IS NOT NULL AND to_address <> '' AND strpos(dedupe_key, ':') > 0
)
UPDATE mail_outbox SET
  status = CASE status WHEN 'queued' THEN 'failed' ELSE status END,
  last_error = CASE status WHEN 'queued' THEN 'not sent: the survey finished and its respondent e-mails were deleted' ELSE replace(last_error, to_address, '') END,
  subject = replace(subject, to_address, ''),
  html = replace(html, to_address, ''),
  text = replace(text, to_address, ''),
  to_address = ''
WHERE to_address <> '' AND (
  id IN (
    SELECT k.id FROM keyed k JOIN applications a ON a.state = 'finished'
    WHERE k.kind IN ('invite', 'remind', 'puls-invite', 'puls-remind', 'manual-remind')
      AND strpos(k.rest, ':') > 0 AND split_part(k.rest, ':', 1) = CAST(a.id AS TEXT)
  )
  OR (dedupe_key IS NULL AND EXISTS (
    SELECT 1 FROM respondent_emails e JOIN applications a ON a.id = e.application_id AND a.state = 'finished'
    WHERE lower(e.email::text) = lower(mail_outbox.to_address)
      AND EXISTS (SELECT 1 FROM access_codes c WHERE c.survey_id = a.id AND strpos(mail_outbox.text, substr(c.code, 1, 5) || '-' || substr(c.code, 6)) > 0)
  ))
);
UPDATE access_codes SET respondent_email_id = NULL
  WHERE respondent_email_id IS NOT NULL AND survey_id IN (SELECT id FROM applications WHERE state = 'finished');
DELETE FROM manual_reminders WHERE survey_id IN (SELECT id FROM applications WHERE state = 'finished');
DELETE FROM respondent_emails WHERE application_id IN (SELECT id FROM applications WHERE state = 'finished');
-- json_remove(draft, '$.details.respondent_emails') through jsonb: the draft is stored again as jsonb prints it
-- (keys reordered, whitespace normalised), the same JSON value.
UPDATE applications SET draft = (draft::jsonb #- '{details,respondent_emails}')::text
  WHERE state = 'finished' AND draft::jsonb -> 'details' -> 'respondent_emails' IS NOT NULL;
