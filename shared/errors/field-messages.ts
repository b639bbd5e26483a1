import { FALLBACK_UI_LOCALE, type UiLocale } from '../locales.js';

/**
 * Field-level validation messages. A shared zod schema sets `error: 'field:<key>'` on a rule; the
 * server's validator and the browser's forms both turn that into this text in the page's language.
 * Issues without such a key get zod's own localized message.
 */
export const FIELD_MESSAGE_KEYS = [
  'required',
  'email-invalid',
  'password-too-short',
  'password-mismatch',
  'terms-required',
  'tax-number-invalid',
  'phone-invalid',
  'too-long',
  'employee-parts-exceed-total',
  'number-invalid',
  'choose-option',
  'same-as-current',
] as const;
export type FieldMessageKey = (typeof FIELD_MESSAGE_KEYS)[number];

export const FIELD_MESSAGE_PREFIX = 'field:';
export const fieldError = (key: FieldMessageKey) => `${FIELD_MESSAGE_PREFIX}${key}`;

export const FIELD_MESSAGES: Record<UiLocale, Record<FieldMessageKey, string>> = {
  en: {
    required: 'This field is required.',
    'email-invalid': 'Enter a valid e-mail address.',
    'password-too-short': 'The password must have at least 6 characters.',
    'password-mismatch': 'The passwords do not match.',
    'terms-required': 'You must accept the terms of use.',
    'tax-number-invalid': 'This tax number is not valid.',
    'phone-invalid': 'Enter a valid phone number.',
    'too-long': 'This text is too long.',
    'employee-parts-exceed-total': 'The parts may not add up to more than the total number of employees.',
    'number-invalid': 'Enter a whole number, 0 or more.',
    'choose-option': 'Choose one of the options.',
    'same-as-current': 'The new value is the same as the current one.',
  },
  sl: {
    required: 'To polje je obvezno.',
    'email-invalid': 'Vnesite veljaven e-poštni naslov.',
    'password-too-short': 'Geslo mora imeti vsaj 6 znakov.',
    'password-mismatch': 'Gesli se ne ujemata.',
    'terms-required': 'Sprejeti morate pogoje uporabe.',
    'tax-number-invalid': 'Davčna številka ni veljavna.',
    'phone-invalid': 'Vnesite veljavno telefonsko številko.',
    'too-long': 'Besedilo je predolgo.',
    'employee-parts-exceed-total': 'Deli skupaj ne smejo presegati skupnega števila zaposlenih.',
    'number-invalid': 'Vnesite celo število, 0 ali več.',
    'choose-option': 'Izberite eno od možnosti.',
    'same-as-current': 'Nova vrednost je enaka trenutni.',
  },
  hr: {
    required: 'Ovo polje je obavezno.',
    'email-invalid': 'Upišite ispravnu e-mail adresu.',
    'password-too-short': 'Lozinka mora imati najmanje 6 znakova.',
    'password-mismatch': 'Lozinke se ne podudaraju.',
    'terms-required': 'Morate prihvatiti uvjete korištenja.',
    'tax-number-invalid': 'Porezni broj nije ispravan.',
    'phone-invalid': 'Upišite ispravan broj telefona.',
    'too-long': 'Tekst je predug.',
    'employee-parts-exceed-total': 'Dijelovi zajedno ne smiju premašiti ukupan broj zaposlenika.',
    'number-invalid': 'Upišite cijeli broj, 0 ili više.',
    'choose-option': 'Odaberite jednu od mogućnosti.',
    'same-as-current': 'Nova vrijednost jednaka je trenutnoj.',
  },
  sr: {
    required: 'Ovo polje je obavezno.',
    'email-invalid': 'Unesite ispravnu e-mail adresu.',
    'password-too-short': 'Lozinka mora imati najmanje 6 znakova.',
    'password-mismatch': 'Lozinke se ne podudaraju.',
    'terms-required': 'Morate prihvatiti uslove korišćenja.',
    'tax-number-invalid': 'Poreski broj nije ispravan.',
    'phone-invalid': 'Unesite ispravan broj telefona.',
    'too-long': 'Tekst je predugačak.',
    'employee-parts-exceed-total': 'Delovi zajedno ne smeju premašiti ukupan broj zaposlenih.',
    'number-invalid': 'Unesite ceo broj, 0 ili više.',
    'choose-option': 'Izaberite jednu od opcija.',
    'same-as-current': 'Nova vrednost je ista kao trenutna.',
  },
  bs: {
    required: 'Ovo polje je obavezno.',
    'email-invalid': 'Unesite ispravnu e-mail adresu.',
    'password-too-short': 'Lozinka mora imati najmanje 6 znakova.',
    'password-mismatch': 'Lozinke se ne podudaraju.',
    'terms-required': 'Morate prihvatiti uslove korištenja.',
    'tax-number-invalid': 'Porezni broj nije ispravan.',
    'phone-invalid': 'Unesite ispravan broj telefona.',
    'too-long': 'Tekst je predug.',
    'employee-parts-exceed-total': 'Dijelovi zajedno ne smiju premašiti ukupan broj zaposlenih.',
    'number-invalid': 'Unesite cijeli broj, 0 ili više.',
    'choose-option': 'Odaberite jednu od opcija.',
    'same-as-current': 'Nova vrijednost je ista kao trenutna.',
  },
  mk: {
    required: 'Ова поле е задолжително.',
    'email-invalid': 'Внесете валидна е-адреса.',
    'password-too-short': 'Лозинката мора да има најмалку 6 знаци.',
    'password-mismatch': 'Лозинките не се совпаѓаат.',
    'terms-required': 'Мора да ги прифатите условите за користење.',
    'tax-number-invalid': 'Даночниот број не е валиден.',
    'phone-invalid': 'Внесете валиден телефонски број.',
    'too-long': 'Текстот е предолг.',
    'employee-parts-exceed-total': 'Деловите заедно не смеат да го надминат вкупниот број вработени.',
    'number-invalid': 'Внесете цел број, 0 или повеќе.',
    'choose-option': 'Изберете една од можностите.',
    'same-as-current': 'Новата вредност е иста како тековната.',
  },
  de: {
    required: 'Dieses Feld ist erforderlich.',
    'email-invalid': 'Geben Sie eine gültige E-Mail-Adresse ein.',
    'password-too-short': 'Das Passwort muss mindestens 6 Zeichen haben.',
    'password-mismatch': 'Die Passwörter stimmen nicht überein.',
    'terms-required': 'Sie müssen die Nutzungsbedingungen akzeptieren.',
    'tax-number-invalid': 'Diese Steuernummer ist ungültig.',
    'phone-invalid': 'Geben Sie eine gültige Telefonnummer ein.',
    'too-long': 'Der Text ist zu lang.',
    'employee-parts-exceed-total': 'Die Teile dürfen zusammen die Gesamtzahl der Beschäftigten nicht übersteigen.',
    'number-invalid': 'Geben Sie eine ganze Zahl ab 0 ein.',
    'choose-option': 'Wählen Sie eine der Möglichkeiten.',
    'same-as-current': 'Der neue Wert entspricht dem aktuellen.',
  },
  fr: {
    required: 'Ce champ est obligatoire.',
    'email-invalid': 'Saisissez une adresse e-mail valide.',
    'password-too-short': 'Le mot de passe doit comporter au moins 6 caractères.',
    'password-mismatch': 'Les mots de passe ne correspondent pas.',
    'terms-required': 'Vous devez accepter les conditions d’utilisation.',
    'tax-number-invalid': 'Ce numéro fiscal n’est pas valide.',
    'phone-invalid': 'Saisissez un numéro de téléphone valide.',
    'too-long': 'Ce texte est trop long.',
    'employee-parts-exceed-total': 'La somme des parties ne peut pas dépasser le nombre total de salariés.',
    'number-invalid': 'Saisissez un nombre entier positif ou nul.',
    'choose-option': 'Choisissez l’une des options.',
    'same-as-current': 'La nouvelle valeur est identique à l’actuelle.',
  },
};

/** Turns a schema's 'field:<key>' message into text in the locale; other messages pass through. */
export function localizeFieldMessage(message: string, locale: UiLocale): string {
  if (!message.startsWith(FIELD_MESSAGE_PREFIX)) return message;
  const key = message.slice(FIELD_MESSAGE_PREFIX.length) as FieldMessageKey;
  return FIELD_MESSAGES[locale]?.[key] ?? FIELD_MESSAGES[FALLBACK_UI_LOCALE][key] ?? message;
}
