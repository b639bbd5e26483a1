/**
 * npm run omr:sample -- --survey ID|demo --forms N --out DIR [--lang sl] [--dpi 200] [--seed 1]
 * Writes filled forms of the survey: forms.pdf, one PNG per page, and truth.json
 * ([{ file, code, page, items: { <item path>: value or null } }], the item paths of shared/paper-form.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { QUESTION_LANGUAGE_CODES, type QuestionLanguageCode } from '../../shared/locales.js';
import { encodePng, pdfPages } from '../raster-node.js';
import { fillForms } from '../sample.js';
import { parseArgs } from './args.js';
import { openSurvey } from './survey.js';

const { flags } = parseArgs(process.argv.slice(2));
const forms = Number(flags.forms ?? 5);
const out = flags.out ?? 'omr-sample';
const dpi = Number(flags.dpi ?? 200);
const lang = flags.lang as QuestionLanguageCode | undefined;
if (!Number.isInteger(forms) || forms < 1 || forms > 1000 || (lang && !QUESTION_LANGUAGE_CODES.includes(lang)) || !(dpi >= 72 && dpi <= 600)) {
  console.error('usage: npm run omr:sample -- --survey ID|demo --forms N(1-1000) --out DIR [--lang sl] [--dpi 72-600] [--seed N]');
  process.exit(2);
}
const survey = await openSurvey(flags.survey ?? 'demo');
try {
  const input = await survey.input(lang, forms);
  const { pdf, truth } = await fillForms(input, Number(flags.seed ?? 1), 'page');
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'forms.pdf'), pdf);
  let i = 0;
  for await (const img of pdfPages(pdf, dpi)) await writeFile(path.join(out, truth[i++]!.file), await encodePng(img));
  await writeFile(path.join(out, 'truth.json'), `${JSON.stringify(truth, null, 1)}\n`);
  console.error(`${forms} forms, ${truth.length} pages → ${out}`);
} finally {
  await survey.close();
}
