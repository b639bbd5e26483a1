/**
 * The branded frame every account mail shares: a header with the site name on the brand colour, the
 * message, one call-to-action button, and a footer with the operator's contact data. Produces HTML and
 * the plain-text twin. Every value is HTML-escaped here, so templates pass plain text only.
 */
import type { UiLocale } from '../../../../shared/locales.js';
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

const SITE_NAMES: Record<UiLocale, string> = {
  sl: 'Raziskava zadovoljstva zaposlenih',
  en: 'Employee Satisfaction Survey',
  hr: 'Istraživanje zadovoljstva zaposlenika',
  sr: 'Istraživanje zadovoljstva zaposlenih',
  bs: 'Istraživanje zadovoljstva zaposlenika',
  mk: 'Истражување за задоволството на вработените',
  de: 'Mitarbeiterzufriedenheitsstudie',
  fr: 'Enquête de satisfaction des salariés',
};

const AUTOMATIC: Record<UiLocale, string> = {
  sl: 'To sporočilo je bilo poslano samodejno. Za vprašanja nam pišite na',
  en: 'This message was sent automatically. For questions, write to',
  hr: 'Ova je poruka poslana automatski. Za pitanja nam pišite na',
  sr: 'Ova poruka je poslata automatski. Za pitanja nam pišite na',
  bs: 'Ova poruka je poslana automatski. Za pitanja nam pišite na',
  mk: 'Оваа порака е испратена автоматски. За прашања пишете ни на',
  de: 'Diese Nachricht wurde automatisch versendet. Bei Fragen schreiben Sie an',
  fr: 'Ce message a été envoyé automatiquement. Pour toute question, écrivez à',
};

const BUTTON_FALLBACK: Record<UiLocale, string> = {
  sl: 'Če gumb ne deluje, kopirajte to povezavo v brskalnik:',
  en: 'If the button does not work, copy this link into your browser:',
  hr: 'Ako gumb ne radi, kopirajte ovu poveznicu u preglednik:',
  sr: 'Ako dugme ne radi, kopirajte ovaj link u pregledač:',
  bs: 'Ako dugme ne radi, kopirajte ovaj link u preglednik:',
  mk: 'Ако копчето не работи, копирајте ја оваа врска во прелистувачот:',
  de: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
  fr: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
};

export function siteName(locale: UiLocale): string {
  return SITE_NAMES[locale];
}

/** Replaces {name} placeholders with values (plain text; escaping happens in render). */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
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
  const name = SITE_NAMES[locale];
  const contact = `${brand.contactEmail} · ${brand.contactPhone}`;
  const p = (text: string) => `<p style="margin: 0 0 16px">${escapeHtml(text)}</p>`;
  const button = input.button
    ? `<p style="margin: 24px 0"><a href="${escapeHtml(input.button.url)}" style="display: inline-block; background: ${BRAND_COLOUR}; color: #ffffff; text-decoration: none; padding: 12px 24px; border-radius: 6px; font-weight: bold">${escapeHtml(input.button.label)}</a></p>
<p style="margin: 0 0 16px; font-size: 13px; color: #555555">${escapeHtml(BUTTON_FALLBACK[locale])}<br><a href="${escapeHtml(input.button.url)}" style="color: ${BRAND_COLOUR}; word-break: break-all">${escapeHtml(input.button.url)}</a></p>`
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
<tr><td style="padding: 16px 24px; background: #eef3f4; color: #555555; font-size: 12px">${escapeHtml(AUTOMATIC[locale])} <a href="mailto:${escapeHtml(brand.contactEmail)}" style="color: ${BRAND_COLOUR}">${escapeHtml(brand.contactEmail)}</a>.<br>${escapeHtml(name)} · ${escapeHtml(contact)}</td></tr>
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
    `${AUTOMATIC[locale]} ${brand.contactEmail}.`,
    `${name} · ${contact}`,
    '',
  ].join('\n');
  return { subject: input.subject, html, text, locale };
}
