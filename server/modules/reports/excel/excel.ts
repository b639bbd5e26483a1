/**
 * Report Excel (issue 6): what the three workbooks share — the texts in the 8 report languages,
 * ASCII-safe sheet names, header styling and the streaming writer that ends in a stream or a Buffer.
 *
 * The workbooks themselves: ./excel-v1.ts (aggregated tables), ./excel-v2.ts (anonymised response
 * matrix, coarsened by ./anonymised-matrix.ts) and ./excel-puls.ts (PULS rounds and trend). Every
 * workbook is written with exceljs's streaming WorkbookWriter, so a large survey never holds a whole
 * workbook model in memory. Renderers only render: numbers come from the statistics module.
 */
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { QuestionLanguageCode } from '../../../../shared/locales.js';
import type { ReportProtection } from '../../../../shared/schemas/report.js';

export type ReportLanguage = QuestionLanguageCode;

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

type TextKey =
  | 'summary'
  | 'categories'
  | 'statements'
  | 'extraQuestions'
  | 'comments'
  | 'responses'
  | 'freeText'
  | 'columns'
  | 'trend'
  | 'round'
  | 'department'
  | 'location'
  | 'gender'
  | 'age_group'
  | 'tenure'
  | 'education'
  | 'position_level'
  | 'company'
  | 'survey'
  | 'period'
  | 'responsesTotal'
  | 'online'
  | 'kiosk'
  | 'paper'
  | 'employees'
  | 'occupancy'
  | 'moe90'
  | 'moe95'
  | 'esi'
  | 'enps'
  | 'promoters'
  | 'passives'
  | 'detractors'
  | 'minGroup'
  | 'filter'
  | 'figure'
  | 'value'
  | 'category'
  | 'statement'
  | 'id'
  | 'text'
  | 'mean'
  | 'favourable'
  | 'n'
  | 'group'
  | 'noAnswer'
  | 'hiddenBelow'
  | 'hiddenProtect'
  | 'question'
  | 'answer'
  | 'count'
  | 'share'
  | 'praiseCritique'
  | 'commentOn'
  | 'other'
  | 'withheld'
  | 'column'
  | 'meaning'
  | 'protection'
  | 'leftOutSmall'
  | 'leftOutOneGroup'
  | 'change'
  | 'kind'
  | 'everyone';

const TEXTS: Record<TextKey, Record<ReportLanguage, string>> = {
  summary: { hr: 'Sažetak', en: 'Summary', sl: 'Povzetek', sr: 'Rezime', bs: 'Sažetak', mk: 'Резиме', de: 'Übersicht', fr: 'Synthèse' },
  categories: { hr: 'Kategorije', en: 'Categories', sl: 'Kategorije', sr: 'Kategorije', bs: 'Kategorije', mk: 'Категории', de: 'Kategorien', fr: 'Catégories' },
  statements: { hr: 'Tvrdnje', en: 'Statements', sl: 'Trditve', sr: 'Tvrdnje', bs: 'Tvrdnje', mk: 'Изјави', de: 'Aussagen', fr: 'Affirmations' },
  extraQuestions: { hr: 'Dodatna pitanja', en: 'Extra questions', sl: 'Dodatna vprašanja', sr: 'Dodatna pitanja', bs: 'Dodatna pitanja', mk: 'Дополнителни прашања', de: 'Zusatzfragen', fr: 'Questions supplémentaires' },
  comments: { hr: 'Komentari', en: 'Comments', sl: 'Komentarji', sr: 'Komentari', bs: 'Komentari', mk: 'Коментари', de: 'Kommentare', fr: 'Commentaires' },
  responses: { hr: 'Odgovori', en: 'Responses', sl: 'Odgovori', sr: 'Odgovori', bs: 'Odgovori', mk: 'Одговори', de: 'Antworten', fr: 'Réponses' },
  freeText: { hr: 'Slobodni tekst', en: 'Free text', sl: 'Prosto besedilo', sr: 'Slobodan tekst', bs: 'Slobodni tekst', mk: 'Слободен текст', de: 'Freitext', fr: 'Texte libre' },
  columns: { hr: 'Stupci', en: 'Columns', sl: 'Stolpci', sr: 'Kolone', bs: 'Kolone', mk: 'Колони', de: 'Spalten', fr: 'Colonnes' },
  trend: { hr: 'Trend', en: 'Trend', sl: 'Trend', sr: 'Trend', bs: 'Trend', mk: 'Тренд', de: 'Trend', fr: 'Tendance' },
  round: { hr: 'Krug', en: 'Round', sl: 'Krog', sr: 'Krug', bs: 'Krug', mk: 'Круг', de: 'Runde', fr: 'Vague' },
  department: { hr: 'Odjel', en: 'Department', sl: 'Oddelek', sr: 'Odeljenje', bs: 'Odjel', mk: 'Оддел', de: 'Abteilung', fr: 'Service' },
  location: { hr: 'Lokacija', en: 'Location', sl: 'Lokacija', sr: 'Lokacija', bs: 'Lokacija', mk: 'Локација', de: 'Standort', fr: 'Site' },
  gender: { hr: 'Spol', en: 'Gender', sl: 'Spol', sr: 'Pol', bs: 'Spol', mk: 'Пол', de: 'Geschlecht', fr: 'Genre' },
  age_group: { hr: 'Dob', en: 'Age', sl: 'Starost', sr: 'Starost', bs: 'Starost', mk: 'Возраст', de: 'Alter', fr: 'Âge' },
  tenure: { hr: 'Staž u tvrtki', en: 'Tenure', sl: 'Delovna doba', sr: 'Staž u kompaniji', bs: 'Staž u preduzeću', mk: 'Стаж', de: 'Betriebszugehörigkeit', fr: 'Ancienneté' },
  education: { hr: 'Obrazovanje', en: 'Education', sl: 'Izobrazba', sr: 'Obrazovanje', bs: 'Obrazovanje', mk: 'Образование', de: 'Ausbildung', fr: 'Formation' },
  position_level: { hr: 'Razina pozicije', en: 'Position level', sl: 'Raven delovnega mesta', sr: 'Nivo pozicije', bs: 'Nivo pozicije', mk: 'Ниво на позиција', de: 'Position', fr: 'Niveau de poste' },
  company: { hr: 'Tvrtka', en: 'Company', sl: 'Podjetje', sr: 'Kompanija', bs: 'Preduzeće', mk: 'Компанија', de: 'Unternehmen', fr: 'Entreprise' },
  survey: { hr: 'Istraživanje', en: 'Survey', sl: 'Raziskava', sr: 'Istraživanje', bs: 'Istraživanje', mk: 'Истражување', de: 'Umfrage', fr: 'Enquête' },
  period: { hr: 'Razdoblje', en: 'Period', sl: 'Obdobje', sr: 'Period', bs: 'Period', mk: 'Период', de: 'Zeitraum', fr: 'Période' },
  responsesTotal: { hr: 'Broj odgovora', en: 'Responses', sl: 'Število odgovorov', sr: 'Broj odgovora', bs: 'Broj odgovora', mk: 'Број на одговори', de: 'Antworten', fr: 'Réponses' },
  online: { hr: 'Online', en: 'Online', sl: 'Splet', sr: 'Onlajn', bs: 'Online', mk: 'Онлајн', de: 'Online', fr: 'En ligne' },
  kiosk: { hr: 'Kiosk', en: 'Kiosk', sl: 'Kiosk', sr: 'Kiosk', bs: 'Kiosk', mk: 'Киоск', de: 'Kiosk', fr: 'Borne' },
  paper: { hr: 'Papir', en: 'Paper', sl: 'Papir', sr: 'Papir', bs: 'Papir', mk: 'Хартија', de: 'Papier', fr: 'Papier' },
  employees: { hr: 'Zaposlenici', en: 'Employees', sl: 'Zaposleni', sr: 'Zaposleni', bs: 'Zaposlenici', mk: 'Вработени', de: 'Mitarbeitende', fr: 'Salariés' },
  occupancy: { hr: 'Odaziv', en: 'Participation', sl: 'Udeležba', sr: 'Odziv', bs: 'Odziv', mk: 'Одзив', de: 'Beteiligung', fr: 'Participation' },
  moe90: { hr: 'Pogreška (90 %), ± p.b.', en: 'Margin of error (90%), ± pp', sl: 'Napaka (90 %), ± o.t.', sr: 'Greška (90 %), ± p.p.', bs: 'Greška (90 %), ± p.p.', mk: 'Грешка (90 %), ± п.п.', de: 'Fehlerspanne (90 %), ± Pp.', fr: 'Marge d’erreur (90 %), ± pts' },
  moe95: { hr: 'Pogreška (95 %), ± p.b.', en: 'Margin of error (95%), ± pp', sl: 'Napaka (95 %), ± o.t.', sr: 'Greška (95 %), ± p.p.', bs: 'Greška (95 %), ± p.p.', mk: 'Грешка (95 %), ± п.п.', de: 'Fehlerspanne (95 %), ± Pp.', fr: 'Marge d’erreur (95 %), ± pts' },
  esi: { hr: 'ESI', en: 'ESI', sl: 'ESI', sr: 'ESI', bs: 'ESI', mk: 'ESI', de: 'ESI', fr: 'ESI' },
  enps: { hr: 'eNPS', en: 'eNPS', sl: 'eNPS', sr: 'eNPS', bs: 'eNPS', mk: 'eNPS', de: 'eNPS', fr: 'eNPS' },
  promoters: { hr: 'Promotori', en: 'Promoters', sl: 'Promotorji', sr: 'Promoteri', bs: 'Promotori', mk: 'Промотори', de: 'Promotoren', fr: 'Promoteurs' },
  passives: { hr: 'Pasivni', en: 'Passives', sl: 'Pasivni', sr: 'Pasivni', bs: 'Pasivni', mk: 'Пасивни', de: 'Passive', fr: 'Passifs' },
  detractors: { hr: 'Kritičari', en: 'Detractors', sl: 'Kritiki', sr: 'Kritičari', bs: 'Kritičari', mk: 'Критичари', de: 'Kritiker', fr: 'Détracteurs' },
  minGroup: { hr: 'Najmanja skupina', en: 'Minimum group size', sl: 'Najmanjša skupina', sr: 'Najmanja grupa', bs: 'Najmanja grupa', mk: 'Најмала група', de: 'Mindestgruppengröße', fr: 'Taille minimale de groupe' },
  filter: { hr: 'Filtar', en: 'Filter', sl: 'Filter', sr: 'Filter', bs: 'Filter', mk: 'Филтер', de: 'Filter', fr: 'Filtre' },
  figure: { hr: 'Pokazatelj', en: 'Figure', sl: 'Kazalnik', sr: 'Pokazatelj', bs: 'Pokazatelj', mk: 'Показател', de: 'Kennzahl', fr: 'Indicateur' },
  value: { hr: 'Vrijednost', en: 'Value', sl: 'Vrednost', sr: 'Vrednost', bs: 'Vrijednost', mk: 'Вредност', de: 'Wert', fr: 'Valeur' },
  category: { hr: 'Kategorija', en: 'Category', sl: 'Kategorija', sr: 'Kategorija', bs: 'Kategorija', mk: 'Категорија', de: 'Kategorie', fr: 'Catégorie' },
  statement: { hr: 'Tvrdnja', en: 'Statement', sl: 'Trditev', sr: 'Tvrdnja', bs: 'Tvrdnja', mk: 'Изјава', de: 'Aussage', fr: 'Affirmation' },
  id: { hr: 'ID', en: 'ID', sl: 'ID', sr: 'ID', bs: 'ID', mk: 'ID', de: 'ID', fr: 'ID' },
  text: { hr: 'Tekst', en: 'Text', sl: 'Besedilo', sr: 'Tekst', bs: 'Tekst', mk: 'Текст', de: 'Text', fr: 'Texte' },
  mean: { hr: 'Prosjek', en: 'Mean', sl: 'Povprečje', sr: 'Prosek', bs: 'Prosjek', mk: 'Просек', de: 'Mittelwert', fr: 'Moyenne' },
  favourable: { hr: '% pozitivnih', en: '% favourable', sl: '% pozitivnih', sr: '% pozitivnih', bs: '% pozitivnih', mk: '% позитивни', de: '% Zustimmung', fr: '% favorables' },
  n: { hr: 'n', en: 'n', sl: 'n', sr: 'n', bs: 'n', mk: 'n', de: 'n', fr: 'n' },
  group: { hr: 'Skupina', en: 'Group', sl: 'Skupina', sr: 'Grupa', bs: 'Grupa', mk: 'Група', de: 'Gruppe', fr: 'Groupe' },
  noAnswer: { hr: 'Bez odgovora', en: 'No answer', sl: 'Brez odgovora', sr: 'Bez odgovora', bs: 'Bez odgovora', mk: 'Без одговор', de: 'Keine Antwort', fr: 'Sans réponse' },
  hiddenBelow: {
    hr: 'skriveno (manje od {n})',
    en: 'hidden (fewer than {n})',
    sl: 'skrito (manj kot {n})',
    sr: 'skriveno (manje od {n})',
    bs: 'skriveno (manje od {n})',
    mk: 'скриено (помалку од {n})',
    de: 'verborgen (weniger als {n})',
    fr: 'masqué (moins de {n})',
  },
  hiddenProtect: {
    hr: 'skriveno (zaštita anonimnosti)',
    en: 'hidden (anonymity protection)',
    sl: 'skrito (zaščita anonimnosti)',
    sr: 'skriveno (zaštita anonimnosti)',
    bs: 'skriveno (zaštita anonimnosti)',
    mk: 'скриено (заштита на анонимноста)',
    de: 'verborgen (Anonymitätsschutz)',
    fr: 'masqué (protection de l’anonymat)',
  },
  question: { hr: 'Pitanje', en: 'Question', sl: 'Vprašanje', sr: 'Pitanje', bs: 'Pitanje', mk: 'Прашање', de: 'Frage', fr: 'Question' },
  answer: { hr: 'Odgovor', en: 'Answer', sl: 'Odgovor', sr: 'Odgovor', bs: 'Odgovor', mk: 'Одговор', de: 'Antwort', fr: 'Réponse' },
  count: { hr: 'Broj', en: 'Count', sl: 'Število', sr: 'Broj', bs: 'Broj', mk: 'Број', de: 'Anzahl', fr: 'Nombre' },
  share: { hr: 'Udio', en: 'Share', sl: 'Delež', sr: 'Udeo', bs: 'Udio', mk: 'Удел', de: 'Anteil', fr: 'Part' },
  praiseCritique: { hr: 'Pohvale i kritike', en: 'Praise and critique', sl: 'Pohvale in kritike', sr: 'Pohvale i kritike', bs: 'Pohvale i kritike', mk: 'Пофалби и критики', de: 'Lob und Kritik', fr: 'Éloges et critiques' },
  commentOn: { hr: 'Komentar: {q}', en: 'Comment: {q}', sl: 'Komentar: {q}', sr: 'Komentar: {q}', bs: 'Komentar: {q}', mk: 'Коментар: {q}', de: 'Kommentar: {q}', fr: 'Commentaire : {q}' },
  other: { hr: 'Ostalo', en: 'Other', sl: 'Drugo', sr: 'Ostalo', bs: 'Ostalo', mk: 'Друго', de: 'Sonstige', fr: 'Autre' },
  /** The group of respondents whose groupable answers the reporting base withholds (the web report's words). */
  withheld: {
    hr: 'Zadržano radi anonimnosti',
    en: 'Withheld for anonymity',
    sl: 'Zadržano zaradi anonimnosti',
    sr: 'Zadržano radi anonimnosti',
    bs: 'Zadržano radi anonimnosti',
    mk: 'Задржано заради анонимност',
    de: 'Zurückgehalten (Anonymität)',
    fr: 'Non ventilés (anonymat)',
  },
  column: { hr: 'Stupac', en: 'Column', sl: 'Stolpec', sr: 'Kolona', bs: 'Kolona', mk: 'Колона', de: 'Spalte', fr: 'Colonne' },
  meaning: { hr: 'Značenje', en: 'Meaning', sl: 'Pomen', sr: 'Značenje', bs: 'Značenje', mk: 'Значење', de: 'Bedeutung', fr: 'Signification' },
  protection: {
    hr: 'Zaštita anonimnosti',
    en: 'Anonymity protection',
    sl: 'Zaščita anonimnosti',
    sr: 'Zaštita anonimnosti',
    bs: 'Zaštita anonimnosti',
    mk: 'Заштита на анонимноста',
    de: 'Anonymitätsschutz',
    fr: 'Protection de l’anonymat',
  },
  leftOutSmall: {
    hr: 'nije dostupno kao skupina ni filtar (s ostalim pitanjima činilo bi premale skupine)',
    en: 'not available as a group or filter (with the other questions it would form too small groups)',
    sl: 'ni na voljo kot skupina ali filter (z ostalimi vprašanji bi tvorilo premajhne skupine)',
    sr: 'nije dostupno kao grupa ni filter (sa ostalim pitanjima činilo bi premale grupe)',
    bs: 'nije dostupno kao grupa ni filter (s ostalim pitanjima činilo bi premale grupe)',
    mk: 'не е достапно како група или филтер (со другите прашања би формирало премали групи)',
    de: 'nicht als Gruppe oder Filter verfügbar (mit den übrigen Fragen ergäbe es zu kleine Gruppen)',
    fr: 'non disponible comme groupe ou filtre (avec les autres questions, il formerait des groupes trop petits)',
  },
  leftOutOneGroup: {
    hr: 'nije dostupno kao skupina ni filtar (gotovo su svi odgovorili isto)',
    en: 'not available as a group or filter (nearly everyone gave the same answer)',
    sl: 'ni na voljo kot skupina ali filter (skoraj vsi so odgovorili enako)',
    sr: 'nije dostupno kao grupa ni filter (gotovo su svi odgovorili isto)',
    bs: 'nije dostupno kao grupa ni filter (gotovo su svi odgovorili isto)',
    mk: 'не е достапно како група или филтер (речиси сите одговориле исто)',
    de: 'nicht als Gruppe oder Filter verfügbar (fast alle haben dieselbe Antwort gegeben)',
    fr: 'non disponible comme groupe ou filtre (presque tout le monde a donné la même réponse)',
  },
  change: { hr: 'Promjena', en: 'Change', sl: 'Sprememba', sr: 'Promena', bs: 'Promjena', mk: 'Промена', de: 'Veränderung', fr: 'Évolution' },
  kind: { hr: 'Vrsta', en: 'Kind', sl: 'Vrsta', sr: 'Vrsta', bs: 'Vrsta', mk: 'Вид', de: 'Art', fr: 'Type' },
  everyone: { hr: 'Svi', en: 'Everyone', sl: 'Vsi', sr: 'Svi', bs: 'Svi', mk: 'Сите', de: 'Alle', fr: 'Tous' },
};

/** A text in the report language; `{name}` placeholders are filled from `vars`. */
export function t(language: ReportLanguage, key: TextKey, vars: Record<string, string | number> = {}): string {
  const s = TEXTS[key][language] ?? TEXTS[key].en;
  return s.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** The localized text of a bank or application entry, falling back to en, then any language. */
export function localizedText(text: Partial<Record<ReportLanguage, string>> | undefined, language: ReportLanguage): string {
  if (!text) return '';
  const own = text[language]?.trim();
  if (own) return own;
  const en = text.en?.trim();
  if (en) return en;
  for (const v of Object.values(text)) if (v?.trim()) return v.trim();
  return '';
}

/** An option row's answer: the reporting base's "Other" value reads "Other: <the merged answers>". */
export function optionLabel(o: { label: string; other: boolean }, language: ReportLanguage): string {
  return o.other ? `${t(language, 'other')}: ${o.label}` : o.label;
}

/**
 * How the reporting base protects the survey, as (label, text) rows: the values merged into "Other"
 * per question, the questions left out as groups and filters (with why), and the withheld
 * respondents. The v1 Summary and the v2 Columns sheet write the same rows.
 */
export function protectionRows(protection: ReportProtection, header: (question: string) => string, language: ReportLanguage): [string, string][] {
  const label = t(language, 'protection');
  const noAnswer = t(language, 'noAnswer');
  const rows: [string, string][] = [];
  for (const m of protection.merged) rows.push([label, `${header(m.question)}: ${m.values.map((v) => v ?? noAnswer).join(', ')} → ${t(language, 'other')}`]);
  for (const l of protection.left_out) rows.push([label, `${header(l.question)}: ${t(language, l.reason === 'one-group' ? 'leftOutOneGroup' : 'leftOutSmall')}`]);
  if (protection.withheld > 0) rows.push([label, `${t(language, 'withheld')}: n = ${protection.withheld}`]);
  return rows;
}

/** The marker written where a figure is hidden by the anonymity rules. */
export function hiddenMarker(language: ReportLanguage, min: number, reason: string | null | undefined): string {
  return reason === 'complementary' || reason === 'difference-below-minimum' ? t(language, 'hiddenProtect') : t(language, 'hiddenBelow', { n: min });
}

// ---------------------------------------------------------------------------------------------
// Sheet names
// ---------------------------------------------------------------------------------------------

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ѓ: 'gj', е: 'e', ж: 'zh', з: 'z', ѕ: 'dz', и: 'i', ј: 'j', к: 'k', л: 'l', љ: 'lj', м: 'm', н: 'n', њ: 'nj', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', ќ: 'kj', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', џ: 'dzh', ш: 'sh', ђ: 'dj', ћ: 'c', й: 'j', ы: 'y', э: 'e', ю: 'ju', я: 'ja', ь: '', ъ: '', щ: 'shch', ё: 'e',
};

/** Plain ASCII: Latin letters lose their marks (đ → dj, ß → ss), Cyrillic is transliterated. */
export function toAscii(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const cyr = CYRILLIC[lower];
    if (cyr !== undefined) {
      out += ch !== lower && cyr ? cyr[0]!.toUpperCase() + cyr.slice(1) : cyr;
      continue;
    }
    if (ch === 'đ') out += 'dj';
    else if (ch === 'Đ') out += 'Dj';
    else if (ch === 'ß') out += 'ss';
    else if (ch === 'æ') out += 'ae';
    else if (ch === 'œ') out += 'oe';
    else if (ch === '–' || ch === '—') out += '-';
    else if (ch === '’' || ch === '‘') out += "'";
    else out += ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  }
  return out.replace(/[^\x20-\x7e]/g, '');
}

/** Excel's limit on a sheet name. */
export const SHEET_NAME_MAX = 31;

/**
 * Sheet names of one workbook: ASCII, without the characters Excel forbids ([ ] : * ? / \), not
 * starting or ending with an apostrophe, at most 31 characters, unique regardless of case.
 */
export class SheetNames {
  private readonly used = new Set<string>();

  name(wanted: string): string {
    let base = toAscii(wanted)
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '');
    if (!base) base = 'Sheet';
    base = base.slice(0, SHEET_NAME_MAX).trim();
    let candidate = base;
    for (let i = 2; this.used.has(candidate.toLowerCase()); i++) {
      const suffix = ` (${i})`;
      candidate = base.slice(0, SHEET_NAME_MAX - suffix.length).trim() + suffix;
    }
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

export type Cell = string | number | null | undefined;
export type Worksheet = ExcelJS.Worksheet;

export const FORMATS = {
  mean: '0.00',
  /** A share stored as a fraction (0.734 shows as 73.4%). */
  pct: '0.0%',
  /** One-decimal figures that are not shares: eNPS, ESI, margins of error in percentage points. */
  one: '0.0',
  int: '0',
} as const;
export type Format = keyof typeof FORMATS;

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
const MARKER_FONT: Partial<ExcelJS.Font> = { italic: true, color: { argb: 'FF7F7F7F' } };

export interface ColumnSpec {
  header: string;
  width: number;
  format?: Format;
}

/** 'YYYY-MM-DD' as DD.MM.YYYY (product-decisions.md); '' when missing. */
export function formatDate(iso: string | null | undefined): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** A figure share in % (0..100, one decimal) as the fraction Excel's % format expects. */
export function share(pct: number | null | undefined): number | null {
  return pct === null || pct === undefined ? null : Math.round(pct * 10) / 1000;
}

/** A workbook on exceljs's streaming writer that ends in `output` or, without one, in a Buffer. */
export class XlsxWriter {
  readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  readonly sheetNames = new SheetNames();
  private readonly chunks: Buffer[] = [];
  private readonly buffered: boolean;

  constructor(output?: Writable) {
    this.buffered = output === undefined;
    let stream: Writable | undefined = output;
    if (!stream) {
      const pass = new PassThrough();
      pass.on('data', (c: Buffer) => this.chunks.push(c));
      stream = pass;
    }
    // zlib level 1: a few % larger files, about twice as fast to write (level 6 is the default).
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
    this.workbook.creator = 'IZZ';
  }

  /** A sheet with a styled, frozen header row (and `frozenColumns` frozen on the left). */
  sheet(name: string, columns: readonly ColumnSpec[], frozenColumns = 0): SheetWriter {
    const ws = this.workbook.addWorksheet(this.sheetNames.name(name), {
      views: [{ state: 'frozen', xSplit: frozenColumns, ySplit: 1, activeCell: 'A2' }],
    });
    ws.columns = columns.map((c) => ({ width: c.width }));
    const header = ws.addRow(columns.map((c) => c.header));
    header.eachCell((cell) => {
      cell.font = HEADER_FONT;
      cell.fill = HEADER_FILL;
      cell.alignment = { vertical: 'middle', wrapText: true };
    });
    header.commit();
    return new SheetWriter(ws, columns);
  }

  /** Commits every sheet and the workbook; the Buffer when no output stream was given. */
  async finish(): Promise<Buffer | undefined> {
    await this.workbook.commit();
    return this.buffered ? Buffer.concat(this.chunks) : undefined;
  }
}

/** Appends rows to one sheet; each value takes its column's number format. */
export class SheetWriter {
  constructor(
    readonly worksheet: Worksheet,
    private readonly columns: readonly ColumnSpec[],
  ) {}

  /** A row of values; a `{ marker }` value is written as a grey italic note (a hidden figure). */
  row(values: readonly (Cell | { marker: string })[], options: { bold?: boolean; formats?: readonly (Format | undefined)[] } = {}): void {
    const plain = values.map((v) => (v !== null && typeof v === 'object' ? v.marker : (v ?? null)));
    const row = this.worksheet.addRow(plain);
    values.forEach((v, i) => {
      const cell = row.getCell(i + 1);
      const format = options.formats?.[i] ?? this.columns[i]?.format;
      if (v !== null && typeof v === 'object') cell.font = MARKER_FONT;
      else if (typeof v === 'number' && format) cell.numFmt = FORMATS[format];
      if (options.bold) cell.font = { bold: true };
    });
    row.commit();
  }

  /** A row without per-cell styles (the fast path for large sheets). */
  plainRow(values: readonly Cell[]): void {
    this.worksheet.addRow(values as Cell[]).commit();
  }

  commit(): void {
    this.worksheet.commit();
  }
}
