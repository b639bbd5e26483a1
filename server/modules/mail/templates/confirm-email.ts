/** The e-mail confirmation mail after registration (and on resend): a 48-hour, single-use link. */
import type { UiLocale } from '../../../../shared/locales.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { renderMail, siteName, type MailBrand, type RenderedMail } from './layout.js';

export function confirmEmailMail(input: { locale: UiLocale; brand: MailBrand; name: string; company: string; url: string; resend?: boolean }): RenderedMail {
  const t = textsFor(input.locale, 'mail');
  const vars = { name: input.name, company: input.company, site: siteName(input.locale) };
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t('confirmEmail.subject'),
    greeting: t('confirmEmail.greeting', vars),
    before: [t(input.resend ? 'confirmEmail.introResend' : 'confirmEmail.intro', vars)],
    button: { label: t('confirmEmail.button'), url: input.url },
    after: [t('confirmEmail.validity'), t('confirmEmail.ignore')],
  });
}
