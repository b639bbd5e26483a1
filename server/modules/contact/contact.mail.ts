/** The contact mail to the operator, in the operator's language (sl, hr, en; others fall back to en). */
import { UI_LOCALE_NAMES, type UiLocale } from '../../../shared/locales.js';
import type { ContactMessageData } from '../../../shared/schemas/contact.js';
import { escapeHtml } from '../../lib/html.js';

export type ContactMailInput = Omit<ContactMessageData, 'altcha'>;

interface Texts {
  subject: (name: string) => string;
  intro: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  language: string;
  message: string;
  replyHint: string;
  empty: string;
}

const TEXTS: Partial<Record<UiLocale, Texts>> & { en: Texts } = {
  en: {
    subject: (name) => `New contact form message from ${name}`,
    intro: 'A visitor sent a message through the contact form on the website.',
    name: 'Name',
    email: 'E-mail',
    company: 'Company',
    phone: 'Phone',
    language: 'Website language',
    message: 'Message',
    replyHint: 'Reply to this e-mail to answer the visitor directly.',
    empty: '(not given)',
  },
  sl: {
    subject: (name) => `Novo sporočilo s kontaktnega obrazca: ${name}`,
    intro: 'Obiskovalec spletnega mesta je poslal sporočilo prek kontaktnega obrazca.',
    name: 'Ime in priimek',
    email: 'E-pošta',
    company: 'Podjetje',
    phone: 'Telefon',
    language: 'Jezik spletnega mesta',
    message: 'Sporočilo',
    replyHint: 'Če odgovorite na to e-pošto, bo odgovor prejel neposredno obiskovalec.',
    empty: '(ni navedeno)',
  },
  hr: {
    subject: (name) => `Nova poruka s kontakt obrasca: ${name}`,
    intro: 'Posjetitelj web stranice poslao je poruku putem kontakt obrasca.',
    name: 'Ime i prezime',
    email: 'E-mail',
    company: 'Tvrtka',
    phone: 'Telefon',
    language: 'Jezik web stranice',
    message: 'Poruka',
    replyHint: 'Odgovorite na ovaj e-mail kako biste izravno odgovorili posjetitelju.',
    empty: '(nije navedeno)',
  },
};

export function contactMail(input: ContactMailInput, operatorLocale: UiLocale): { subject: string; html: string; text: string; locale: UiLocale } {
  const locale: UiLocale = TEXTS[operatorLocale] ? operatorLocale : 'en';
  const t = TEXTS[locale] ?? TEXTS.en;
  const rows: [string, string][] = [
    [t.name, input.name],
    [t.email, input.email],
    [t.company, input.company || t.empty],
    [t.phone, input.phone || t.empty],
    [t.language, UI_LOCALE_NAMES[input.locale]],
  ];
  const subject = t.subject(input.name.replace(/[\r\n]+/g, ' '));
  const text = [t.intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', `${t.message}:`, input.message, '', '--', t.replyHint, ''].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5">
<p>${escapeHtml(t.intro)}</p>
<table cellpadding="4" cellspacing="0" style="border-collapse: collapse">
${rows.map(([label, value]) => `<tr><th align="left" style="padding-right: 16px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<h3 style="margin-bottom: 4px">${escapeHtml(t.message)}</h3>
<p style="white-space: pre-wrap">${escapeHtml(input.message)}</p>
<hr>
<p style="color: #555; font-size: 13px">${escapeHtml(t.replyHint)}</p>
</body></html>
`;
  return { subject, html, text, locale };
}
