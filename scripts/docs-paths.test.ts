/**
 * The docs are a map: every project path they name in backticks (`server/…`, `pwa/…`, `shared/…`, `print/…`,
 * `scripts/…`, `omr/…`, `docs/…`) exists, in README.md, docs/ (the decision records in docs/decisions/ too) and every
 * README.md under server/, pwa/, shared/, print/ and omr/; each server module and PWA feature has one. Patterns (`*`,
 * `<id>`, `[…]`) are not paths and are skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const NAMED_PATH = /`((?:server|pwa|shared|print|scripts|omr|docs|\.ci)\/[A-Za-z0-9_\-./[\]*<>]+)`/g;

function docFiles(): string[] {
  const inDocs: string[] = [];
  const walkDocs = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walkDocs(rel);
      else if (entry.name.endsWith('.md')) inDocs.push(rel);
    }
  };
  walkDocs('docs');
  const readmes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(rel);
      else if (entry.name === 'README.md') readmes.push(rel);
    }
  };
  for (const part of ['server', 'pwa', 'shared', 'print', 'omr']) if (fs.existsSync(path.join(ROOT, part))) walk(part);
  return ['README.md', ...inDocs, ...readmes];
}

/** The paths a document names that do not exist. */
export function missingPaths(text: string, exists: (p: string) => boolean): string[] {
  const missing: string[] = [];
  for (const match of text.matchAll(NAMED_PATH)) {
    const named = (match[1] ?? '').replace(/[.,:;)]+$/, '');
    if (/[*<>[\]]/.test(named)) continue;
    if (!exists(named)) missing.push(named);
  }
  return missing;
}

describe('paths named in the docs', () => {
  it('finds a path that does not exist and skips patterns', () => {
    const text = 'See `server/app.ts`, `server/nowhere.ts`, `server/db/migrations/*.sql` and `pwa/features/<feature>/`.';
    expect(missingPaths(text, (p) => p === 'server/app.ts')).toEqual(['server/nowhere.ts']);
  });

  it('reads the decision records and every module and feature README', () => {
    const files = docFiles();
    expect(files).toContain(path.join('docs', 'decisions', 'README.md'));
    expect(files.filter((f) => f.startsWith(path.join('docs', 'decisions') + path.sep)).length).toBeGreaterThan(1);
    for (const part of ['server/modules', 'pwa/features']) {
      for (const dir of fs.readdirSync(path.join(ROOT, part), { withFileTypes: true }).filter((d) => d.isDirectory())) {
        expect(files).toContain(path.join(part, dir.name, 'README.md'));
      }
    }
  });

  it('every path the README and docs name exists', () => {
    const missing = docFiles().flatMap((doc) => missingPaths(fs.readFileSync(path.join(ROOT, doc), 'utf8'), (p) => fs.existsSync(path.join(ROOT, p))).map((p) => `${doc}: ${p}`));
    expect(missing).toEqual([]);
  });
});
