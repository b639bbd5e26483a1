/** The parts of a draft that differ by survey type: IZZ's report questions, options, demographics and own questions; PULS's questions. */
import { useTranslation } from 'react-i18next';
import { DEMOGRAPHIC_QUESTIONS, pulsQuestionById, statementById } from '../../../../shared/question-banks';
import { localizedText } from '../../../../shared/i18n/localized-text';
import type { UiLocale } from '../../../../shared/locales';
import type { IzzApplicationDraft, PulsApplicationDraft } from '../../../../shared/schemas/application';
import { Rows, Section, languageName } from './detail-rows';
import { ExtraQuestions, QuestionList } from './draft-questions';

export function IzzParts({ draft, locale }: { draft: IzzApplicationDraft; locale: UiLocale }) {
  const { t } = useTranslation('admin');
  const o = draft.additional_options;
  const yesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? t('common.yes') : t('common.no'));
  const list = (items: string[]) => (items.length > 0 ? items.join(', ') : t('application.noneGiven'));
  const languages = draft.details.languages ?? [];
  return (
    <>
      <Section id="application-report-questions" title={t('application.reportQuestions')}>
        <QuestionList ids={draft.report_questions} text={(id) => localizedText(statementById(id)?.text, locale)} />
      </Section>
      <Section id="application-options" title={t('application.options')}>
        {o.report_language || o.comparative_report !== undefined || o.benchmark_report !== undefined || o.notes ? (
          <Rows
            rows={[
              [t('application.reportLanguage'), o.report_language ? languageName(o.report_language) : ''],
              [t('application.comparativeReport'), yesNo(o.comparative_report)],
              [t('application.benchmarkReport'), yesNo(o.benchmark_report)],
              [t('application.notes'), o.notes ? <span className="admin-app-comment">{o.notes}</span> : ''],
            ]}
          />
        ) : (
          <p className="hint">{t('application.noneGiven')}</p>
        )}
      </Section>
      <Section id="application-demographics" title={t('application.demographics')}>
        <Rows
          rows={[
            [
              t('application.demographicQuestions'),
              draft.demographics.questions.length > 0 ? (
                <ul className="admin-app-plain-list">
                  {draft.demographics.questions.map((q) => (
                    <li key={q}>{localizedText(DEMOGRAPHIC_QUESTIONS.find((x) => x.id === q)?.question, locale) || q}</li>
                  ))}
                </ul>
              ) : (
                t('application.noneGiven')
              ),
            ],
            [t('application.departments'), list(draft.demographics.departments)],
            [t('application.locations'), list(draft.demographics.locations)],
          ]}
        />
      </Section>
      <Section id="application-extra-questions" title={t('application.extraQuestions')} wide>
        <ExtraQuestions questions={draft.extra_questions} languages={languages} />
      </Section>
    </>
  );
}

export function PulsParts({ draft, locale }: { draft: PulsApplicationDraft; locale: UiLocale }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Section id="application-puls-questions" title={t('application.pulsQuestions')}>
        <QuestionList ids={draft.questions} text={(id) => localizedText(pulsQuestionById(id)?.text, locale)} />
      </Section>
      <Section id="application-own-questions" title={t('application.ownQuestions')} wide>
        <ExtraQuestions questions={draft.own_questions} languages={draft.details.languages ?? []} />
      </Section>
    </>
  );
}
