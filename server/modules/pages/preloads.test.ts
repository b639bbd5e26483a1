import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPreloads } from './preloads.js';

/** A build manifest in the shape Vite writes it (dist/pwa/.vite/manifest.json), with the files the tags name. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_api-1.js': { file: 'assets/api-1.js' },
  'early-code-form.ts': { file: 'assets/early-code-form-1.js', isEntry: true },
  'app/questionnaire-route.tsx': { file: 'assets/questionnaire-route-1.js', imports: ['_react-1.js', '_api-1.js'] },
  'features/questionnaire/entry-actions.ts': { file: 'assets/entry-actions-1.js', imports: ['_db-1.js'] },
  '_db-1.js': { file: 'assets/db-1.js' },
  'features/questionnaire/journey-pages.tsx': { file: 'assets/journey-pages-1.js', imports: ['_db-1.js'] },
  '../shared/i18n/sl/questionnaire.json': { file: 'assets/questionnaire-sl.js' },
  '../shared/i18n/en/questionnaire.json': { file: 'assets/questionnaire-en.js' },
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-preloads-'));
fs.mkdirSync(path.join(dir, '.vite'));
fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('preloads of a server-rendered page', () => {
  const preloads = createPreloads(dir);

  it('the code entry: its texts and route module first, then the questionnaire at low priority, never the entry’s own files', () => {
    const tags = preloads.links('questionnaire', 'sl', ['questionnaire']);
    const hrefs = [...tags.matchAll(/<link rel="modulepreload" crossorigin (fetchpriority="low" )?href="\/([^"]+)">/g)].map((m) => `${m[1] ? 'low ' : ''}${m[2]}`);
    expect(hrefs).toEqual(['assets/questionnaire-sl.js', 'assets/questionnaire-en.js', 'assets/questionnaire-route-1.js', 'assets/api-1.js', 'low assets/entry-actions-1.js', 'low assets/db-1.js', 'low assets/journey-pages-1.js']);
  });

  it('the code entry’s first tag is the early submit script, async and high priority; other pages get none', () => {
    expect(preloads.first('questionnaire')).toBe('<script type="module" async fetchpriority="high" crossorigin src="/assets/early-code-form-1.js"></script>');
    expect(preloads.first('home')).toBe('');
    expect(preloads.links('home', 'en', ['pages'])).toBe('');
  });

  it('without a build there is nothing to name', () => {
    const none = createPreloads(path.join(dir, 'missing'));
    expect(none.links('questionnaire', 'sl', ['questionnaire'])).toBe('');
    expect(none.first('questionnaire')).toBe('');
  });
});

describe('the sources preloads.ts names exist in the app', () => {
  it('every route module and questionnaire module it preloads is a file of pwa/', () => {
    const source = fs.readFileSync(new URL('./preloads.ts', import.meta.url), 'utf8');
    const named = [...source.matchAll(/'((?:app|features)\/[\w/-]+\.tsx?)'/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(3);
    for (const file of named) expect(fs.existsSync(new URL(`../../../pwa/${file}`, import.meta.url)), file).toBe(true);
    expect(fs.existsSync(new URL('../../../pwa/early-code-form.ts', import.meta.url))).toBe(true);
  });
});
