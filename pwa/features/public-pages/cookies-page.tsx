import { useTranslation } from 'react-i18next';
import { COOKIE_CONSENT_NAME, SESSION_COOKIE_NAME, SESSION_HINT_COOKIE_NAME } from '../../../shared/constants';
import { Page, TextList, useList, type LegalSection } from './page-parts';

interface CookieRow {
  purpose: string;
  when: string;
}

/** The cookie names come from shared/constants, so the page always names the cookies actually set. */
const COOKIE_NAMES = [COOKIE_CONSENT_NAME, SESSION_COOKIE_NAME, SESSION_HINT_COOKIE_NAME];

export default function CookiesPage() {
  const { t } = useTranslation('pages');
  const sections = useList<LegalSection>('cookies.sections');
  const rows = useList<CookieRow>('cookies.table.rows');
  const [intro, necessary, ...rest] = sections;

  const renderSection = (s: LegalSection | undefined, key: string) =>
    s ? (
      <section key={key}>
        <h2 id={`cookies-${key}`}>{s.heading}</h2>
        {s.paragraphs?.map((p, j) => <p key={j}>{p}</p>)}
        {s.items && <TextList items={s.items} />}
      </section>
    ) : null;

  return (
    <Page title={t('cookies.title')} lead={t('cookies.lead')} className="legal-page">
      <div className="prose">
        {renderSection(intro, 'intro')}
        {renderSection(necessary, 'necessary')}
        <div className="public-table-wrap">
          <table className="public-table">
            <caption>{t('cookies.table.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cookies.table.name')}</th>
                <th scope="col">{t('cookies.table.purpose')}</th>
                <th scope="col">{t('cookies.table.when')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  <th scope="row">
                    <code>{COOKIE_NAMES[i]}</code>
                  </th>
                  <td>{row.purpose}</td>
                  <td>{row.when}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {rest.map((s, i) => renderSection(s, `more-${i + 1}`))}
      </div>
    </Page>
  );
}
