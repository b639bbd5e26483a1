import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pulsQuestionById } from '../../shared/question-banks/index.js';
import type { QuestionLanguageCode } from '../../shared/locales.js';
import type { PulsFigures } from '../../shared/schemas/report.js';
import { seededRandom } from '../../server/lib/seeded-random.js';
import { answers, DEMO_EXTRA_QUESTIONS, pulsFiguresFrom } from '../../server/modules/reports/figures/testing.js';
import { pdfText as readPdfText } from '../pdf-text.js';
import { textsFor } from '../../shared/i18n/node.js';
import { renderPulsReport } from './report-puls.js';
import { focusAreaLabel, pulsFollowUp } from '../../shared/focus-follow-up.js';
import { formatNumber } from '../../shared/format.js';

const dir = mkdtempSync(path.join(tmpdir(), 'izz-puls-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pdfText = (bytes: Uint8Array) => readPdfText(bytes, { joinLines: true });

/** Four monthly rounds; round 3 has only 3 responses (below the minimum of 5). */
function pulsFigures(language: QuestionLanguageCode): PulsFigures {
  const rng = seededRandom(11);
  const round = (n: number, tilt: number) =>
    Array.from({ length: n }, (_, i) =>
      answers({
        puls: {
          P01: Math.min(5, Math.max(1, Math.round(2 + rng() * 3 + tilt))),
          P02: Math.min(5, Math.max(1, Math.round(1.5 + rng() * 3 + tilt))),
          P34: Math.floor(rng() * 11),
          ...(i % 4 === 0 ? { P35: `Predlog ${i}: več časa za načrtovanje` } : {}),
        },
        extra: { shift: { value: rng() < 0.4 ? 0 : 1 } },
      }),
    );
  return pulsFiguresFrom({
    meta: { survey_id: 3, name: 'PULS 2026', company: 'Tovarna Čevljev Žiri d.o.o.', employees: 80, start_date: '2026-01-01', end_date: '2026-04-30' },
    questionIds: ['P01', 'P02', 'P34', 'P35'],
    ownQuestions: [DEMO_EXTRA_QUESTIONS[0]!],
    language,
    minGroupSize: 5,
    rounds: [
      { round: 1, start_date: '2026-01-05', end_date: '2026-01-12', responses: round(42, 0) },
      { round: 2, start_date: '2026-02-02', end_date: '2026-02-09', responses: round(51, 0.2) },
      { round: 3, start_date: '2026-03-02', end_date: '2026-03-09', responses: round(3, 0) },
      { round: 4, start_date: '2026-04-06', end_date: '2026-04-13', responses: round(47, 0.5) },
    ],
  });
}

describe('renderPulsReport', { timeout: 60_000 }, () => {
  let figures: PulsFigures;
  let bytes: Uint8Array;
  beforeAll(async () => {
    figures = pulsFigures('sl');
    bytes = await renderPulsReport({ figures, generatedOn: '2026-05-02' });
  }, 60_000);

  it('has the cover, contents, rounds overview, trend and one section per round', async () => {
    const doc = await PDFDocument.load(bytes);
    const pages = doc.getPageCount();
    // Seeded fixture: cover, contents, overview, trend (3 charts), rounds 1, 2, 3 (hidden), 4.
    expect(pages).toBe(8);
    const text = pdfText(bytes);
    expect(text).toMatch(new RegExp(`${pages} ?/ ?${pages}`));
    expect(text).toContain(textsFor('sl', 'reports')('pdf.pulsTitle'));
    expect(text).toContain(textsFor('sl', 'reports')('labels.trend'));
  });

  it('names every round, the company and the questions in Slovenian', () => {
    const text = pdfText(bytes);
    for (const r of [1, 2, 3, 4]) expect(text).toContain(`Krog ${r}`);
    expect(text).toContain('05.01.2026 – 12.01.2026');
    expect(text).toContain('Tovarna Čevljev Žiri d.o.o.');
    expect(text).toContain(pulsQuestionById('P01')!.text.sl);
    expect(text).toContain(pulsQuestionById('P02')!.text.sl);
    expect(text).toContain('več časa za načrtovanje');
  });

  it('shows the round below the minimum as hidden, with only its count', () => {
    // The round carries no questions at all, only its count.
    expect(figures.rounds[2]).toMatchObject({ round: 3, responses: 3, suppressed: true, questions: [], own_questions: [] });
    const text = pdfText(bytes);
    // Its section: from its heading (the last mention, after the contents and the overview) to round 4's.
    const from = text.lastIndexOf('Krog 3 (02.03.2026 – 09.03.2026)');
    const section = text.slice(from, text.lastIndexOf('Krog 4 (06.04.2026 – 13.04.2026)'));
    expect(section).toContain('Odgovori: 3 ⊘ skrito: manj kot 5 anketirancev V tem krogu je manj kot 5 odgovorov: prikazano je le število odgovorov.');
    for (const other of ['Odzivnost', 'Meja napake', pulsQuestionById('P01')!.text.sl, 'Predlog', textsFor('sl', 'reports')('pdf.ownQuestions')]) expect(section).not.toContain(other);
    // Its point in each trend is a marked gap.
    expect(figures.trend.every((tr) => tr.points[2]!.value === null)).toBe(true);
  });

  it('says which rounds ran and which did not: an early end with its day in the overview, rounds that did not run, "2 of 4" on the cover', async () => {
    const schedule = [
      { round: 1, start_date: '2026-01-05', end_date: '2026-01-12', outcome: 'ran' as const, ended_on: null },
      { round: 2, start_date: '2026-02-02', end_date: '2026-02-09', outcome: 'ended-early' as const, ended_on: '2026-02-06' },
      { round: 3, start_date: '2026-03-02', end_date: '2026-03-09', outcome: 'not-run' as const, ended_on: null },
      { round: 4, start_date: '2026-04-06', end_date: '2026-04-13', outcome: 'not-run' as const, ended_on: null },
    ];
    const two = { ...figures, rounds: figures.rounds.slice(0, 2), trend: figures.trend.map((tr) => ({ ...tr, points: tr.points.slice(0, 2) })) };
    const en = pdfText(await renderPulsReport({ figures: { ...two, language: 'en', schedule }, generatedOn: '2026-05-02' }));
    // The cover's key figures: value, then label.
    expect(en.slice(0, en.indexOf('Contents'))).toMatch(/2 of 4 .*Rounds/);
    expect(en).toMatch(/Round 2 \(02\.02\.2026 – 09\.02\.2026\) 51 63\.8% ± 8\.3 Ended early on 06\.02\.2026/);
    expect(en).toContain('Round 3 (02.03.2026 – 09.03.2026) Did not run: the survey was closed before this round');
    expect(en).toContain('Round 4 (06.04.2026 – 13.04.2026) Did not run: the survey was closed before this round');
    // A round that did not run has no section of its own.
    expect(en.match(/Round 3 \(/g)).toHaveLength(1);
    // Without a schedule (every round ran), nothing of this is printed.
    expect(pdfText(bytes)).not.toContain(textsFor('sl', 'reports')('labels.outcomes.not-run'));
  });

  it('an own question: a rare answer is printed only inside "Other"; a round with the answers spread thinly says so, in sl and en', async () => {
    const shift = {
      id: 'shift',
      type: 'radio' as const,
      title: { sl: 'V kateri izmeni delate?', en: 'Which shift do you work?' },
      description: {},
      answers: [
        { sl: 'Jutranja', en: 'Morning' },
        { sl: 'Popoldanska', en: 'Afternoon' },
        { sl: 'Nočna', en: 'Night' },
        { sl: 'Vikend', en: 'Weekend' },
      ],
      required: true,
      allow_comments: false,
    };
    const round = (counts: number[]) => counts.flatMap((n, value) => Array.from({ length: n }, () => answers({ puls: { P01: 4 }, extra: { shift: { value } } })));
    const render = async (language: QuestionLanguageCode) =>
      pdfText(
        await renderPulsReport({
          figures: pulsFiguresFrom({
            meta: { survey_id: 4, name: 'PULS izmene', company: 'Demo d.o.o.', employees: 40, start_date: '2026-01-01', end_date: '2026-02-28' },
            questionIds: ['P01'],
            ownQuestions: [shift],
            language,
            minGroupSize: 5,
            rounds: [
              // Morning 10, afternoon 6, night 1: night and then afternoon are "Other".
              { round: 1, start_date: '2026-01-05', end_date: '2026-01-12', responses: round([10, 6, 1, 0]) },
              // 3 / 3 / 3 / 3: every answer below 5.
              { round: 2, start_date: '2026-02-02', end_date: '2026-02-09', responses: round([3, 3, 3, 3]) },
            ],
          }),
          generatedOn: '2026-03-02',
        }),
      );
    const sl = await render('sl');
    const round2 = (text: string, heading: string) => text.slice(text.lastIndexOf(heading));
    expect(sl).toContain('Drugo: Popoldanska, Nočna');
    expect(sl).not.toMatch(/Nočna\s+\d/);
    expect(round2(sl, 'Krog 2 (')).toContain(`V kateri izmeni delate? ⊘ ${textsFor('sl', 'reports')('labels.notAvailable.spread')}`);
    expect(textsFor('sl', 'reports')('labels.notAvailable.spread')).toBe('Ni na voljo: odgovori so se razpršili v preveč majhnih skupin.');
    const en = await render('en');
    expect(en).toContain('Other: Afternoon, Night');
    expect(round2(en, 'Round 2 (')).toContain('Which shift do you work? ⊘ Not available: the answers were spread over too many small groups.');
  });

  it('a survey made from a focus area shows its follow-up: the area, the IZZ survey and its questions\' change, in sl and de', async () => {
    for (const language of ['sl', 'de'] as const) {
      const f = pulsFigures(language);
      const followUp = pulsFollowUp({ survey_id: 9, survey_name: 'IZZ 2025', kind: 'category', item_id: 'direct_manager', questions: ['P01', 'P34'] }, f);
      const text = pdfText(await renderPulsReport({ figures: f, generatedOn: '2026-05-02', followUp }));
      const tx = textsFor(language, 'reports');
      expect(text).toContain(tx('focusFollowUp.title'));
      expect(text).toContain(tx('focusFollowUp.text', { area: focusAreaLabel('category', 'direct_manager', language), survey: 'IZZ 2025' }));
      const p01 = f.trend.find((t) => t.question === 'P01')!;
      expect(p01.change).not.toBeNull();
      expect(text).toContain(`${pulsQuestionById('P01')!.text[language]}: ${tx('puls.change', { value: formatNumber(p01.change!, language, { decimals: 2, signed: true }).replace('-', '−') })}`);
      // Without a focus area there is no such section.
      expect(pdfText(await renderPulsReport({ figures: f, generatedOn: '2026-05-02', followUp: null }))).not.toContain(tx('focusFollowUp.title'));
    }
  });

  it('prints Macedonian in Cyrillic', async () => {
    const text = pdfText(await renderPulsReport({ figures: pulsFigures('mk'), generatedOn: new Date('2026-05-02T08:00:00Z') }));
    expect(text).toContain(pulsQuestionById('P01')!.text.mk);
    for (const r of [1, 2, 3, 4]) expect(text).toContain(`Круг ${r}`);
  });
});
