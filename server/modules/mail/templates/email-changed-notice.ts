/** Sent to the OLD address once an e-mail change is confirmed, so an owner who did not ask for it notices. */
import type { UiLocale } from '../../../../shared/locales.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { renderMail, siteName, type MailBrand, type RenderedMail } from './layout.js';

export function emailChangedNoticeMail(input: { locale: UiLocale; brand: MailBrand; name: string; oldEmail: string; newEmail: string }): RenderedMail {
  const t = textsFor(input.locale, 'mail');
  const vars = { name: input.name, old: input.oldEmail, new: input.newEmail, site: siteName(input.locale), contact: input.brand.contactEmail };
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t('emailChangedNotice.subject'),
    greeting: t('emailChangedNotice.greeting', vars),
    before: [t('emailChangedNotice.body', vars)],
    after: [t('emailChangedNotice.notYou', vars)],
  });
}
