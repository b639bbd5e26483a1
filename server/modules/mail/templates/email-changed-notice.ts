/** Sent to the OLD address once an e-mail change is confirmed, so an owner who did not ask for it notices. */
import type { UiLocale } from '../../../../shared/locales.js';
import { fill, renderMail, siteName, type MailBrand, type RenderedMail } from './layout.js';

interface Texts {
  subject: string;
  greeting: string;
  body: string;
  notYou: string;
}

export const EMAIL_CHANGED_NOTICE_TEXTS: Record<UiLocale, Texts> = {
  sl: {
    subject: 'E-poštni naslov vašega računa je bil spremenjen',
    greeting: 'Pozdravljeni, {name}!',
    body: 'E-poštni naslov vašega računa na spletnem mestu {site} je bil spremenjen z {old} na {new}. Na ta naslov ne boste več prejemali sporočil o računu.',
    notYou: 'Če spremembe niste naredili vi, nam takoj pišite na {contact}.',
  },
  en: {
    subject: 'The e-mail address of your account was changed',
    greeting: 'Hello {name},',
    body: 'The e-mail address of your account on {site} was changed from {old} to {new}. This address will no longer receive account messages.',
    notYou: 'If you did not make this change, write to us at {contact} right away.',
  },
  hr: {
    subject: 'E-mail adresa vašeg računa je promijenjena',
    greeting: 'Poštovani/a {name},',
    body: 'E-mail adresa vašeg računa na stranici {site} promijenjena je s {old} na {new}. Na ovu adresu više nećete primati poruke o računu.',
    notYou: 'Ako promjenu niste napravili vi, odmah nam pišite na {contact}.',
  },
  sr: {
    subject: 'E-mail adresa vašeg naloga je promenjena',
    greeting: 'Poštovani/a {name},',
    body: 'E-mail adresa vašeg naloga na sajtu {site} promenjena je sa {old} na {new}. Na ovu adresu više nećete dobijati poruke o nalogu.',
    notYou: 'Ako promenu niste napravili vi, odmah nam pišite na {contact}.',
  },
  bs: {
    subject: 'E-mail adresa vašeg računa je promijenjena',
    greeting: 'Poštovani/a {name},',
    body: 'E-mail adresa vašeg računa na stranici {site} promijenjena je sa {old} na {new}. Na ovu adresu više nećete primati poruke o računu.',
    notYou: 'Ako promjenu niste napravili vi, odmah nam pišite na {contact}.',
  },
  mk: {
    subject: 'Е-адресата на вашата сметка е променета',
    greeting: 'Почитувани {name},',
    body: 'Е-адресата на вашата сметка на {site} е променета од {old} во {new}. На оваа адреса повеќе нема да добивате пораки за сметката.',
    notYou: 'Ако промената не ја направивте вие, веднаш пишете ни на {contact}.',
  },
  de: {
    subject: 'Die E-Mail-Adresse Ihres Kontos wurde geändert',
    greeting: 'Guten Tag {name},',
    body: 'Die E-Mail-Adresse Ihres Kontos bei {site} wurde von {old} auf {new} geändert. An diese Adresse werden keine Kontonachrichten mehr gesendet.',
    notYou: 'Falls Sie diese Änderung nicht vorgenommen haben, schreiben Sie uns bitte sofort an {contact}.',
  },
  fr: {
    subject: 'L’adresse e-mail de votre compte a été modifiée',
    greeting: 'Bonjour {name},',
    body: 'L’adresse e-mail de votre compte sur {site} a été remplacée : {old} devient {new}. Cette adresse ne recevra plus de messages concernant le compte.',
    notYou: 'Si vous n’êtes pas à l’origine de cette modification, écrivez-nous immédiatement à {contact}.',
  },
};

export function emailChangedNoticeMail(input: { locale: UiLocale; brand: MailBrand; name: string; oldEmail: string; newEmail: string }): RenderedMail {
  const t = EMAIL_CHANGED_NOTICE_TEXTS[input.locale];
  const vars = { name: input.name, old: input.oldEmail, new: input.newEmail, site: siteName(input.locale), contact: input.brand.contactEmail };
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t.subject,
    greeting: fill(t.greeting, vars),
    before: [fill(t.body, vars)],
    after: [fill(t.notYou, vars)],
  });
}
