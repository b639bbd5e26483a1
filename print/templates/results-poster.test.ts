import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { SharedResults } from '../../shared/schemas/actions.js';
import { pdfText } from '../pdf-text.js';
import { renderResultsPoster } from './results-poster.js';

const results = (over: Partial<SharedResults> = {}): SharedResults => ({
  language: 'mk',
  languages: ['mk', 'sl'],
  company: 'Демо компанија ДООЕЛ',
  survey_name: 'Задоволство 2029',
  year: 2029,
  min_group_size: 5,
  responses: 296,
  response_rate: 92.5,
  esi: 52.2,
  enps: -37.2,
  categories: [
    { id: 'job_content', label: 'Содржина на работата', mean: 3.01, favourable_pct: 72.4 },
    { id: 'communication', label: 'Комуникација и информирање', mean: 2.55, favourable_pct: 51 },
  ],
  focus_areas: [
    {
      kind: 'category',
      item_id: 'communication',
      label: 'Комуникација и информирање',
      mean: 2.55,
      favourable_pct: 51,
      actions: [{ title: 'Месечен состанок со раководството', description: '', due_on: '2031-03-01', status: 'in_progress' }],
    },
  ],
  message: 'Ви благодариме за одговорите.',
  published_at: '2030-01-05T08:00:00.000Z',
  ...over,
});

describe('the results poster', () => {
  it('is one A4 page with the figures, the focus areas, the message and the link, in Cyrillic', async () => {
    const url = 'https://example.org/mk/results/Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3';
    const bytes = await renderResultsPoster({ results: results(), url });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(Math.round(doc.getPage(0).getWidth())).toBe(595);
    const text = pdfText(bytes, { joinLines: true });
    expect(text).toContain('Вашите одговори – нашите мерки');
    expect(text).toContain('92,5 %');
    expect(text).toContain('52,2');
    expect(text).toContain('−37,2');
    expect(text).toContain('Комуникација и информирање');
    expect(text).toContain('Месечен состанок со раководството — во тек');
    expect(text).toContain('01.03.2031');
    expect(text).toContain('Ви благодариме за одговорите.');
    expect(text.replace(/\s/g, '')).toContain(url);
  });

  it('below the minimum it says why instead of showing figures', async () => {
    const bytes = await renderResultsPoster({ results: results({ language: 'sl', esi: null, enps: null, categories: [], focus_areas: [], response_rate: 3.1, responses: 4 }), url: 'https://example.org/rezultati/x' });
    const text = pdfText(bytes, { joinLines: true });
    expect(text).toContain('Odgovorilo je manj kot 5 zaposlenih');
    expect(text).not.toContain('Rezultati po področjih');
  });
});
