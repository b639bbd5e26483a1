/** The reminder to a company's users when an action of a focus area is due (on its day) or overdue (the day after). */
import { formatDate } from '../../../../shared/dates.js';
import type { UiLocale } from '../../../../shared/locales.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { renderMail, type MailBrand, type RenderedMail } from './layout.js';

export function actionReminderMail(input: {
  locale: UiLocale;
  brand: MailBrand;
  stage: 'due' | 'overdue';
  title: string;
  owner: string;
  dueOn: string;
  status: 'planned' | 'in_progress';
  focusArea: string;
  survey: string;
  url: string;
}): RenderedMail {
  const t = textsFor(input.locale, 'mail');
  const vars = { title: input.title, survey: input.survey, focusArea: input.focusArea, date: formatDate(input.dueOn), owner: input.owner };
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t(`actionReminder.${input.stage}Subject`, vars),
    greeting: t('applicationReview.greeting'),
    before: [
      t(`actionReminder.${input.stage}`, vars),
      t('actionReminder.focusArea', vars),
      ...(input.owner ? [t('actionReminder.owner', vars)] : []),
      t(`actionReminder.status.${input.status}`),
    ],
    button: { label: t('actionReminder.button'), url: input.url },
    after: [t('actionReminder.hint')],
  });
}
