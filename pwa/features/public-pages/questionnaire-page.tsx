import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, Section, TextList, useList, type TitledText } from './page-parts';

/**
 * What the employee satisfaction questionnaire asks (texts: questionnaire.json `info`, beside the code entry's, so a
 * respondent's first load needs no other page's texts). Employees with an access code start here:
 * the route (app/questionnaire-route.tsx) passes the code entry, shown first, in place of the notice.
 */
export default function QuestionnairePage({ codeEntry }: { codeEntry: ReactNode }) {
  const { t } = useTranslation('questionnaire');
  const contents = useList('info.contents.items', 'questionnaire');
  const categories = useList<TitledText>('info.categories.items', 'questionnaire');
  const scale = useList('info.scale.items', 'questionnaire');
  const anonymity = useList('info.anonymity.items', 'questionnaire');

  return (
    <Page title={t('info.title')} lead={t('info.lead')}>
      {codeEntry}

      <Section title={t('info.contents.title')} id="questionnaire-contents">
        <TextList items={contents} />
      </Section>

      <Section title={t('info.categories.title')} id="questionnaire-categories">
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
        <Section title={t('info.scale.title')} id="questionnaire-scale">
          <p>{t('info.scale.text')}</p>
          <ol className="public-scale" aria-label={t('info.scale.title')}>
            {scale.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ol>
          <p>{t('info.scale.note')}</p>
        </Section>
        <Section title={t('info.enps.title')} id="questionnaire-enps">
          <blockquote className="public-quote">{t('info.enps.question')}</blockquote>
          <p>{t('info.enps.text')}</p>
        </Section>
      </div>

      <div className="public-columns">
        <Section title={t('info.esi.title')} id="questionnaire-esi">
          <p>{t('info.esi.text')}</p>
        </Section>
        <Section title={t('info.demographics.title')} id="questionnaire-demographics">
          <p>{t('info.demographics.text')}</p>
        </Section>
      </div>

      <Section title={t('info.duration.title')} id="questionnaire-duration">
        <p>{t('info.duration.text')}</p>
      </Section>

      <Section title={t('info.anonymity.title')} id="questionnaire-anonymity" className="public-highlight">
        <TextList items={anonymity} />
      </Section>

      <Section title={t('info.participants.title')} id="questionnaire-participants">
        <p>{t('info.participants.text')}</p>
      </Section>
    </Page>
  );
}
