/**
 * Respondent e-mails by language: paste (parsed in the browser) or upload a CSV/XLSX (parsed by
 * the server). Invalid addresses, duplicates and addresses over the number of online respondents
 * are listed, never dropped silently.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../shared/locales';
import { parseEmailFile, type ApplicationSummary } from './applications-api';
import { EmailList } from './email-list';
import { parseEmails, splitByLimit, type RespondentEmail } from './emails';

export interface EmailReport {
  added: number;
  invalid: string[];
  duplicates: string[];
  overLimit: string[];
}

const languageName = (code: QuestionLanguageCode) => QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;

/** What a paste or an upload did, for the user: how many were added and every one that was not. */
export function EmailReportView({ report }: { report: EmailReport }) {
  const { t } = useTranslation('applications');
  const problems = report.invalid.length + report.duplicates.length + report.overLimit.length;
  return (
    <div className={`notice ${problems ? 'notice-error' : 'notice-success'} email-report`} role="status" data-testid="email-report">
      <p>{t('emails.added', { count: report.added })}</p>
      {report.invalid.length > 0 && (
        <div>
          <p>{t('emails.invalid', { count: report.invalid.length })}</p>
          <ul data-testid="emails-invalid">
            {report.invalid.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      {report.duplicates.length > 0 && (
        <div>
          <p>{t('emails.duplicates', { count: report.duplicates.length })}</p>
          <ul data-testid="emails-duplicates">
            {report.duplicates.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      {report.overLimit.length > 0 && (
        <div>
          <p>{t('emails.overLimit', { count: report.overLimit.length })}</p>
          <ul data-testid="emails-over-limit">
            {report.overLimit.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

export function EmailStep(props: {
  applicationId: ApplicationSummary['id'];
  emails: RespondentEmail[];
  languages: readonly QuestionLanguageCode[];
  limit: number;
  error?: string;
  errorId: string;
  onChange: (emails: RespondentEmail[]) => void;
}) {
  const { applicationId, emails, languages, limit, error, errorId, onChange } = props;
  const { t } = useTranslation('applications');
  const uid = useId();
  const [language, setLanguage] = useState<QuestionLanguageCode | ''>(languages[0] ?? '');
  const [text, setText] = useState('');
  const [report, setReport] = useState<EmailReport | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const lang = language && languages.includes(language) ? language : languages[0];

  if (!lang) return <p className="notice notice-info">{t('emails.needLanguages')}</p>;

  const addValid = (valid: RespondentEmail[], invalid: string[], duplicates: string[]) => {
    const { added, overLimit } = splitByLimit(valid, emails.length, limit);
    onChange([...emails, ...added]);
    setReport({ added: added.length, invalid, duplicates, overLimit: overLimit.map((e) => e.email) });
  };

  const addPasted = () => {
    const parsed = parseEmails(
      text,
      emails.map((e) => e.email),
    );
    addValid(
      parsed.valid.map((email) => ({ email, language: lang })),
      parsed.invalid,
      parsed.duplicates,
    );
    setText('');
  };

  const upload = async (file: File) => {
    setUploading(true);
    setUploadError(null);
    try {
      const isXlsx = /\.xlsx$/i.test(file.name);
      const body = isXlsx ? new Blob([file], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) : new Blob([file], { type: 'text/csv' });
      const result = await parseEmailFile(applicationId, body, lang);
      // The server checks duplicates against the saved draft; check again against the list on screen.
      const known = new Set(emails.map((e) => e.email.toLowerCase()));
      const valid: RespondentEmail[] = [];
      const duplicates = result.duplicates.map((d) => d.value);
      for (const v of result.valid) {
        if (known.has(v.email.toLowerCase())) duplicates.push(v.email);
        else {
          known.add(v.email.toLowerCase());
          valid.push({ email: v.email, language: languages.includes(v.language) ? v.language : lang });
        }
      }
      addValid(
        valid,
        result.invalid.map((i) => i.value),
        duplicates,
      );
    } catch (err) {
      setUploadError(err instanceof Error ? err.message : String(err));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="stack">
      <p className="hint">{t('emails.lead', { limit })}</p>
      {error && (
        <p id={errorId} className="field-error" tabIndex={-1}>
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${uid}-lang`}>{t('emails.language')}</label>
        <select id={`${uid}-lang`} value={lang} onChange={(e) => setLanguage(e.target.value as QuestionLanguageCode)}>
          {languages.map((l) => (
            <option key={l} value={l}>
              {languageName(l)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${uid}-paste`}>{t('emails.paste')}</label>
        <textarea id={`${uid}-paste`} rows={5} value={text} onChange={(e) => setText(e.target.value)} aria-describedby={`${uid}-paste-hint`} />
        <p id={`${uid}-paste-hint`} className="hint">
          {t('emails.pasteHint')}
        </p>
      </div>
      <div className="actions">
        <button type="button" className="btn btn-secondary" onClick={addPasted} disabled={!text.trim()}>
          {t('emails.add')}
        </button>
      </div>
      <div className="field">
        <label htmlFor={`${uid}-file`}>{t('emails.upload')}</label>
        <input
          id={`${uid}-file`}
          type="file"
          accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={`${uid}-file-hint`}
          disabled={uploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
        <p id={`${uid}-file-hint`} className="hint">
          {uploading ? t('emails.uploading') : t('emails.uploadHint')}
        </p>
      </div>
      {uploadError && (
        <p className="notice notice-error" role="alert">
          {uploadError}
        </p>
      )}
      {report && <EmailReportView report={report} />}
      <EmailList uid={uid} emails={emails} languages={languages} limit={limit} onChange={onChange} />
    </div>
  );
}
