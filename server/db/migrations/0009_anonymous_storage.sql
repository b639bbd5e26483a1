-- Anonymous storage (product-decisions.md "Access codes and anonymity"): nothing stored about a used
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
-- referenced or part of a table constraint, so no rebuild is needed (submitted_on's CHECK is its own column's).
ALTER TABLE access_codes DROP COLUMN used_at;
ALTER TABLE responses DROP COLUMN submitted_on;

-- Respondent e-mail lists are deleted when a survey finishes (applications.repo.ts purgeRespondentEmails does it at
-- the finish from now on); surveys that finished before this migration lose theirs here, the same way: the outbox
-- rows of their invitations and reminders (found by dedupe key '<kind>:<survey id>:...', or, without a key, by a
-- recipient on the survey's list and one of the survey's codes in the text) lose the address everywhere in them
-- (a row still queued is marked failed), the codes lose their link, manual_reminders and respondent_emails rows go,
-- and the draft's copy of the list is removed.
WITH keyed AS (
  SELECT id,
         substr(dedupe_key, 1, instr(dedupe_key, ':') - 1) AS kind,
         substr(dedupe_key, instr(dedupe_key, ':') + 1) AS rest
  FROM mail_outbox
  WHERE dedupe_key IS NOT NULL AND to_address <> ''
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
      AND instr(k.rest, ':') > 0 AND substr(k.rest, 1, instr(k.rest, ':') - 1) = CAST(a.id AS TEXT)
  )
  OR (dedupe_key IS NULL AND EXISTS (
    SELECT 1 FROM respondent_emails e JOIN applications a ON a.id = e.application_id AND a.state = 'finished'
    WHERE lower(e.email) = lower(mail_outbox.to_address)
      AND EXISTS (SELECT 1 FROM access_codes c WHERE c.survey_id = a.id AND instr(mail_outbox.text, substr(c.code, 1, 5) || '-' || substr(c.code, 6)) > 0)
  ))
);
UPDATE access_codes SET respondent_email_id = NULL
  WHERE respondent_email_id IS NOT NULL AND survey_id IN (SELECT id FROM applications WHERE state = 'finished');
DELETE FROM manual_reminders WHERE survey_id IN (SELECT id FROM applications WHERE state = 'finished');
DELETE FROM respondent_emails WHERE application_id IN (SELECT id FROM applications WHERE state = 'finished');
UPDATE applications SET draft = json_remove(draft, '$.details.respondent_emails')
  WHERE state = 'finished' AND json_type(draft, '$.details.respondent_emails') IS NOT NULL;
