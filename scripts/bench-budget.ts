/**
 * The questionnaire's first-load JavaScript budget: the gzipped size of every JS file
 * the browser loads for the code-entry page, read from Vite's build manifest (dist/pwa/.vite/manifest.json):
 * the entry chunk of index.html with its static imports (modulepreloads), plus the chunk of the
 * `questionnaire` route in pwa/app/route-modules.ts with its static imports. Builds first when the
 * build is missing or older than its sources. Also prints the locale texts the first load fetches
 * (the UI language's namespaces; there is no fallback language), which are JS chunks too.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../server/config.js';

type Figure = (name: string, value: number | string) => void;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const QUESTIONNAIRE_JS_BUDGET_KB = 150;
const PWA_ROOT = path.join(REPO_ROOT, 'pwa');
/** The built PWA (vite build's outDir). */
export const DIST = path.join(REPO_ROOT, 'dist', 'pwa');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
const ROUTE_MODULES = path.join(PWA_ROOT, 'app', 'route-modules.ts');

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'e2e' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds the PWA when the build is missing or older than its sources. */
/** The PWA's build and its server renderer (dist/ssr), built again when older than their sources. */
export function ensureBuild(): void {
  const sources = ['pwa', 'shared', 'vite.config.ts', 'package-lock.json'].map((p) => newestMtime(path.join(REPO_ROOT, p)));
  const renderer = path.join(REPO_ROOT, 'dist', 'ssr', 'entry-server.js');
  const fresh = (file: string) => fs.existsSync(file) && fs.statSync(file).mtimeMs >= Math.max(...sources);
  if (fresh(MANIFEST) && fresh(renderer)) return;
  for (const args of [['build'], ['build', '--ssr']]) {
    const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`vite ${args.join(' ')} failed:\n${build.stdout}\n${build.stderr}`);
  }
  if (!fs.existsSync(MANIFEST) || !fs.existsSync(renderer)) throw new Error('the build left no manifest or no server renderer');
}

/** The manifest key (source path relative to pwa/) of the module the `questionnaire` route loads. */
export function questionnaireRouteSource(routeModules: string, manifest: Manifest): string {
  const line = /^\s*questionnaire:\s*(.+?),?\s*$/m.exec(routeModules)?.[1];
  if (!line) throw new Error('route-modules.ts has no questionnaire route');
  let specifier = /import\('([^']+)'\)/.exec(line)?.[1];
  if (!specifier) {
    // e.g. `questionnaire: entry` or `questionnaire: () => entry().then(...)`, with `const entry = () => import('...')`
    const name = /^(?:\(\)\s*=>\s*)?([A-Za-z_$][\w$]*)/.exec(line)?.[1];
    specifier = name ? new RegExp(`const ${name}\\b[^=]*=\\s*\\(\\)\\s*=>\\s*import\\('([^']+)'\\)`).exec(routeModules)?.[1] : undefined;
  }
  if (!specifier) throw new Error(`cannot tell which module the questionnaire route loads: ${line}`);
  const base = path.relative(PWA_ROOT, path.resolve(path.dirname(ROUTE_MODULES), specifier)).split(path.sep).join('/');
  const key = [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find((k) => manifest[k]);
  if (key) return key;
  // Built into vite.config.ts's 'code-entry' chunk group (RESPONDENT_CHUNKS): the module has no chunk of its own.
  const group = Object.keys(manifest).find((k) => manifest[k]?.name === 'code-entry' && !manifest[k]?.isEntry);
  if (!group) throw new Error(`the build manifest has no chunk for ${base}`);
  return group;
}

/** The chunk's JS file and those of its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no ${key}`);
  if (!chunk.file.endsWith('.js') || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const gzipKb = (files: Iterable<string>): number => [...files].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(DIST, file))).length, 0) / 1024;

export function benchBudget(figure: Figure): void {
  ensureBuild();
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('the build manifest has no index.html entry');
  const entry = staticClosure(manifest, entryKey, new Set());
  const files = staticClosure(manifest, questionnaireRouteSource(fs.readFileSync(ROUTE_MODULES, 'utf8'), manifest), new Set(entry));
  const total = gzipKb(files);
  figure('questionnaire_js_gzip_kb', total.toFixed(1));
  figure('questionnaire_js_budget_kb', QUESTIONNAIRE_JS_BUDGET_KB);
  figure('shared_entry_js_gzip_kb', gzipKb(entry).toFixed(1));
  // i18next loads the namespaces listed in pwa/i18n/index.ts for the page's language at start (no fallback language): sl here.
  const namespaces = /NAMESPACES = \[([^\]]*)\]/.exec(fs.readFileSync(path.join(PWA_ROOT, 'i18n', 'index.ts'), 'utf8'))?.[1]?.match(/[\w-]+/g) ?? [];
  const locales = ['sl'].flatMap((locale) => namespaces.map((ns) => manifest[`../shared/i18n/${locale}/${ns}.json`]?.file)).filter((f): f is string => f !== undefined);
  figure('questionnaire_locale_js_gzip_kb', gzipKb(new Set(locales)).toFixed(1));
}
