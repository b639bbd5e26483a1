/** Sent to the NEW address when a user asks to change the account e-mail: a 48-hour, single-use link. */
import type { UiLocale } from '../../../../shared/locales.js';
import { fill, renderMail, siteName, type MailBrand, type RenderedMail } from './layout.js';

interface Texts {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  validity: string;
  ignore: string;
}

export const EMAIL_CHANGE_TEXTS: Record<UiLocale, Texts> = {
  sl: {
    subject: 'Potrdite novi e-poštni naslov',
    greeting: 'Pozdravljeni, {name}!',
    intro: 'Zahtevali ste spremembo e-poštnega naslova svojega računa na spletnem mestu {site} z {old} na {new}. Spremembo potrdite prek spodnje povezave.',
    button: 'Potrdi novi naslov',
    validity: 'Povezava velja 48 ur in jo lahko uporabite samo enkrat. Po spremembi boste odjavljeni na vseh napravah in se prijavite z novim naslovom.',
    ignore: 'Če spremembe niste zahtevali vi, lahko to sporočilo prezrete; naslov ostane nespremenjen.',
  },
  en: {
    subject: 'Confirm your new e-mail address',
    greeting: 'Hello {name},',
    intro: 'You asked to change the e-mail address of your account on {site} from {old} to {new}. Confirm the change with the link below.',
    button: 'Confirm the new address',
    validity: 'The link is valid for 48 hours and can be used only once. After the change you will be logged out on every device and log in with the new address.',
    ignore: 'If you did not ask for this change, you can ignore this e-mail; the address stays as it is.',
  },
  hr: {
    subject: 'Potvrdite novu e-mail adresu',
    greeting: 'Poštovani/a {name},',
    intro: 'Zatražili ste promjenu e-mail adrese svojeg računa na stranici {site} s {old} na {new}. Promjenu potvrdite putem poveznice u nastavku.',
    button: 'Potvrdi novu adresu',
    validity: 'Poveznica vrijedi 48 sati i može se iskoristiti samo jednom. Nakon promjene bit ćete odjavljeni na svim uređajima i prijavljujete se novom adresom.',
    ignore: 'Ako niste zatražili promjenu, zanemarite ovu poruku; adresa ostaje ista.',
  },
  sr: {
    subject: 'Potvrdite novu e-mail adresu',
    greeting: 'Poštovani/a {name},',
    intro: 'Zatražili ste promenu e-mail adrese svog naloga na sajtu {site} sa {old} na {new}. Potvrdite promenu preko linka ispod.',
    button: 'Potvrdi novu adresu',
    validity: 'Link važi 48 sati i može se iskoristiti samo jednom. Posle promene bićete odjavljeni na svim uređajima i prijavljujete se novom adresom.',
    ignore: 'Ako niste vi zatražili promenu, zanemarite ovu poruku; adresa ostaje ista.',
  },
  bs: {
    subject: 'Potvrdite novu e-mail adresu',
    greeting: 'Poštovani/a {name},',
    intro: 'Zatražili ste promjenu e-mail adrese svog računa na stranici {site} sa {old} na {new}. Potvrdite promjenu putem linka ispod.',
    button: 'Potvrdi novu adresu',
    validity: 'Link vrijedi 48 sati i može se iskoristiti samo jednom. Nakon promjene bit ćete odjavljeni na svim uređajima i prijavljujete se novom adresom.',
    ignore: 'Ako niste vi zatražili promjenu, zanemarite ovu poruku; adresa ostaje ista.',
  },
  mk: {
    subject: 'Потврдете ја новата е-адреса',
    greeting: 'Почитувани {name},',
    intro: 'Побаравте промена на е-адресата на вашата сметка на {site} од {old} во {new}. Потврдете ја промената преку врската подолу.',
    button: 'Потврди ја новата адреса',
    validity: 'Врската важи 48 часа и може да се искористи само еднаш. По промената ќе бидете одјавени на сите уреди и ќе се најавувате со новата адреса.',
    ignore: 'Ако не побаравте промена, занемарете ја оваа порака; адресата останува иста.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    greeting: 'Guten Tag {name},',
    intro: 'Sie möchten die E-Mail-Adresse Ihres Kontos bei {site} von {old} auf {new} ändern. Bestätigen Sie die Änderung über den folgenden Link.',
    button: 'Neue Adresse bestätigen',
    validity: 'Der Link ist 48 Stunden gültig und kann nur einmal verwendet werden. Nach der Änderung werden Sie auf allen Geräten abgemeldet und melden sich mit der neuen Adresse an.',
    ignore: 'Falls Sie diese Änderung nicht angefordert haben, ignorieren Sie diese E-Mail; die Adresse bleibt unverändert.',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    greeting: 'Bonjour {name},',
    intro: 'Vous avez demandé à remplacer l’adresse e-mail de votre compte sur {site}, {old}, par {new}. Confirmez la modification avec le lien ci-dessous.',
    button: 'Confirmer la nouvelle adresse',
    validity: 'Le lien est valable 48 heures et ne peut être utilisé qu’une seule fois. Après la modification, vous serez déconnecté de tous vos appareils et vous vous connecterez avec la nouvelle adresse.',
    ignore: 'Si vous n’avez pas demandé cette modification, ignorez cet e-mail ; l’adresse reste inchangée.',
  },
};

export function emailChangeMail(input: { locale: UiLocale; brand: MailBrand; name: string; oldEmail: string; newEmail: string; url: string }): RenderedMail {
  const t = EMAIL_CHANGE_TEXTS[input.locale];
  const vars = { name: input.name, old: input.oldEmail, new: input.newEmail, site: siteName(input.locale) };
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t.subject,
    greeting: fill(t.greeting, vars),
    before: [fill(t.intro, vars)],
    button: { label: t.button, url: input.url },
    after: [t.validity, t.ignore],
  });
}
