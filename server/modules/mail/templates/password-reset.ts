/** The password reset mail: a one-hour, single-use link. */
import type { UiLocale } from '../../../../shared/locales.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { renderMail, siteName, type MailBrand, type RenderedMail } from './layout.js';

export function passwordResetMail(input: { locale: UiLocale; brand: MailBrand; name: string; url: string }): RenderedMail {
  const t = textsFor(input.locale, 'mail');
  const vars = { name: input.name, site: siteName(input.locale) };
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t('passwordReset.subject'),
    greeting: t('passwordReset.greeting', vars),
    before: [t('passwordReset.intro', vars)],
    button: { label: t('passwordReset.button'), url: input.url },
    after: [t('passwordReset.validity'), t('passwordReset.ignore')],
  });
}
