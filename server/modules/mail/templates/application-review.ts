/** The company's mails after the administrator's review: approved (codes ready) or changes requested (with the comment). */
import type { UiLocale } from '../../../../shared/locales.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { renderMail, type MailBrand, type RenderedMail } from './layout.js';

export function applicationReviewMail(input: {
  decision: 'approved' | 'changes_requested';
  locale: UiLocale;
  brand: MailBrand;
  survey: string;
  url: string;
  /** DD.MM.YYYY and DD.MM.YYYY HH:MM (approved). */
  start?: string;
  invitation?: string;
  comment?: string;
}): RenderedMail {
  const t = textsFor(input.locale, 'mail');
  const vars = { survey: input.survey, start: input.start ?? '', invitation: input.invitation ?? '', comment: input.comment ?? '' };
  const approved = input.decision === 'approved';
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t(approved ? 'applicationReview.approvedSubject' : 'applicationReview.changesSubject', vars),
    greeting: t('applicationReview.greeting'),
    before: approved
      ? [t('applicationReview.approved', vars), t('applicationReview.schedule', vars)]
      : [t('applicationReview.changes', vars), t('applicationReview.comment', vars)],
    button: { label: t('applicationReview.button'), url: input.url },
    after: [],
  });
}
