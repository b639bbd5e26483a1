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

/**
 * Texts of the paper questionnaire that the question bank does not have (the bank gives the title,
 * statements, scale labels, questions, the anonymity and participation texts and the thanks).
 */
export interface PaperTexts {
  codeLabel: string;
  /** {x} and {n}: this page and the form's page count. */
  pageOf: string;
  howTitle: string;
  howToMark: string;
  noName: string;
  returnTitle: string;
  returnForm: string;
  /** {date}: the survey's last day. */
  until: string;
  /** {url}: the questionnaire address without the scheme. */
  online: string;
  statementsTitle: string;
  continued: string;
  enpsTitle: string;
  esiTitle: string;
  aboutTitle: string;
  aboutHint: string;
  extraTitle: string;
  markOne: string;
  markAny: string;
  optional: string;
  comment: string;
  praiseTitle: string;
  /** On the page added to make the page count even (forms printed on both sides stay apart). */
  blank: string;
}

export const PAPER_TEXTS: Record<QuestionLanguageCode, PaperTexts> = {
  sl: {
    codeLabel: 'Koda vprašalnika',
    pageOf: 'Stran {x} od {n}',
    howTitle: 'Kako izpolnite vprašalnik',
    howToMark: 'Uporabite pisalo. Pri vsakem vprašanju označite en kvadratek s križcem (X). Če se zmotite, zapolnite napačni kvadratek v celoti in s križcem označite pravega.',
    noName: 'Na vprašalnik ne pišite svojega imena ali česar koli, po čemer bi vas lahko prepoznali.',
    returnTitle: 'Kako vrnete vprašalnik',
    returnForm: 'Izpolnjeni vprašalnik prepognite in ga oddajte v zaprto zbirno skrinjico na delovnem mestu.',
    until: 'Vprašalnike zbiramo do {date}.',
    online: 'Bi raje odgovorili na spletu? Skenirajte kodo QR na vrhu katere koli strani ali odprite {url} in vnesite kodo vprašalnika. Koda velja enkrat: na papirju ali na spletu, ne oboje.',
    statementsTitle: 'Trditve',
    continued: '(nadaljevanje)',
    enpsTitle: 'Priporočilo',
    esiTitle: 'Splošno zadovoljstvo',
    aboutTitle: 'O vas',
    aboutHint: 'Neobvezno. Odgovori služijo le primerjavi skupin z najmanj 5 osebami.',
    extraTitle: 'Dodatna vprašanja',
    markOne: 'Označite en kvadratek.',
    markAny: 'Označite vse, kar velja.',
    optional: '(neobvezno)',
    comment: 'Komentar',
    praiseTitle: 'Pohvale in kritike',
    blank: 'Ta stran je namenoma prazna.',
  },
  en: {
    codeLabel: 'Form code',
    pageOf: 'Page {x} of {n}',
    howTitle: 'How to fill in the form',
    howToMark: 'Use a pen. For each question, mark one box with a cross (X). To change an answer, fill the wrong box completely and cross the right one.',
    noName: 'Do not write your name or anything that could identify you on the form.',
    returnTitle: 'How to return the form',
    returnForm: 'Fold the completed form and put it in the closed collection box at your workplace.',
    until: 'Forms are collected until {date}.',
    online: 'Prefer to answer online? Scan the QR code at the top of any page, or open {url} and enter the form code. The code works once: on paper or online, not both.',
    statementsTitle: 'Statements',
    continued: '(continued)',
    enpsTitle: 'Recommendation',
    esiTitle: 'Overall satisfaction',
    aboutTitle: 'About you',
    aboutHint: 'Optional. The answers are only used to compare groups of at least 5 people.',
    extraTitle: 'Additional questions',
    markOne: 'Mark one box.',
    markAny: 'Mark all that apply.',
    optional: '(optional)',
    comment: 'Comment',
    praiseTitle: 'Praise and critique',
    blank: 'This page is intentionally left blank.',
  },
  hr: {
    codeLabel: 'Kod upitnika',
    pageOf: 'Stranica {x} od {n}',
    howTitle: 'Kako ispuniti upitnik',
    howToMark: 'Koristite kemijsku olovku. Kod svakog pitanja označite jedan kvadratić križićem (X). Ako pogriješite, potpuno zacrnite pogrešan kvadratić i križićem označite točan.',
    noName: 'Na upitnik ne pišite svoje ime ni bilo što po čemu bi vas se moglo prepoznati.',
    returnTitle: 'Kako vratiti upitnik',
    returnForm: 'Ispunjeni upitnik presavijte i ubacite u zatvorenu kutiju za prikupljanje na radnom mjestu.',
    until: 'Upitnici se prikupljaju do {date}.',
    online: 'Želite li radije odgovoriti online? Skenirajte QR kod na vrhu bilo koje stranice ili otvorite {url} i upišite kod upitnika. Kod vrijedi jednom: na papiru ili online, ne oboje.',
    statementsTitle: 'Tvrdnje',
    continued: '(nastavak)',
    enpsTitle: 'Preporuka',
    esiTitle: 'Opće zadovoljstvo',
    aboutTitle: 'O vama',
    aboutHint: 'Neobavezno. Odgovori služe samo za usporedbu skupina od najmanje 5 osoba.',
    extraTitle: 'Dodatna pitanja',
    markOne: 'Označite jedan kvadratić.',
    markAny: 'Označite sve što vrijedi.',
    optional: '(neobavezno)',
    comment: 'Komentar',
    praiseTitle: 'Pohvale i kritike',
    blank: 'Ova je stranica namjerno prazna.',
  },
  sr: {
    codeLabel: 'Kod upitnika',
    pageOf: 'Strana {x} od {n}',
    howTitle: 'Kako da popunite upitnik',
    howToMark: 'Koristite hemijsku olovku. Kod svakog pitanja označite jedan kvadratić krstićem (X). Ako pogrešite, potpuno popunite pogrešan kvadratić i krstićem označite tačan.',
    noName: 'Na upitnik ne pišite svoje ime niti bilo šta po čemu biste mogli biti prepoznati.',
    returnTitle: 'Kako da vratite upitnik',
    returnForm: 'Popunjeni upitnik presavijte i ubacite u zatvorenu kutiju za prikupljanje na radnom mestu.',
    until: 'Upitnici se prikupljaju do {date}.',
    online: 'Želite li radije da odgovorite onlajn? Skenirajte QR kod na vrhu bilo koje strane ili otvorite {url} i unesite kod upitnika. Kod važi jednom: na papiru ili onlajn, ne oba puta.',
    statementsTitle: 'Tvrdnje',
    continued: '(nastavak)',
    enpsTitle: 'Preporuka',
    esiTitle: 'Opšte zadovoljstvo',
    aboutTitle: 'O vama',
    aboutHint: 'Neobavezno. Odgovori služe samo za poređenje grupa od najmanje 5 osoba.',
    extraTitle: 'Dodatna pitanja',
    markOne: 'Označite jedan kvadratić.',
    markAny: 'Označite sve što važi.',
    optional: '(neobavezno)',
    comment: 'Komentar',
    praiseTitle: 'Pohvale i kritike',
    blank: 'Ova strana je namerno prazna.',
  },
  bs: {
    codeLabel: 'Kod upitnika',
    pageOf: 'Stranica {x} od {n}',
    howTitle: 'Kako popuniti upitnik',
    howToMark: 'Koristite hemijsku olovku. Kod svakog pitanja označite jedan kvadratić krstićem (X). Ako pogriješite, potpuno popunite pogrešan kvadratić i krstićem označite tačan.',
    noName: 'Na upitnik ne pišite svoje ime niti bilo šta po čemu biste mogli biti prepoznati.',
    returnTitle: 'Kako vratiti upitnik',
    returnForm: 'Popunjeni upitnik presavijte i ubacite u zatvorenu kutiju za prikupljanje na radnom mjestu.',
    until: 'Upitnici se prikupljaju do {date}.',
    online: 'Želite li radije odgovoriti online? Skenirajte QR kod na vrhu bilo koje stranice ili otvorite {url} i unesite kod upitnika. Kod važi jednom: na papiru ili online, ne oboje.',
    statementsTitle: 'Tvrdnje',
    continued: '(nastavak)',
    enpsTitle: 'Preporuka',
    esiTitle: 'Opće zadovoljstvo',
    aboutTitle: 'O vama',
    aboutHint: 'Neobavezno. Odgovori služe samo za poređenje grupa od najmanje 5 osoba.',
    extraTitle: 'Dodatna pitanja',
    markOne: 'Označite jedan kvadratić.',
    markAny: 'Označite sve što važi.',
    optional: '(neobavezno)',
    comment: 'Komentar',
    praiseTitle: 'Pohvale i kritike',
    blank: 'Ova stranica je namjerno prazna.',
  },
  mk: {
    codeLabel: 'Код на прашалникот',
    pageOf: 'Страница {x} од {n}',
    howTitle: 'Како да го пополните прашалникот',
    howToMark: 'Користете пенкало. Кај секое прашање означете едно квадратче со крстче (X). Ако згрешите, целосно пополнете го погрешното квадратче и со крстче означете го точното.',
    noName: 'Не пишувајте го вашето име ниту ништо според што би можеле да бидете препознаени.',
    returnTitle: 'Како да го вратите прашалникот',
    returnForm: 'Пополнетиот прашалник преклопете го и ставете го во затворената кутија за собирање на работното место.',
    until: 'Прашалниците се собираат до {date}.',
    online: 'Сакате да одговорите преку интернет? Скенирајте го QR-кодот на врвот на која било страница или отворете {url} и внесете го кодот на прашалникот. Кодот важи еднаш: на хартија или преку интернет, не двете.',
    statementsTitle: 'Тврдења',
    continued: '(продолжение)',
    enpsTitle: 'Препорака',
    esiTitle: 'Општо задоволство',
    aboutTitle: 'За вас',
    aboutHint: 'Незадолжително. Одговорите служат само за споредба на групи од најмалку 5 лица.',
    extraTitle: 'Дополнителни прашања',
    markOne: 'Означете едно квадратче.',
    markAny: 'Означете сѐ што важи.',
    optional: '(незадолжително)',
    comment: 'Коментар',
    praiseTitle: 'Пофалби и критики',
    blank: 'Оваа страница е намерно празна.',
  },
  de: {
    codeLabel: 'Bogen-Code',
    pageOf: 'Seite {x} von {n}',
    howTitle: 'So füllen Sie den Fragebogen aus',
    howToMark: 'Verwenden Sie einen Kugelschreiber. Kreuzen Sie bei jeder Frage ein Kästchen an (X). Um eine Antwort zu ändern, malen Sie das falsche Kästchen ganz aus und kreuzen Sie das richtige an.',
    noName: 'Schreiben Sie weder Ihren Namen noch etwas, woran man Sie erkennen könnte, auf den Bogen.',
    returnTitle: 'So geben Sie den Fragebogen ab',
    returnForm: 'Falten Sie den ausgefüllten Bogen und werfen Sie ihn in die verschlossene Sammelbox an Ihrem Arbeitsplatz.',
    until: 'Die Bögen werden bis {date} eingesammelt.',
    online: 'Lieber online antworten? Scannen Sie den QR-Code oben auf einer beliebigen Seite oder öffnen Sie {url} und geben Sie den Bogen-Code ein. Der Code gilt einmal: auf Papier oder online, nicht beides.',
    statementsTitle: 'Aussagen',
    continued: '(Fortsetzung)',
    enpsTitle: 'Weiterempfehlung',
    esiTitle: 'Allgemeine Zufriedenheit',
    aboutTitle: 'Zu Ihrer Person',
    aboutHint: 'Freiwillig. Die Angaben dienen nur dem Vergleich von Gruppen mit mindestens 5 Personen.',
    extraTitle: 'Zusätzliche Fragen',
    markOne: 'Kreuzen Sie ein Kästchen an.',
    markAny: 'Kreuzen Sie alles Zutreffende an.',
    optional: '(freiwillig)',
    comment: 'Kommentar',
    praiseTitle: 'Lob und Kritik',
    blank: 'Diese Seite bleibt absichtlich leer.',
  },
  fr: {
    codeLabel: 'Code du questionnaire',
    pageOf: 'Page {x} sur {n}',
    howTitle: 'Comment remplir le questionnaire',
    howToMark: 'Utilisez un stylo. Pour chaque question, cochez une case d’une croix (X). Pour changer une réponse, noircissez entièrement la mauvaise case et cochez la bonne.',
    noName: 'N’écrivez ni votre nom ni rien qui permette de vous reconnaître sur le questionnaire.',
    returnTitle: 'Comment rendre le questionnaire',
    returnForm: 'Pliez le questionnaire rempli et déposez-le dans l’urne fermée prévue sur votre lieu de travail.',
    until: 'Les questionnaires sont collectés jusqu’au {date}.',
    online: 'Vous préférez répondre en ligne ? Scannez le code QR en haut de n’importe quelle page ou ouvrez {url} et saisissez le code du questionnaire. Le code ne sert qu’une fois : sur papier ou en ligne, pas les deux.',
    statementsTitle: 'Affirmations',
    continued: '(suite)',
    enpsTitle: 'Recommandation',
    esiTitle: 'Satisfaction globale',
    aboutTitle: 'À propos de vous',
    aboutHint: 'Facultatif. Les réponses servent uniquement à comparer des groupes d’au moins 5 personnes.',
    extraTitle: 'Questions supplémentaires',
    markOne: 'Cochez une case.',
    markAny: 'Cochez tout ce qui s’applique.',
    optional: '(facultatif)',
    comment: 'Commentaire',
    praiseTitle: 'Éloges et critiques',
    blank: 'Cette page est volontairement laissée blanche.',
  },
};
