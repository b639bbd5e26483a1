/** The respondents' e-mails on the list: the count per language, the first ones with their language and a remove button, and remove all. */
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../shared/locales';
import type { RespondentEmail } from './emails';

const languageName = (code: QuestionLanguageCode) => QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;
const SHOWN = 100;

export function EmailList({ uid, emails, languages, limit, onChange }: { uid: string; emails: RespondentEmail[]; languages: readonly QuestionLanguageCode[]; limit: number; onChange: (emails: RespondentEmail[]) => void }) {
  const { t } = useTranslation('applications');
  const counts = languages.map((l) => [l, emails.filter((e) => e.language === l).length] as const);
  return (
    <section aria-labelledby={`${uid}-list`}>
      <h3 id={`${uid}-list`}>{t('emails.listTitle', { count: emails.length, limit })}</h3>
      <p className="hint">{counts.map(([l, n]) => `${languageName(l)}: ${n}`).join(' · ')}</p>
      {emails.length > 0 && (
        <>
          <table className="email-table" data-testid="email-table">
            <thead>
              <tr>
                <th scope="col">{t('emails.email')}</th>
                <th scope="col">{t('emails.language')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('emails.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {emails.slice(0, SHOWN).map((e, i) => (
                <tr key={e.email}>
                  <td>{e.email}</td>
                  <td>{languages.includes(e.language) ? languageName(e.language) : <span className="field-error">{t('issues.language-not-offered')}</span>}</td>
                  <td>
                    <button type="button" className="btn btn-link btn-small" onClick={() => onChange(emails.filter((_, j) => j !== i))} aria-label={t('emails.removeOne', { email: e.email })}>
                      {t('emails.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {emails.length > SHOWN && <p className="hint">{t('emails.more', { count: emails.length - SHOWN })}</p>}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange([])}>
            {t('emails.removeAll')}
          </button>
        </>
      )}
    </section>
  );
}
