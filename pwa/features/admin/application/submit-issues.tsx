import { useTranslation } from 'react-i18next';
import type { UiLocale } from '../../../../shared/locales';
import { localizeFieldMessage } from '../../../lib/field-messages';
import type { AdminApplicationDetail } from '../applications-api';

/** What the submit check found still missing in the draft, each with its field, in the administrator's language. */
export function SubmitIssues({ issues, locale }: { issues: AdminApplicationDetail['submit_issues']; locale: UiLocale }) {
  const { t } = useTranslation('admin');
  return (
    <section className="notice notice-info admin-wide-card" aria-labelledby="application-issues" data-testid="application-issues">
      <h2 id="application-issues">{t('application.issues')}</h2>
      <p>{t('application.issuesLead')}</p>
      <ul>
        {issues.map((issue, i) => (
          <li key={i}>
            <code>{issue.path}</code>: {localizeFieldMessage(issue.message, locale)}
          </li>
        ))}
      </ul>
    </section>
  );
}
