/** The password reset mail: a one-hour, single-use link. */
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

export const PASSWORD_RESET_TEXTS: Record<UiLocale, Texts> = {
  sl: {
    subject: 'Ponastavitev gesla',
    greeting: 'Pozdravljeni, {name}!',
    intro: 'Prejeli smo zahtevo za ponastavitev gesla vašega računa na spletnem mestu {site}. Novo geslo nastavite prek spodnje povezave.',
    button: 'Nastavi novo geslo',
    validity: 'Povezava velja 1 uro in jo lahko uporabite samo enkrat. Po ponastavitvi boste odjavljeni na vseh napravah.',
    ignore: 'Če ponastavitve niste zahtevali vi, lahko to sporočilo prezrete; vaše geslo ostane nespremenjeno.',
  },
  en: {
    subject: 'Reset your password',
    greeting: 'Hello {name},',
    intro: 'We received a request to reset the password of your account on {site}. Set a new password with the link below.',
    button: 'Set a new password',
    validity: 'The link is valid for 1 hour and can be used only once. After the reset you will be logged out on every device.',
    ignore: 'If you did not ask for a reset, you can ignore this e-mail; your password stays unchanged.',
  },
  hr: {
    subject: 'Ponovno postavljanje lozinke',
    greeting: 'Poštovani/a {name},',
    intro: 'Primili smo zahtjev za ponovno postavljanje lozinke vašeg računa na stranici {site}. Novu lozinku postavite putem poveznice u nastavku.',
    button: 'Postavi novu lozinku',
    validity: 'Poveznica vrijedi 1 sat i može se iskoristiti samo jednom. Nakon promjene bit ćete odjavljeni na svim uređajima.',
    ignore: 'Ako niste zatražili promjenu, zanemarite ovu poruku; vaša lozinka ostaje nepromijenjena.',
  },
  sr: {
    subject: 'Resetovanje lozinke',
    greeting: 'Poštovani/a {name},',
    intro: 'Primili smo zahtev za resetovanje lozinke vašeg naloga na sajtu {site}. Novu lozinku postavite preko linka ispod.',
    button: 'Postavi novu lozinku',
    validity: 'Link važi 1 sat i može se iskoristiti samo jednom. Posle resetovanja bićete odjavljeni na svim uređajima.',
    ignore: 'Ako niste vi zatražili resetovanje, zanemarite ovu poruku; vaša lozinka ostaje ista.',
  },
  bs: {
    subject: 'Resetovanje lozinke',
    greeting: 'Poštovani/a {name},',
    intro: 'Primili smo zahtjev za resetovanje lozinke vašeg računa na stranici {site}. Novu lozinku postavite putem linka ispod.',
    button: 'Postavi novu lozinku',
    validity: 'Link vrijedi 1 sat i može se iskoristiti samo jednom. Nakon resetovanja bit ćete odjavljeni na svim uređajima.',
    ignore: 'Ako niste vi zatražili resetovanje, zanemarite ovu poruku; vaša lozinka ostaje ista.',
  },
  mk: {
    subject: 'Ресетирање на лозинката',
    greeting: 'Почитувани {name},',
    intro: 'Добивме барање за ресетирање на лозинката на вашата сметка на {site}. Поставете нова лозинка преку врската подолу.',
    button: 'Постави нова лозинка',
    validity: 'Врската важи 1 час и може да се искористи само еднаш. По ресетирањето ќе бидете одјавени на сите уреди.',
    ignore: 'Ако не побаравте ресетирање, занемарете ја оваа порака; вашата лозинка останува иста.',
  },
  de: {
    subject: 'Passwort zurücksetzen',
    greeting: 'Guten Tag {name},',
    intro: 'Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei {site} zurückzusetzen. Legen Sie über den folgenden Link ein neues Passwort fest.',
    button: 'Neues Passwort festlegen',
    validity: 'Der Link ist 1 Stunde gültig und kann nur einmal verwendet werden. Danach werden Sie auf allen Geräten abgemeldet.',
    ignore: 'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
  },
  fr: {
    subject: 'Réinitialisation de votre mot de passe',
    greeting: 'Bonjour {name},',
    intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte sur {site}. Choisissez un nouveau mot de passe avec le lien ci-dessous.',
    button: 'Choisir un nouveau mot de passe',
    validity: 'Le lien est valable 1 heure et ne peut être utilisé qu’une seule fois. Après la réinitialisation, vous serez déconnecté de tous vos appareils.',
    ignore: 'Si vous n’avez pas fait cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.',
  },
};

export function passwordResetMail(input: { locale: UiLocale; brand: MailBrand; name: string; url: string }): RenderedMail {
  const t = PASSWORD_RESET_TEXTS[input.locale];
  const vars = { name: input.name, site: siteName(input.locale) };
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
