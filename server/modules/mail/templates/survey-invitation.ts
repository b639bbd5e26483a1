/**
 * The respondent's invitation and reminder: in the respondent's language, with their access code and the
 * questionnaire link (code filled in). States who does not take part and the anonymity promise.
 */
import type { UiLocale } from '../../../../shared/locales.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { renderMail, type MailBrand, type RenderedMail } from './layout.js';

export function surveyInvitationMail(input: {
  kind: 'invite' | 'remind';
  locale: UiLocale;
  brand: MailBrand;
  company: string;
  survey: string;
  /** XXXXX-XXXXX */
  code: string;
  url: string;
  /** DD.MM.YYYY */
  end: string;
  minutes: number;
}): RenderedMail {
  const t = textsFor(input.locale, 'mail');
  const vars = { company: input.company, survey: input.survey, code: input.code, end: input.end, minutes: String(input.minutes) };
  const invite = input.kind === 'invite';
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t(invite ? 'surveyInvitation.inviteSubject' : 'surveyInvitation.remindSubject', vars),
    greeting: t('surveyInvitation.greeting'),
    before: [t(invite ? 'surveyInvitation.invite' : 'surveyInvitation.remind', vars), t('surveyInvitation.code', vars)],
    button: { label: t('surveyInvitation.button'), url: input.url },
    after: [t('surveyInvitation.deadline', vars), t('surveyInvitation.excluded'), t('surveyInvitation.anonymity')],
  });
}
