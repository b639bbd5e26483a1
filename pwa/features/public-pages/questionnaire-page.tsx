import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, Section, TextList, useList, type TitledText } from './page-parts';

/**
 * What the employee satisfaction questionnaire asks. Employees with an access code start here:
 * the route (app/questionnaire-route.tsx) passes the code entry, shown first, in place of the notice.
 */
export default function QuestionnairePage({ codeEntry }: { codeEntry?: ReactNode }) {
  const { t } = useTranslation('pages');
  const contents = useList('questionnaire.contents.items');
  const categories = useList<TitledText>('questionnaire.categories.items');
  const scale = useList('questionnaire.scale.items');
  const anonymity = useList('questionnaire.anonymity.items');

  return (
    <Page title={t('questionnaire.title')} lead={t('questionnaire.lead')}>
      {codeEntry ?? (
        <section className="notice notice-info public-code-notice" aria-labelledby="questionnaire-code">
          <h2 id="questionnaire-code">{t('questionnaire.codeNotice.title')}</h2>
          <p>{t('questionnaire.codeNotice.text')}</p>
        </section>
      )}

      <Section title={t('questionnaire.contents.title')} id="questionnaire-contents">
        <TextList items={contents} />
      </Section>

      <Section title={t('questionnaire.categories.title')} id="questionnaire-categories">
        <ol className="public-categories">
          {categories.map((c, i) => (
            <li key={i}>
              <strong>{c.title}</strong>
              <span>{c.text}</span>
            </li>
          ))}
        </ol>
      </Section>

      <div className="public-columns">
        <Section title={t('questionnaire.scale.title')} id="questionnaire-scale">
          <p>{t('questionnaire.scale.text')}</p>
          <ol className="public-scale" aria-label={t('questionnaire.scale.title')}>
            {scale.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ol>
          <p>{t('questionnaire.scale.note')}</p>
        </Section>
        <Section title={t('questionnaire.enps.title')} id="questionnaire-enps">
          <blockquote className="public-quote">{t('questionnaire.enps.question')}</blockquote>
          <p>{t('questionnaire.enps.text')}</p>
        </Section>
      </div>

      <div className="public-columns">
        <Section title={t('questionnaire.esi.title')} id="questionnaire-esi">
          <p>{t('questionnaire.esi.text')}</p>
        </Section>
        <Section title={t('questionnaire.demographics.title')} id="questionnaire-demographics">
          <p>{t('questionnaire.demographics.text')}</p>
        </Section>
      </div>

      <Section title={t('questionnaire.duration.title')} id="questionnaire-duration">
        <p>{t('questionnaire.duration.text')}</p>
      </Section>

      <Section title={t('questionnaire.anonymity.title')} id="questionnaire-anonymity" className="public-highlight">
        <TextList items={anonymity} />
      </Section>

      <Section title={t('questionnaire.participants.title')} id="questionnaire-participants">
        <p>{t('questionnaire.participants.text')}</p>
      </Section>
    </Page>
  );
}
