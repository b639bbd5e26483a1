import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../shared/question-banks/index.js';
import { reportSettingsSchema, type ReportFigures, type ReportSettingsInput } from '../../shared/schemas/report.js';
import { answers, figuresFrom, generateSurvey } from '../../server/modules/reports/figures/testing.js';
import { pdfText as readPdfText } from '../pdf-text.js';
import { textsFor } from '../../shared/i18n/node.js';
import { renderBasicReport } from './report-basic.js';

const dir = mkdtempSync(path.join(tmpdir(), 'izz-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function save(bytes: Uint8Array): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** The PDF's text with runs of white space made single spaces (wrapped lines join up again). */
const pdfText = (bytes: Uint8Array) => readPdfText(bytes, { joinLines: true });

/**
 * 300 generated responses; three of them moved to 'Legal', so that department is below the
 * minimum of 5. Its reporting base (seeded, so fixed) merges Legal and Finance into "Other" and releases
 * every other dimension on its own, with the crossings of the shift question with department, location
 * and gender; nobody is withheld.
 */
function figures(settings: ReportSettingsInput, company = 'Tovarna Čevljev Žiri d.o.o.'): ReportFigures {
  const g = generateSurvey(300, 7);
  for (const r of g.responses) if (r.answers.department === 'Legal') r.answers.department = 'IT';
  for (const i of [3, 10, 20]) g.responses[i]!.answers.department = 'Legal';
  return figuresFrom({ meta: { ...g.meta, company }, survey: g.survey, responses: g.responses, settings: reportSettingsSchema.parse(settings), minGroupSize: 5 });
}

const withCaron = (lang: 'sl') => STATEMENTS.find((s) => /[čšž]/.test(s.text[lang]) && /[Čč]/.test(s.text[lang]))!;

// Rendering is well under a second warm, but CI machines can be busy: generous time limits.
describe('renderBasicReport', { timeout: 60_000 }, () => {
  let sl: ReportFigures;
  let bytes: Uint8Array;
  beforeAll(async () => {
    sl = figures({ language: 'sl', filter: { group: 'demographic:position_level' } });
    bytes = await renderBasicReport({ figures: sl, generatedOn: '2026-04-02' });
  }, 60_000);

  it('has a cover, a contents page and numbered pages "x / n"', async () => {
    const doc = await PDFDocument.load(bytes);
    const pages = doc.getPageCount();
    // The fixture is seeded, so the layout is fixed: cover, contents, participation + anonymity
    // protection, ESI + eNPS, categories, top/bottom, chosen questions, all statements, breakdown,
    // heatmap, additional questions and comments.
    expect(pages).toBe(20);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = pdfText(bytes);
    expect(text).toMatch(new RegExp(`${pages} ?/ ?${pages}`));
    expect(text).toMatch(new RegExp(`2 ?/ ?${pages}`));
    expect(text).toContain(textsFor('sl', 'reports')('pdf.contents'));
    expect(doc.getTitle()).toContain(textsFor('sl', 'reports')('pdf.basicTitle'));
  });

  it('prints the company, a Slovenian statement with č/š/ž and every section, selectable as text', () => {
    const text = pdfText(bytes);
    expect(text).toContain('Tovarna Čevljev Žiri d.o.o.');
    expect(text).toContain(withCaron('sl').text.sl);
    const t = textsFor('sl', 'reports');
    for (const title of [t('labels.sections.overview'), t('labels.sections.protection'), t('labels.esi'), t('pdf.enps'), t('labels.sections.categories'), t('pdf.topBottom'), t('labels.sections.chosen'), t('labels.sections.statements'), t('labels.sections.heatmap'), t('labels.sections.extra'), t('labels.sections.comments')]) expect(text).toContain(title);
    expect(text).toContain('Po skupinah: Raven delovnega mesta');
    expect(text).toContain('01.03.2026 – 31.03.2026');
    expect(text).toContain('02.04.2026');
    // Every statement is printed (grouped by category).
    for (const s of STATEMENTS.slice(0, 74)) expect(text).toContain(s.text.sl);
  });

  it('says how the reporting base protects the survey, in the report language', () => {
    expect(sl.protection).toEqual({ merged: [{ question: 'department', values: ['Finance', 'Legal'] }], left_out: [], withheld: 0 });
    const text = pdfText(bytes);
    const t = textsFor('sl', 'reports');
    expect(text).toContain('Vsaka prikazana skupina ima vsaj 5 anketirancev.');
    // pdftotext reads the label, the question and its merged answers apart (the section number in between).
    expect(text).toContain(t('labels.protection.merged'));
    expect(text).toContain('Finance, Legal');
    expect(text).not.toContain(t('labels.protection.leftOut'));
    expect(text).not.toContain('Zadržano zaradi anonimnosti');
    expect(text).not.toContain('skrito: manj kot 5 anketirancev');
  });

  it('names the heatmap columns as the base releases them: "Other: …" for merged departments; none hidden', () => {
    const columns = sl.heatmap!.columns;
    expect(columns.map((c) => c.key)).toEqual(['Production', 'Sales', 'Logistics', 'IT', '~other']);
    expect(columns.every((c) => !c.suppressed && c.n! >= 5)).toBe(true);
    expect(columns.reduce((sum, c) => sum + c.n!, 0)).toBe(300);
    const text = pdfText(bytes);
    expect(text).toContain('Drugo: Finance, Legal');
    for (const c of columns) expect(text).toMatch(new RegExp(`n ?= ?${String(c.n)}\\b`));
  });

  it('hides every group of a crossing the release does not include, and shows one it does', async () => {
    const hidden = figures({ language: 'sl', filter: { group: 'department', answers: [{ question: 'location', value: 'Zagreb' }] } });
    // Zagreb alone is a released value; its departments are a crossing the release does not include.
    expect(hidden.population.suppressed).toBe(false);
    expect(hidden.breakdown!.groups.filter((g) => g.n !== 0).every((g) => g.suppressed && g.reason === 'not-released' && g.n === null)).toBe(true);
    const text = pdfText(await renderBasicReport({ figures: hidden, generatedOn: new Date('2026-04-02T08:00:00Z') }));
    expect(text).toContain('Filter: Lokacija: Zagreb');
    expect(text).toContain(textsFor('sl', 'reports')('labels.reason.not-released', { min: 5 }));
    const shown = figures({ language: 'sl', filter: { group: 'department', answers: [{ question: 'extra:shift', value: '0' }] } });
    expect(shown.population.suppressed).toBe(false);
    expect(shown.breakdown!.groups.filter((g) => g.n! > 0).every((g) => !g.suppressed && g.n! >= 5)).toBe(true);
    const other = shown.breakdown!.groups.find((g) => g.key === '~other')!;
    const shownText = pdfText(await renderBasicReport({ figures: shown, generatedOn: new Date('2026-04-02T08:00:00Z') }));
    expect(shownText).toContain('Po skupinah: Oddelek');
    expect(shownText).toContain(`Drugo: Finance, Legal ${String(other.n)} `);
  });

  it('words a selected "Other" answer with the answers merged into it', async () => {
    const f = figures({ language: 'sl', filter: { answers: [{ question: 'department', value: '~other' }] } });
    const text = pdfText(await renderBasicReport({ figures: f, generatedOn: '2026-04-02' }));
    expect(text).toContain(`Filter: Oddelek: Drugo: Finance, Legal ${textsFor('sl', 'reports')('labels.responses')}: ${f.population.n}`);
  });

  it('prints Macedonian statements in Cyrillic', async () => {
    const f = figures({ language: 'mk' }, 'Фабрика ДООЕЛ Скопје');
    const text = pdfText(await renderBasicReport({ figures: f, generatedOn: '2026-04-02' }));
    expect(text).toContain('Фабрика ДООЕЛ Скопје');
    expect(text).toContain(STATEMENTS[0]!.text.mk);
    expect(text).toContain(textsFor('mk', 'reports')('labels.sections.heatmap'));
    // The protection section and the base's group names in Macedonian, in Cyrillic.
    expect(text).toContain('Како е заштитена анонимноста');
    expect(text).toContain('Секоја прикажана група има најмалку 5 испитаници.');
    expect(text).toContain('Ретки одговори споени во „Друго“');
    expect(text).toContain('Друго: Finance, Legal');
    expect(text).not.toContain('Задржано заради анонимност');
  });

  it('prints the answers the base merges as "Other: …" (English)', async () => {
    const team = { id: 'team', type: 'radio' as const, title: { en: 'Which team are you in?' }, description: {}, answers: [{ en: 'Alpha' }, { en: 'Beta' }, { en: 'Gamma' }], required: true, allow_comments: false };
    // 20 Alpha, 17 Beta, 3 Gamma: Gamma is too rare, and Beta joins it until "Other" reaches the minimum.
    const responses = Array.from({ length: 40 }, (_, i) => answers({ all: ((i % 4) + 1) as 1 | 2 | 3 | 4, enps: i % 11, esi: [5, 6, 7], extra: { team: { value: i < 20 ? 0 : i < 37 ? 1 : 2 } } }));
    const survey = { departments: [], locations: [], extraQuestions: [team], demographicIds: [] };
    const meta = { survey_id: 2, name: 'IZZ 2026', company: 'Demo d.o.o.', employees: 50, start_date: '2026-03-01', end_date: '2026-03-31' };
    const f = figuresFrom({ meta, survey, responses, settings: reportSettingsSchema.parse({ language: 'en', filter: { group: 'extra:team' } }), minGroupSize: 5 });
    expect(f.extra_questions[0]).toMatchObject({ type: 'radio', options: [{ label: 'Alpha', count: 20, other: false }, { label: 'Beta, Gamma', count: 20, other: true }] });
    const text = pdfText(await renderBasicReport({ figures: f, generatedOn: '2026-04-02' }));
    expect(text).toContain('How anonymity is protected Every group shown holds at least 5 respondents.');
    // The question in bold on the left, the merged answers beside it (pdftotext may read the next section's number in between).
    expect(text).toMatch(/Rare answers combined into “Other” Which team are you in\? (\d+ )?Beta, Gamma /);
    expect(text).not.toContain('Questions not available as groups or filters');
    expect(text).not.toContain('are withheld');
    // The additional question's answers and the breakdown's groups.
    expect(text).toContain('Alpha 50.0% 20 Other: Beta, Gamma 50.0% 20');
    expect(text).toContain('By group: Which team are you in?');
    expect(text).toMatch(/Other: Beta, Gamma 20 /);
  });

  it('hides a checkbox option ticked by fewer than the minimum: the marker, no count', async () => {
    const perks = { id: 'perks', type: 'checkbox' as const, title: { en: 'Which benefits do you use?' }, description: {}, answers: [{ en: 'Meals' }, { en: 'Crèche' }], required: false, allow_comments: false };
    // 30 respondents all use meals; one of them also the crèche.
    const responses = Array.from({ length: 30 }, (_, i) => answers({ all: 3, enps: 8, extra: { perks: { value: i === 4 ? [0, 1] : [0] } } }));
    const survey = { departments: [], locations: [], extraQuestions: [perks], demographicIds: [] };
    const meta = { survey_id: 3, name: 'IZZ 2026', company: 'Demo d.o.o.', employees: 40, start_date: '2026-03-01', end_date: '2026-03-31' };
    const f = figuresFrom({ meta, survey, responses, settings: reportSettingsSchema.parse({ language: 'en' }), minGroupSize: 5 });
    const text = pdfText(await renderBasicReport({ figures: f, generatedOn: '2026-04-02' }));
    const section = text.slice(text.lastIndexOf('8 Additional questions'), text.lastIndexOf('9 Praise and criticism'));
    expect(section).toMatch(/Meals Crèche .*100\.0% 30 ⊘ hidden: fewer than 5 respondents/);
    // No share or count of the one crèche user anywhere.
    expect(section).not.toContain('3.3%');
    expect(section).not.toMatch(/\b1\b(?! \/)/);
  });

  it('shows only the hidden marker when the whole population is below the minimum', async () => {
    const g = generateSurvey(4, 1);
    const f = figuresFrom({ meta: g.meta, survey: g.survey, responses: g.responses, settings: reportSettingsSchema.parse({ language: 'en' }), minGroupSize: 5 });
    const text = pdfText(await renderBasicReport({ figures: f, generatedOn: '2026-04-02' }));
    expect(text).toContain('hidden: fewer than 5 respondents');
    expect(text).not.toContain('Comment 0');
  });

  it('puts the logo on the cover, and still renders with a broken one', async () => {
    const png = new PNG({ width: 40, height: 20 });
    png.data.fill(120);
    const logo = { bytes: new Uint8Array(PNG.sync.write(png)), type: 'png' as const };
    const withLogo = await PDFDocument.load(await renderBasicReport({ figures: sl, logo, generatedOn: '2026-04-02' }));
    expect(withLogo.getPageCount()).toBe(20);
    const broken = await renderBasicReport({ figures: sl, logo: { bytes: new Uint8Array([1, 2, 3]), type: 'jpg' }, generatedOn: '2026-04-02' });
    expect((await PDFDocument.load(broken)).getPageCount()).toBe(20);
  });

  it('rasterises (cover, a chart page, the heatmap) without errors', () => {
    const out = path.join(dir, 'page');
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '4', save(bytes), out]);
    expect(readdirSync(dir).filter((f) => f.startsWith('page')).length).toBe(4);
  });
});
