/** The company's mails after the administrator's review: approved (codes ready) or changes requested (with the comment). */
import type { UiLocale } from '../../../../shared/locales.js';
import { fill, renderMail, type MailBrand, type RenderedMail } from './layout.js';

interface Texts {
  approvedSubject: string;
  approved: string;
  schedule: string;
  changesSubject: string;
  changes: string;
  comment: string;
  greeting: string;
  button: string;
}

export const APPLICATION_REVIEW_TEXTS: Record<UiLocale, Texts> = {
  sl: {
    approvedSubject: 'Prijava odobrena: {survey}',
    approved: 'Vašo prijavo za anketo »{survey}« smo odobrili. Dostopne kode lahko prenesete v svojem profilu.',
    schedule: 'Anketa se začne {start}; vabilo bo poslano {invitation}.',
    changesSubject: 'Prijava potrebuje popravke: {survey}',
    changes: 'Vašo prijavo za anketo »{survey}« smo pregledali in vas prosimo za nekaj popravkov. Prijavo lahko znova uredite in pošljete.',
    comment: 'Komentar skrbnika: {comment}',
    greeting: 'Pozdravljeni!',
    button: 'Odpri prijavo',
  },
  en: {
    approvedSubject: 'Application approved: {survey}',
    approved: 'Your application for the survey "{survey}" has been approved. You can download the access codes in your profile.',
    schedule: 'The survey starts on {start}; the invitation will be sent on {invitation}.',
    changesSubject: 'Your application needs changes: {survey}',
    changes: 'We have reviewed your application for the survey "{survey}" and ask you for a few changes. You can edit and send it again.',
    comment: 'The administrator’s comment: {comment}',
    greeting: 'Hello,',
    button: 'Open the application',
  },
  hr: {
    approvedSubject: 'Prijava odobrena: {survey}',
    approved: 'Vaša prijava za istraživanje „{survey}” je odobrena. Pristupne kodove možete preuzeti u svom profilu.',
    schedule: 'Istraživanje počinje {start}; poziv će biti poslan {invitation}.',
    changesSubject: 'Prijava treba izmjene: {survey}',
    changes: 'Pregledali smo vašu prijavu za istraživanje „{survey}” i molimo vas za nekoliko izmjena. Prijavu možete ponovno urediti i poslati.',
    comment: 'Komentar administratora: {comment}',
    greeting: 'Poštovani,',
    button: 'Otvori prijavu',
  },
  sr: {
    approvedSubject: 'Prijava odobrena: {survey}',
    approved: 'Vaša prijava za istraživanje „{survey}” je odobrena. Pristupne kodove možete preuzeti u svom profilu.',
    schedule: 'Istraživanje počinje {start}; poziv će biti poslat {invitation}.',
    changesSubject: 'Prijava zahteva izmene: {survey}',
    changes: 'Pregledali smo vašu prijavu za istraživanje „{survey}” i molimo vas za nekoliko izmena. Prijavu možete ponovo urediti i poslati.',
    comment: 'Komentar administratora: {comment}',
    greeting: 'Poštovani,',
    button: 'Otvori prijavu',
  },
  bs: {
    approvedSubject: 'Prijava odobrena: {survey}',
    approved: 'Vaša prijava za istraživanje „{survey}” je odobrena. Pristupne kodove možete preuzeti u svom profilu.',
    schedule: 'Istraživanje počinje {start}; poziv će biti poslan {invitation}.',
    changesSubject: 'Prijava zahtijeva izmjene: {survey}',
    changes: 'Pregledali smo vašu prijavu za istraživanje „{survey}” i molimo vas za nekoliko izmjena. Prijavu možete ponovo urediti i poslati.',
    comment: 'Komentar administratora: {comment}',
    greeting: 'Poštovani,',
    button: 'Otvori prijavu',
  },
  mk: {
    approvedSubject: 'Пријавата е одобрена: {survey}',
    approved: 'Вашата пријава за истражувањето „{survey}“ е одобрена. Кодовите за пристап можете да ги преземете во вашиот профил.',
    schedule: 'Истражувањето започнува на {start}; поканата ќе биде испратена на {invitation}.',
    changesSubject: 'Пријавата бара измени: {survey}',
    changes: 'Ја прегледавме вашата пријава за истражувањето „{survey}“ и ве молиме за неколку измени. Пријавата можете повторно да ја уредите и испратите.',
    comment: 'Коментар од администраторот: {comment}',
    greeting: 'Почитувани,',
    button: 'Отвори ја пријавата',
  },
  de: {
    approvedSubject: 'Anmeldung genehmigt: {survey}',
    approved: 'Ihre Anmeldung für die Umfrage „{survey}“ wurde genehmigt. Die Zugangscodes können Sie in Ihrem Profil herunterladen.',
    schedule: 'Die Umfrage beginnt am {start}; die Einladung wird am {invitation} versendet.',
    changesSubject: 'Ihre Anmeldung braucht Änderungen: {survey}',
    changes: 'Wir haben Ihre Anmeldung für die Umfrage „{survey}“ geprüft und bitten Sie um einige Änderungen. Sie können sie bearbeiten und erneut senden.',
    comment: 'Kommentar des Administrators: {comment}',
    greeting: 'Guten Tag,',
    button: 'Anmeldung öffnen',
  },
  fr: {
    approvedSubject: 'Demande approuvée : {survey}',
    approved: 'Votre demande pour l’enquête « {survey} » a été approuvée. Vous pouvez télécharger les codes d’accès dans votre profil.',
    schedule: 'L’enquête commence le {start} ; l’invitation sera envoyée le {invitation}.',
    changesSubject: 'Votre demande doit être modifiée : {survey}',
    changes: 'Nous avons examiné votre demande pour l’enquête « {survey} » et vous demandons quelques modifications. Vous pouvez la modifier et l’envoyer à nouveau.',
    comment: 'Commentaire de l’administrateur : {comment}',
    greeting: 'Bonjour,',
    button: 'Ouvrir la demande',
  },
};

export function applicationReviewMail(input: {
  decision: 'approved' | 'changes_requested';
  locale: UiLocale;
  brand: MailBrand;
  survey: string;
  url: string;
  /** DD.MM.YYYY and DD.MM.YYYY HH:MM (approved). */
  start?: string;
  invitation?: string;
  comment?: string;
}): RenderedMail {
  const t = APPLICATION_REVIEW_TEXTS[input.locale];
  const vars = { survey: input.survey, start: input.start ?? '', invitation: input.invitation ?? '', comment: input.comment ?? '' };
  const approved = input.decision === 'approved';
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: fill(approved ? t.approvedSubject : t.changesSubject, vars),
    greeting: t.greeting,
    before: approved ? [fill(t.approved, vars), fill(t.schedule, vars)] : [fill(t.changes, vars), fill(t.comment, vars)],
    button: { label: t.button, url: input.url },
    after: [],
  });
}
