/**
 * The contact mail to the operator, in the operator's language: `contact` of shared/i18n/<locale>/mail.json
 * (every locale has them; were one missing, the mail would be English and say so in its `locale`).
 */
import { UI_LOCALE_NAMES, type UiLocale } from '../../../shared/locales.js';
import type { ContactMessageData } from '../../../shared/schemas/contact.js';
import { escapeHtml } from '../../lib/html.js';
import { textsFor } from '../../../shared/i18n/node.js';

export type ContactMailInput = Omit<ContactMessageData, 'altcha'>;

export function contactMail(input: ContactMailInput, operatorLocale: UiLocale): { subject: string; html: string; text: string; locale: UiLocale } {
  const t = textsFor(operatorLocale, 'mail');
  // The language the texts came from: the operator's, or English where that locale has no contact texts.
  const locale = t('contact.intro', { returnDetails: true }).usedLng as UiLocale;
  const texts = {
    intro: t('contact.intro'),
    message: t('contact.message'),
    replyHint: t('contact.replyHint'),
    empty: t('contact.empty'),
  };
  const rows: [string, string][] = [
    [t('contact.name'), input.name],
    [t('contact.email'), input.email],
    [t('contact.company'), input.company || texts.empty],
    [t('contact.phone'), input.phone || texts.empty],
    [t('contact.language'), UI_LOCALE_NAMES[input.locale]],
  ];
  // plain text: escaped below where it goes into HTML, like every other value
  const subject = t('contact.subject', { name: input.name.replace(/[\r\n]+/g, ' ') });
  const text = [texts.intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', `${texts.message}:`, input.message, '', '--', texts.replyHint, ''].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5">
<p>${escapeHtml(texts.intro)}</p>
<table cellpadding="4" cellspacing="0" style="border-collapse: collapse">
${rows.map(([label, value]) => `<tr><th align="left" style="padding-right: 16px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<h3 style="margin-bottom: 4px">${escapeHtml(texts.message)}</h3>
<p style="white-space: pre-wrap">${escapeHtml(input.message)}</p>
<hr>
<p style="color: #555; font-size: 13px">${escapeHtml(texts.replyHint)}</p>
</body></html>
`;
  return { subject, html, text, locale };
}
