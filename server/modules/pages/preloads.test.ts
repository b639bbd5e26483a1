import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPreloads } from './preloads.js';

/** A build manifest in the shape Vite writes it (dist/pwa/.vite/manifest.json), with the files the tags name. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_api-1.js': { file: 'assets/api-1.js' },
  'early-code-form.ts': { file: 'assets/early-code-form-1.js', isEntry: true },
  'deferred-app.ts': { file: 'assets/deferred-app-1.js', isEntry: true },
  'features/accounts/register-page.tsx': { file: 'assets/register-page-1.js', imports: ['_react-1.js', '_api-1.js'] },
  '../shared/i18n/hr/account.json': { file: 'assets/account-hr.js' },
  '../shared/i18n/hr/common.json': { file: 'assets/common-hr.js' },
  // The questionnaire route's module is built into vite.config.ts's 'code-entry' group: no chunk of its own.
  '_code-entry-1.js': { file: 'assets/code-entry-1.js', name: 'code-entry', imports: ['_react-1.js', '_api-1.js'], dynamicImports: ['_journey-1.js'] },
  '_journey-1.js': { file: 'assets/journey-1.js', name: 'journey', imports: ['_db-1.js'] },
  '_db-1.js': { file: 'assets/db-1.js' },
  '../shared/i18n/sl/questionnaire.json': { file: 'assets/questionnaire-sl.js' },
  '../shared/i18n/en/questionnaire.json': { file: 'assets/questionnaire-en.js' },
};
const EARLY = 'document.addEventListener(`submit`,()=>{let s=`</script>`})';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-preloads-'));
fs.mkdirSync(path.join(dir, '.vite'));
fs.mkdirSync(path.join(dir, 'assets'));
fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
fs.writeFileSync(path.join(dir, 'assets', 'early-code-form-1.js'), `${EARLY}\n//# sourceMappingURL=early-code-form-1.js.map\n`);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('preloads of a server-rendered page', () => {
  const preloads = createPreloads(dir);

  it('the code entry: its locale’s texts (no fallback language) and its route’s chunk, never the entry’s own files, nor the questionnaire that follows', () => {
    const tags = preloads.links('questionnaire', 'sl', ['questionnaire']);
    const hrefs = [...tags.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['assets/questionnaire-sl.js', 'assets/code-entry-1.js', 'assets/api-1.js']);
    expect(tags.match(/<link/g)).toHaveLength(hrefs.length);
  });

  it('the code entry’s first tag is the early submit script, written into the page and allowed by its hash; other pages get none', () => {
    const text = EARLY.replace('</script>', '<\\/script>');
    expect(preloads.first('questionnaire')).toBe(`<script data-early-code-form>${text}</script>`);
    expect(preloads.earlyScript()).toEqual({ text, source: `'sha256-${createHash('sha256').update(text).digest('base64')}'` });
    expect(preloads.first('home')).toBe('');
    expect(preloads.links('home', 'en', ['pages'])).toBe('');
  });

  it('registration starts its app later: the small script, the app’s entry, and the entry’s own files, the page’s texts in its locale and its module', () => {
    expect(preloads.deferredApp('register', 'hr', ['common', 'account'])).toEqual({
      script: '/assets/deferred-app-1.js',
      entry: '/assets/index-1.js',
      files: ['/assets/react-1.js', '/assets/common-hr.js', '/assets/account-hr.js', '/assets/register-page-1.js', '/assets/api-1.js'],
    });
    // The code entry: its texts and its route's chunk, not the questionnaire that follows the code.
    expect(preloads.deferredApp('questionnaire', 'sl', ['questionnaire'])?.files).toEqual(['/assets/react-1.js', '/assets/questionnaire-sl.js', '/assets/code-entry-1.js', '/assets/api-1.js']);
  });

  it('without a build there is nothing to name', () => {
    const none = createPreloads(path.join(dir, 'missing'));
    expect(none.deferredApp('register', 'sl', ['account'])).toBeNull();
    expect(none.links('questionnaire', 'sl', ['questionnaire'])).toBe('');
    expect(none.first('questionnaire')).toBe('');
    expect(none.earlyScript()).toBeNull();
  });
});

describe('the sources preloads.ts names exist in the app', () => {
  it('every route module and questionnaire module it preloads is a file of pwa/', () => {
    const source = fs.readFileSync(new URL('./preloads.ts', import.meta.url), 'utf8');
    const named = [...source.matchAll(/'((?:app|features)\/[\w/-]+\.tsx?)'/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(1);
    for (const file of named) expect(fs.existsSync(new URL(`../../../pwa/${file}`, import.meta.url)), file).toBe(true);
    expect(fs.existsSync(new URL('../../../pwa/early-code-form.ts', import.meta.url))).toBe(true);
    expect(fs.existsSync(new URL('../../../pwa/deferred-app.ts', import.meta.url))).toBe(true);
    // The chunk groups it names are vite.config.ts's.
    const config = fs.readFileSync(new URL('../../../vite.config.ts', import.meta.url), 'utf8');
    const groups = [...source.matchAll(/'chunk:([\w-]+)'/g)].map((m) => m[1]);
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) expect(config, group).toContain(`name: '${group}'`);
  });
});
