/**
 * npm run omr:read -- [--survey ID|demo] [--dpi 200] FILE…
 * Reads PDFs (page by page) and images with the reader and prints one JSON line per page:
 * { file, page_index, code, page, layout, items: { <item path>: { value, doubtful, confidence } } }
 * (code null when the page mark is unreadable). The form's layout comes from the survey: the one named
 * in the page mark (read from this installation's database) unless --survey says which (`demo`: the seed's).
 */
import type { PaperFormPackage } from '../../shared/paper-form.js';
import { layoutResolver, readFiles } from '../read-files.js';
import { parseArgs } from './args.js';
import { openSurvey, type CliSurvey } from './survey.js';

const { flags, files } = parseArgs(process.argv.slice(2));
if (files.length === 0) {
  console.error('usage: npm run omr:read -- [--survey ID|demo] [--dpi 200] FILE…');
  process.exit(2);
}
const surveys = new Map<string, { survey: CliSurvey; pkg: PaperFormPackage | null }>();
async function packageOf(id: string): Promise<PaperFormPackage | null> {
  let s = surveys.get(id);
  if (!s) {
    const survey = await openSurvey(id);
    let pkg: PaperFormPackage | null = null;
    try {
      pkg = (await survey.input(undefined, 1)).package as PaperFormPackage;
    } catch {
      pkg = null; // Not a survey with paper forms here: its pages have no layout.
    }
    s = { survey, pkg };
    surveys.set(id, s);
  }
  return s.pkg;
}
const fixed = flags.survey;
const resolver = layoutResolver((mark) => surveys.get(fixed ?? String(mark.survey))?.pkg ?? null);
// The reader asks for a layout synchronously; a survey named in a page mark is loaded when first met.
const load = async (mark: { survey: number | null }) => {
  const id = fixed ?? (mark.survey === null ? null : String(mark.survey));
  if (id === null || surveys.has(id)) return false;
  return (await packageOf(id)) !== null;
};
try {
  for await (const line of readFiles(files, resolver, Number(flags.dpi ?? 200), load)) process.stdout.write(`${JSON.stringify(line)}\n`);
} finally {
  for (const s of surveys.values()) await s.survey.close();
}
