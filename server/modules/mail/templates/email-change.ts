/** Sent to the NEW address when a user asks to change the account e-mail: a 48-hour, single-use link. */
import type { UiLocale } from '../../../../shared/locales.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { renderMail, siteName, type MailBrand, type RenderedMail } from './layout.js';

export function emailChangeMail(input: { locale: UiLocale; brand: MailBrand; name: string; oldEmail: string; newEmail: string; url: string }): RenderedMail {
  const t = textsFor(input.locale, 'mail');
  const vars = { name: input.name, old: input.oldEmail, new: input.newEmail, site: siteName(input.locale) };
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t('emailChange.subject'),
    greeting: t('emailChange.greeting', vars),
    before: [t('emailChange.intro', vars)],
    button: { label: t('emailChange.button'), url: input.url },
    after: [t('emailChange.validity'), t('emailChange.ignore')],
  });
}
