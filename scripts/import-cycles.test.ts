/**
 * No import cycles between the project's modules (server, shared, print, pwa, scripts): a value import that comes back
 * to where it started makes the load order decide what a module sees. Type-only imports are erased and do not count.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const PARTS = ['server', 'shared', 'print', 'pwa', 'scripts'];

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'e2e') walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(rel);
    }
  };
  for (const part of PARTS) walk(part);
  return files;
}

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Each file's value imports of other project files. */
export function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps: string[] = [];
    for (const match of read(file).matchAll(IMPORT)) {
      const target = path.normalize(path.join(path.dirname(file), match[1] ?? '')).replace(/\.js$/, '');
      const found = [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), target].find((candidate) => known.has(candidate));
      if (found) deps.push(found);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan), each one a cycle or a knot of cycles. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles', () => {
  it('finds a cycle when there is one, and not when imports are type-only', () => {
    const sources: Record<string, string> = {
      'a.ts': "import { b } from './b.js';",
      'b.ts': "import { a } from './a.js';",
      'c.ts': "import type { d } from './d.js';",
      'd.ts': "export { c } from './c.js';",
    };
    expect(cycles(importGraph(Object.keys(sources), (f) => sources[f] ?? ''))).toEqual([['a.ts', 'b.ts']]);
  });

  it('the project has none', () => {
    expect(cycles(importGraph(sourceFiles(), (f) => fs.readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
  });
});
