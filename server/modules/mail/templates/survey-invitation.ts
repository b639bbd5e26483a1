/**
 * The respondent's invitation and reminder: in the respondent's language, with their access code and the
 * questionnaire link (code filled in). States who does not take part and the anonymity promise.
 */
import type { UiLocale } from '../../../../shared/locales.js';
import { fill, renderMail, type MailBrand, type RenderedMail } from './layout.js';

interface Texts {
  inviteSubject: string;
  remindSubject: string;
  greeting: string;
  invite: string;
  remind: string;
  code: string;
  button: string;
  deadline: string;
  excluded: string;
  anonymity: string;
}

export const SURVEY_MAIL_TEXTS: Record<UiLocale, Texts> = {
  sl: {
    inviteSubject: 'Vabilo k anketi: {survey}',
    remindSubject: 'Opomnik: anketa {survey}',
    greeting: 'Pozdravljeni!',
    invite: 'Podjetje {company} vas vabi k sodelovanju v anketi o zadovoljstvu zaposlenih »{survey}«. Izpolnjevanje vzame približno {minutes} minut.',
    remind: 'Prijazno vas spominjamo na anketo o zadovoljstvu zaposlenih »{survey}« podjetja {company}. Če je še niste izpolnili, si vzemite približno {minutes} minut.',
    code: 'Vaša dostopna koda: {code}',
    button: 'Odpri vprašalnik',
    deadline: 'Anketa je odprta do {end}.',
    excluded: 'Lastniki, direktorji in člani uprave v anketi ne sodelujejo.',
    anonymity: 'Anketa je anonimna: odgovori se shranijo brez kode, naslova IP in časa, zato jih nihče, tudi skrbniki ne, ne more povezati z vami.',
  },
  en: {
    inviteSubject: 'Invitation to the survey: {survey}',
    remindSubject: 'Reminder: the survey {survey}',
    greeting: 'Hello,',
    invite: '{company} invites you to take part in the employee satisfaction survey "{survey}". It takes about {minutes} minutes.',
    remind: 'A friendly reminder of the employee satisfaction survey "{survey}" of {company}. If you have not answered it yet, please take about {minutes} minutes.',
    code: 'Your access code: {code}',
    button: 'Open the questionnaire',
    deadline: 'The survey is open until {end}.',
    excluded: 'Owners, directors and board members do not take part in the survey.',
    anonymity: 'The survey is anonymous: answers are stored without the code, IP address or time, so nobody, administrators included, can link them to you.',
  },
  hr: {
    inviteSubject: 'Poziv na istraživanje: {survey}',
    remindSubject: 'Podsjetnik: istraživanje {survey}',
    greeting: 'Poštovani,',
    invite: 'Tvrtka {company} poziva vas da sudjelujete u istraživanju zadovoljstva zaposlenika „{survey}”. Ispunjavanje traje oko {minutes} minuta.',
    remind: 'Ljubazno vas podsjećamo na istraživanje zadovoljstva zaposlenika „{survey}” tvrtke {company}. Ako ga još niste ispunili, odvojite oko {minutes} minuta.',
    code: 'Vaš pristupni kod: {code}',
    button: 'Otvori upitnik',
    deadline: 'Istraživanje je otvoreno do {end}.',
    excluded: 'Vlasnici, direktori i članovi uprave ne sudjeluju u istraživanju.',
    anonymity: 'Istraživanje je anonimno: odgovori se spremaju bez koda, IP adrese i vremena, pa ih nitko, ni administratori, ne može povezati s vama.',
  },
  sr: {
    inviteSubject: 'Poziv na istraživanje: {survey}',
    remindSubject: 'Podsetnik: istraživanje {survey}',
    greeting: 'Poštovani,',
    invite: 'Kompanija {company} vas poziva da učestvujete u istraživanju zadovoljstva zaposlenih „{survey}”. Popunjavanje traje oko {minutes} minuta.',
    remind: 'Ljubazno vas podsećamo na istraživanje zadovoljstva zaposlenih „{survey}” kompanije {company}. Ako ga još niste popunili, odvojite oko {minutes} minuta.',
    code: 'Vaš pristupni kod: {code}',
    button: 'Otvori upitnik',
    deadline: 'Istraživanje je otvoreno do {end}.',
    excluded: 'Vlasnici, direktori i članovi uprave ne učestvuju u istraživanju.',
    anonymity: 'Istraživanje je anonimno: odgovori se čuvaju bez koda, IP adrese i vremena, pa niko, ni administratori, ne može da ih poveže sa vama.',
  },
  bs: {
    inviteSubject: 'Poziv na istraživanje: {survey}',
    remindSubject: 'Podsjetnik: istraživanje {survey}',
    greeting: 'Poštovani,',
    invite: 'Kompanija {company} vas poziva da učestvujete u istraživanju zadovoljstva zaposlenika „{survey}”. Popunjavanje traje oko {minutes} minuta.',
    remind: 'Ljubazno vas podsjećamo na istraživanje zadovoljstva zaposlenika „{survey}” kompanije {company}. Ako ga još niste popunili, odvojite oko {minutes} minuta.',
    code: 'Vaš pristupni kod: {code}',
    button: 'Otvori upitnik',
    deadline: 'Istraživanje je otvoreno do {end}.',
    excluded: 'Vlasnici, direktori i članovi uprave ne učestvuju u istraživanju.',
    anonymity: 'Istraživanje je anonimno: odgovori se čuvaju bez koda, IP adrese i vremena, pa ih niko, ni administratori, ne može povezati s vama.',
  },
  mk: {
    inviteSubject: 'Покана за истражување: {survey}',
    remindSubject: 'Потсетник: истражување {survey}',
    greeting: 'Почитувани,',
    invite: 'Компанијата {company} ве поканува да учествувате во истражувањето за задоволството на вработените „{survey}“. Пополнувањето трае околу {minutes} минути.',
    remind: 'Љубезно ве потсетуваме на истражувањето за задоволството на вработените „{survey}“ на {company}. Ако сè уште не сте го пополниле, одвојте околу {minutes} минути.',
    code: 'Вашиот код за пристап: {code}',
    button: 'Отвори го прашалникот',
    deadline: 'Истражувањето е отворено до {end}.',
    excluded: 'Сопствениците, директорите и членовите на управата не учествуваат во истражувањето.',
    anonymity: 'Истражувањето е анонимно: одговорите се чуваат без кодот, IP-адресата и времето, па никој, ни администраторите, не може да ги поврзе со вас.',
  },
  de: {
    inviteSubject: 'Einladung zur Umfrage: {survey}',
    remindSubject: 'Erinnerung: Umfrage {survey}',
    greeting: 'Guten Tag,',
    invite: '{company} lädt Sie zur Mitarbeiterzufriedenheitsumfrage „{survey}“ ein. Die Teilnahme dauert etwa {minutes} Minuten.',
    remind: 'Wir erinnern Sie freundlich an die Mitarbeiterzufriedenheitsumfrage „{survey}“ von {company}. Falls Sie noch nicht teilgenommen haben, nehmen Sie sich bitte etwa {minutes} Minuten Zeit.',
    code: 'Ihr Zugangscode: {code}',
    button: 'Fragebogen öffnen',
    deadline: 'Die Umfrage ist bis {end} geöffnet.',
    excluded: 'Inhaber, Geschäftsführer und Vorstandsmitglieder nehmen an der Umfrage nicht teil.',
    anonymity: 'Die Umfrage ist anonym: Antworten werden ohne Code, IP-Adresse und Uhrzeit gespeichert, sodass niemand, auch kein Administrator, sie Ihnen zuordnen kann.',
  },
  fr: {
    inviteSubject: 'Invitation à l’enquête : {survey}',
    remindSubject: 'Rappel : enquête {survey}',
    greeting: 'Bonjour,',
    invite: '{company} vous invite à participer à l’enquête de satisfaction des salariés « {survey} ». Elle prend environ {minutes} minutes.',
    remind: 'Petit rappel concernant l’enquête de satisfaction des salariés « {survey} » de {company}. Si vous n’y avez pas encore répondu, prenez environ {minutes} minutes.',
    code: 'Votre code d’accès : {code}',
    button: 'Ouvrir le questionnaire',
    deadline: 'L’enquête est ouverte jusqu’au {end}.',
    excluded: 'Les propriétaires, les directeurs et les membres du conseil d’administration ne participent pas à l’enquête.',
    anonymity: 'L’enquête est anonyme : les réponses sont enregistrées sans le code, l’adresse IP ni l’heure ; personne, administrateurs compris, ne peut les relier à vous.',
  },
};

export function surveyInvitationMail(input: {
  kind: 'invite' | 'remind';
  locale: UiLocale;
  brand: MailBrand;
  company: string;
  survey: string;
  /** XXXXX-XXXXX */
  code: string;
  url: string;
  /** DD.MM.YYYY */
  end: string;
  minutes: number;
}): RenderedMail {
  const t = SURVEY_MAIL_TEXTS[input.locale];
  const vars = { company: input.company, survey: input.survey, code: input.code, end: input.end, minutes: String(input.minutes) };
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: fill(input.kind === 'invite' ? t.inviteSubject : t.remindSubject, vars),
    greeting: t.greeting,
    before: [fill(input.kind === 'invite' ? t.invite : t.remind, vars), fill(t.code, vars)],
    button: { label: t.button, url: input.url },
    after: [fill(t.deadline, vars), t.excluded, t.anonymity],
  });
}
