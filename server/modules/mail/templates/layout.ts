/**
 * The branded frame every account mail shares: a header with the site name on the brand colour, the
 * message, one call-to-action button, and a footer with the operator's contact data. Produces HTML and
 * the plain-text twin. Every value is HTML-escaped here, so templates pass plain text only: the texts come
 * from shared/i18n/<locale>/mail.json with their {{placeholders}} filled by i18next (escapeValue off), and
 * the whole filled text is escaped here, once.
 */
import type { UiLocale } from '../../../../shared/locales.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { escapeHtml } from '../../../lib/html.js';

export const BRAND_COLOUR = '#0b4f5c';

export interface MailBrand {
  contactEmail: string;
  contactPhone: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  locale: UiLocale;
}

/** The site's name in the locale (the shell's own, common.json `siteName`). */
export function siteName(locale: UiLocale): string {
  return textsFor(locale, 'common')('siteName');
}

export function renderMail(input: {
  locale: UiLocale;
  brand: MailBrand;
  subject: string;
  greeting: string;
  /** Paragraphs before the button. */
  before: string[];
  button?: { label: string; url: string };
  /** Paragraphs after the button (validity, "ignore this e-mail"). */
  after: string[];
}): RenderedMail {
  const { locale, brand } = input;
  const t = textsFor(locale, 'mail');
  const name = siteName(locale);
  const automatic = t('layout.automatic');
  const contact = `${brand.contactEmail} · ${brand.contactPhone}`;
  const p = (text: string) => `<p style="margin: 0 0 16px">${escapeHtml(text)}</p>`;
  const button = input.button
    ? `<p style="margin: 24px 0"><a href="${escapeHtml(input.button.url)}" style="display: inline-block; background: ${BRAND_COLOUR}; color: #ffffff; text-decoration: none; padding: 12px 24px; border-radius: 6px; font-weight: bold">${escapeHtml(input.button.label)}</a></p>
<p style="margin: 0 0 16px; font-size: 13px; color: #555555">${escapeHtml(t('layout.buttonFallback'))}<br><a href="${escapeHtml(input.button.url)}" style="color: ${BRAND_COLOUR}; word-break: break-all">${escapeHtml(input.button.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin: 0; padding: 0; background: #f3f5f6; font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background: #f3f5f6"><tr><td align="center" style="padding: 24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width: 600px; width: 100%; background: #ffffff; border-radius: 8px; overflow: hidden">
<tr><td style="background: ${BRAND_COLOUR}; color: #ffffff; padding: 20px 24px; font-size: 20px; font-weight: bold">${escapeHtml(name)}</td></tr>
<tr><td style="padding: 24px">
${p(input.greeting)}
${input.before.map(p).join('\n')}
${button}
${input.after.map(p).join('\n')}
</td></tr>
<tr><td style="padding: 16px 24px; background: #eef3f4; color: #555555; font-size: 12px">${escapeHtml(automatic)} <a href="mailto:${escapeHtml(brand.contactEmail)}" style="color: ${BRAND_COLOUR}">${escapeHtml(brand.contactEmail)}</a>.<br>${escapeHtml(name)} · ${escapeHtml(contact)}</td></tr>
</table>
</td></tr></table>
</body></html>
`;
  const text = [
    name,
    '='.repeat(name.length),
    '',
    input.greeting,
    '',
    ...input.before.flatMap((t) => [t, '']),
    ...(input.button ? [`${input.button.label}:`, input.button.url, ''] : []),
    ...input.after.flatMap((t) => [t, '']),
    '--',
    `${automatic} ${brand.contactEmail}.`,
    `${name} · ${contact}`,
    '',
  ].join('\n');
  return { subject: input.subject, html, text, locale };
}
