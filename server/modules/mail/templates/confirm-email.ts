/** The e-mail confirmation mail after registration (and on resend): a 48-hour, single-use link. */
import type { UiLocale } from '../../../../shared/locales.js';
import { fill, renderMail, siteName, type MailBrand, type RenderedMail } from './layout.js';

interface Texts {
  subject: string;
  greeting: string;
  intro: string;
  introResend: string;
  button: string;
  validity: string;
  ignore: string;
}

export const CONFIRM_EMAIL_TEXTS: Record<UiLocale, Texts> = {
  sl: {
    subject: 'Potrdite svoj e-poštni naslov',
    greeting: 'Pozdravljeni, {name}!',
    intro: 'Hvala, ker ste podjetje {company} registrirali na spletnem mestu {site}. Za dokončanje registracije potrdite svoj e-poštni naslov.',
    introResend: 'Zahtevali ste novo povezavo za potrditev e-poštnega naslova za podjetje {company} na spletnem mestu {site}.',
    button: 'Potrdi e-poštni naslov',
    validity: 'Povezava velja 48 ur in jo lahko uporabite samo enkrat.',
    ignore: 'Če se niste registrirali vi, lahko to sporočilo prezrete.',
  },
  en: {
    subject: 'Confirm your e-mail address',
    greeting: 'Hello {name},',
    intro: 'Thank you for registering {company} on {site}. Please confirm your e-mail address to complete the registration.',
    introResend: 'You asked for a new link to confirm the e-mail address for {company} on {site}.',
    button: 'Confirm e-mail address',
    validity: 'The link is valid for 48 hours and can be used only once.',
    ignore: 'If you did not register, you can ignore this e-mail.',
  },
  hr: {
    subject: 'Potvrdite svoju e-mail adresu',
    greeting: 'Poštovani/a {name},',
    intro: 'Hvala što ste tvrtku {company} registrirali na stranici {site}. Za dovršetak registracije potvrdite svoju e-mail adresu.',
    introResend: 'Zatražili ste novu poveznicu za potvrdu e-mail adrese za tvrtku {company} na stranici {site}.',
    button: 'Potvrdi e-mail adresu',
    validity: 'Poveznica vrijedi 48 sati i može se iskoristiti samo jednom.',
    ignore: 'Ako se niste registrirali vi, slobodno zanemarite ovu poruku.',
  },
  sr: {
    subject: 'Potvrdite svoju e-mail adresu',
    greeting: 'Poštovani/a {name},',
    intro: 'Hvala što ste kompaniju {company} registrovali na sajtu {site}. Da biste završili registraciju, potvrdite svoju e-mail adresu.',
    introResend: 'Zatražili ste novi link za potvrdu e-mail adrese za kompaniju {company} na sajtu {site}.',
    button: 'Potvrdi e-mail adresu',
    validity: 'Link važi 48 sati i može se iskoristiti samo jednom.',
    ignore: 'Ako se niste vi registrovali, slobodno zanemarite ovu poruku.',
  },
  bs: {
    subject: 'Potvrdite svoju e-mail adresu',
    greeting: 'Poštovani/a {name},',
    intro: 'Hvala što ste firmu {company} registrovali na stranici {site}. Da biste završili registraciju, potvrdite svoju e-mail adresu.',
    introResend: 'Zatražili ste novi link za potvrdu e-mail adrese za firmu {company} na stranici {site}.',
    button: 'Potvrdi e-mail adresu',
    validity: 'Link vrijedi 48 sati i može se iskoristiti samo jednom.',
    ignore: 'Ako se niste vi registrovali, slobodno zanemarite ovu poruku.',
  },
  mk: {
    subject: 'Потврдете ја вашата е-адреса',
    greeting: 'Почитувани {name},',
    intro: 'Ви благодариме што ја регистриравте компанијата {company} на {site}. За да ја завршите регистрацијата, потврдете ја вашата е-адреса.',
    introResend: 'Побаравте нова врска за потврда на е-адресата за компанијата {company} на {site}.',
    button: 'Потврди ја е-адресата',
    validity: 'Врската важи 48 часа и може да се искористи само еднаш.',
    ignore: 'Ако не сте се регистрирале вие, слободно занемарете ја оваа порака.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    greeting: 'Guten Tag {name},',
    intro: 'Vielen Dank, dass Sie {company} bei {site} registriert haben. Bitte bestätigen Sie Ihre E-Mail-Adresse, um die Registrierung abzuschließen.',
    introResend: 'Sie haben einen neuen Link zur Bestätigung der E-Mail-Adresse für {company} bei {site} angefordert.',
    button: 'E-Mail-Adresse bestätigen',
    validity: 'Der Link ist 48 Stunden gültig und kann nur einmal verwendet werden.',
    ignore: 'Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail',
    greeting: 'Bonjour {name},',
    intro: 'Merci d’avoir inscrit {company} sur {site}. Veuillez confirmer votre adresse e-mail pour terminer l’inscription.',
    introResend: 'Vous avez demandé un nouveau lien pour confirmer l’adresse e-mail de {company} sur {site}.',
    button: 'Confirmer l’adresse e-mail',
    validity: 'Le lien est valable 48 heures et ne peut être utilisé qu’une seule fois.',
    ignore: 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail.',
  },
};

export function confirmEmailMail(input: { locale: UiLocale; brand: MailBrand; name: string; company: string; url: string; resend?: boolean }): RenderedMail {
  const t = CONFIRM_EMAIL_TEXTS[input.locale];
  const vars = { name: input.name, company: input.company, site: siteName(input.locale) };
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t.subject,
    greeting: fill(t.greeting, vars),
    before: [fill(input.resend ? t.introResend : t.intro, vars)],
    button: { label: t.button, url: input.url },
    after: [t.validity, t.ignore],
  });
}
