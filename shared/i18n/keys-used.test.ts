/**
 * Every text key of shared/i18n/en is read by some code: a key nobody reads is a text translators keep
 * translating for nothing. Keys are found in the sources (pwa, server, print, shared, scripts; tests do
 * not count) as string literals ('nav.home', 'account:login.title'), as the fixed start of a template
 * (`nav.${id}` reads every nav.* key), or as a literal followed by a template's fixed end
 * ('termsOfService' with `${textKey}.title`). A literal counts for the namespaces its file reads
 * (useTranslation('x'), textsFor(…, 'x'), ns: 'x', 'x:key'); a file that names none counts for all.
 * A list (returnObjects) is one key.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TEXT_NAMESPACES } from './namespaces';
import { LOCALE_DIR } from './node';

const ROOT = path.resolve(LOCALE_DIR, '..', '..');
const SOURCE_DIRS = ['pwa', 'server', 'print', 'shared', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'e2e', 'test', 'i18n']);

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) sources(file, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(file);
  }
  return out;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
function keys(node: Json, prefix = '', out: string[] = []): string[] {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) for (const [k, v] of Object.entries(node)) keys(v, `${prefix}${k}.`, out);
  else out.push(prefix.slice(0, -1));
  return out;
}

interface Usage {
  literals: Set<string>;
  prefixes: Set<string>;
}

const NS = TEXT_NAMESPACES.join('|');
const nsOfFile = (text: string): string[] => {
  const found = new Set<string>();
  for (const m of text.matchAll(new RegExp(`useTranslation\\(\\s*\\[?\\s*'(${NS})'`, 'g'))) found.add(m[1] ?? '');
  for (const m of text.matchAll(new RegExp(`useTranslation\\(\\s*\\[([^\\]]*)\\]`, 'g'))) for (const n of (m[1] ?? '').matchAll(/'([\w-]+)'/g)) found.add(n[1] ?? '');
  for (const m of text.matchAll(new RegExp(`(?:textsFor|getFixedT)\\([^)]*'(${NS})'\\)`, 'g'))) found.add(m[1] ?? '');
  for (const m of text.matchAll(new RegExp(`\\bns:\\s*'(${NS})'`, 'g'))) found.add(m[1] ?? '');
  for (const m of text.matchAll(new RegExp(`\\b(?:NS|NAMESPACE)\\s*=\\s*'(${NS})'`, 'g'))) found.add(m[1] ?? '');
  return [...found].filter((n) => (TEXT_NAMESPACES as readonly string[]).includes(n));
};

function usage(): { byNs: Map<string, Usage>; suffixes: Set<string> } {
  const byNs = new Map<string, Usage>(TEXT_NAMESPACES.map((ns) => [ns, { literals: new Set<string>(), prefixes: new Set<string>() }]));
  const suffixes = new Set<string>();
  for (const file of SOURCE_DIRS.flatMap((d) => sources(path.join(ROOT, d)))) {
    const text = fs.readFileSync(file, 'utf8');
    const own = nsOfFile(text);
    const targets = own.length > 0 ? own : [...TEXT_NAMESPACES];
    const add = (raw: string, kind: 'literals' | 'prefixes') => {
      const m = new RegExp(`^(${NS}):(.*)$`, 's').exec(raw);
      const [nss, key] = m ? [[m[1] ?? ''], m[2] ?? ''] : [targets, raw];
      if (kind === 'prefixes' && key.length < 2) return;
      for (const ns of nss) byNs.get(ns)?.[kind].add(key);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node.text, 'literals');
      else if (ts.isTemplateExpression(node)) {
        add(node.head.text, 'prefixes');
        const tail = node.templateSpans.at(-1)?.literal.text ?? '';
        if (/^\.[\w.]+$/.test(tail)) suffixes.add(tail);
      } else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) add(node.initializer.text, 'literals');
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  }
  return { byNs, suffixes };
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('text keys', () => {
  it('every English key is read by some code', () => {
    const { byNs, suffixes } = usage();
    const unused: string[] = [];
    for (const ns of TEXT_NAMESPACES) {
      const used = byNs.get(ns) ?? { literals: new Set<string>(), prefixes: new Set<string>() };
      const tree = JSON.parse(fs.readFileSync(path.join(LOCALE_DIR, 'en', `${ns}.json`), 'utf8')) as Json;
      for (const full of keys(tree)) {
        const key = full.replace(PLURAL, '');
        if (used.literals.has(key)) continue;
        if ([...used.prefixes].some((p) => key.startsWith(p))) continue;
        if ([...suffixes].some((s) => key.endsWith(s) && used.literals.has(key.slice(0, -s.length)))) continue;
        unused.push(`${ns}: ${full}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
