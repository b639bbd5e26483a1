import type { QuestionLanguageCode } from '../shared/locales.js';

/** Texts printed on code slips, in every question language (a slip is printed in the survey's language). */
export interface SlipTexts {
  title: string;
  codeLabel: string;
  /** {url} is replaced by the questionnaire address. */
  howTo: string;
  anonymity: string;
  notFor: string;
  until: string;
  cutHere: string;
}

export const SLIP_TEXTS: Record<QuestionLanguageCode, SlipTexts> = {
  sl: {
    title: 'Vprašalnik o zadovoljstvu zaposlenih',
    codeLabel: 'Vaša dostopna koda',
    howTo: 'Skenirajte kodo QR ali odprite {url} in vnesite kodo.',
    anonymity: 'Vprašalnik je anonimen: vaših odgovorov ni mogoče povezati z vami.',
    notFor: 'Lastniki, direktorji in člani uprave ne sodelujejo.',
    until: 'Odgovorite lahko do {date}.',
    cutHere: 'Izrežite po črtkani črti',
  },
  en: {
    title: 'Employee satisfaction survey',
    codeLabel: 'Your access code',
    howTo: 'Scan the QR code or open {url} and enter the code.',
    anonymity: 'The survey is anonymous: your answers cannot be linked to you.',
    notFor: 'Owners, directors and board members do not take part.',
    until: 'You can answer until {date}.',
    cutHere: 'Cut along the dashed lines',
  },
  hr: {
    title: 'Upitnik o zadovoljstvu zaposlenika',
    codeLabel: 'Vaš pristupni kod',
    howTo: 'Skenirajte QR kod ili otvorite {url} i upišite kod.',
    anonymity: 'Upitnik je anoniman: vaši se odgovori ne mogu povezati s vama.',
    notFor: 'Vlasnici, direktori i članovi uprave ne sudjeluju.',
    until: 'Odgovoriti možete do {date}.',
    cutHere: 'Izrežite po isprekidanim crtama',
  },
  sr: {
    title: 'Upitnik o zadovoljstvu zaposlenih',
    codeLabel: 'Vaš pristupni kod',
    howTo: 'Skenirajte QR kod ili otvorite {url} i unesite kod.',
    anonymity: 'Upitnik je anoniman: vaši odgovori ne mogu se povezati sa vama.',
    notFor: 'Vlasnici, direktori i članovi uprave ne učestvuju.',
    until: 'Možete odgovoriti do {date}.',
    cutHere: 'Isecite duž isprekidanih linija',
  },
  bs: {
    title: 'Upitnik o zadovoljstvu zaposlenih',
    codeLabel: 'Vaš pristupni kod',
    howTo: 'Skenirajte QR kod ili otvorite {url} i unesite kod.',
    anonymity: 'Upitnik je anoniman: vaši odgovori ne mogu se povezati s vama.',
    notFor: 'Vlasnici, direktori i članovi uprave ne učestvuju.',
    until: 'Možete odgovoriti do {date}.',
    cutHere: 'Izrežite duž isprekidanih linija',
  },
  mk: {
    title: 'Прашалник за задоволството на вработените',
    codeLabel: 'Вашиот код за пристап',
    howTo: 'Скенирајте го QR-кодот или отворете {url} и внесете го кодот.',
    anonymity: 'Прашалникот е анонимен: вашите одговори не може да се поврзат со вас.',
    notFor: 'Сопствениците, директорите и членовите на управата не учествуваат.',
    until: 'Може да одговорите до {date}.',
    cutHere: 'Исечете по испрекинатите линии',
  },
  de: {
    title: 'Mitarbeiterzufriedenheitsumfrage',
    codeLabel: 'Ihr Zugangscode',
    howTo: 'Scannen Sie den QR-Code oder öffnen Sie {url} und geben Sie den Code ein.',
    anonymity: 'Die Umfrage ist anonym: Ihre Antworten lassen sich Ihnen nicht zuordnen.',
    notFor: 'Eigentümer, Geschäftsführer und Vorstandsmitglieder nehmen nicht teil.',
    until: 'Sie können bis {date} antworten.',
    cutHere: 'Entlang der gestrichelten Linien ausschneiden',
  },
  fr: {
    title: 'Enquête sur la satisfaction des salariés',
    codeLabel: 'Votre code d’accès',
    howTo: 'Scannez le code QR ou ouvrez {url} et saisissez le code.',
    anonymity: 'L’enquête est anonyme : vos réponses ne peuvent pas vous être associées.',
    notFor: 'Les propriétaires, dirigeants et membres du conseil ne participent pas.',
    until: 'Vous pouvez répondre jusqu’au {date}.',
    cutHere: 'Découpez le long des lignes pointillées',
  },
};
