/**
 * Paper forms benchmark, run by `npm run bench` in its own process so its peak memory is
 * its own. Prints `name: value` lines: the time to generate the batch PDF of 100 and of 1,000 paper
 * forms (the full IZZ form: 74 statements, eNPS, ESI, demographics, extra questions), the peak RSS
 * during generation, and for comparison the same forms built page by page from scratch.
 * Target (docs/benchmarks.md): 1,000 forms in under 20 s and under 500 MB on the 2-core dev machine.
 */
import { renderPaperForms, renderPaperFormsNaive, renderPaperFormTemplate, type PaperFormInput } from '../print/index.js';
import { ACCESS_CODE_ALPHABET } from '../shared/access-codes.js';
import { DEMOGRAPHIC_QUESTION_IDS, STATEMENTS } from '../shared/question-banks/index.js';

const figure = (name: string, value: number | string) => console.log(`${name}: ${value}`);
const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(2);
const randomCode = () => Array.from({ length: 10 }, () => ACCESS_CODE_ALPHABET[Math.floor(Math.random() * ACCESS_CODE_ALPHABET.length)]).join('');

const input = (count: number): PaperFormInput => ({
  companyName: 'Tovarna Čevljev Žiri d.o.o.',
  surveyName: 'IZZ 2026',
  language: 'sl',
  package: {
    statement_ids: STATEMENTS.map((s) => s.id),
    demographic_ids: [...DEMOGRAPHIC_QUESTION_IDS],
    departments: ['Proizvodnja', 'Logistika', 'Vzdrževanje', 'Prodaja', 'Uprava'],
    locations: ['Žiri', 'Škofja Loka'],
    extra_questions: [
      { id: 'q1', type: 'radio', title: { sl: 'Kako pridete na delo?' }, description: {}, answers: [{ sl: 'Z avtom' }, { sl: 'Z avtobusom' }, { sl: 'Peš ali s kolesom' }], required: true, allow_comments: false },
      { id: 'q2', type: 'text250', title: { sl: 'Kaj bi izboljšali?' }, description: {}, answers: [], required: false, allow_comments: false },
    ],
  },
  endDate: '30.11.2026',
  questionnaireUrl: 'https://izz.example.com/vprasalnik',
  codes: Array.from({ length: count }, randomCode),
});

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);

let start = performance.now();
const template = await renderPaperFormTemplate(input(1));
figure('paper_template_s', seconds(start));
figure('paper_pages_per_form', template.pages);
for (const count of [100, 1000]) {
  start = performance.now();
  const bytes = await renderPaperForms(input(count));
  figure(`paper_forms_${count}_s`, seconds(start));
  figure(`paper_forms_${count}_mb`, (bytes.length / 1024 / 1024).toFixed(2));
}
clearInterval(sampler);
figure('paper_peak_mb', (Math.max(peak, process.resourceUsage().maxRSS * 1024) / 1024 / 1024).toFixed(0));
// The same forms laid out and drawn from scratch, page by page (what the template-once approach saves).
start = performance.now();
await renderPaperFormsNaive(input(10));
figure('paper_forms_naive_10_s', seconds(start));
