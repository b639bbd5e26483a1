/**
 * The compiled server: server/index.ts and everything it imports from server/, shared/ and print/ in one
 * ES module, build/server.js (with a source map), so production runs plain `node` (`npm start`) without
 * a TypeScript transpiler. Packages stay in node_modules (better-sqlite3 is native). The file must stay one
 * level below the project folder: REPO_ROOT, the migrations, the locale files and the PWA build are found
 * from there. Run by `npm run build`; the start-up test builds its own copy.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export async function buildServer(root: string, outfile = path.join(root, 'build', 'server.js')): Promise<string> {
  await build({
    entryPoints: [path.join(root, 'server', 'index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const out = await buildServer(root);
  console.log(`server built: ${path.relative(root, out)}`);
}
