import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Fewer, larger files on a respondent's way from the invitation link to the first statement. Left to itself the
 * bundler splits the shared modules into ~35 small chunks, and a phone on HTTP/1.1 fetches them six at a time, one
 * round trip each (150 ms on a slow network): most of a second of waiting. Groups, highest priority first (each takes
 * the dependencies the groups before it did not):
 * - `app`: everything the entry imports statically (what every page loads first anyway);
 * - `code-entry`: the code entry the invitation link opens (the questionnaire route);
 * - `journey`: the code's way on (the checks, the draft, the questionnaire's pages), without the big libraries and
 *   the question banks, which stay files of their own (other pages need them without the rest).
 */
const RESPONDENT_CHUNKS = [
  // The few modules the public pages' own script (pwa/public-page.ts, an entry that stays its own file) shares with the
  // app: a small file of their own, so that a public page does not load the app's.
  {
    name: 'public-shared',
    test: /(pwa[\\/]app[\\/]consent[\\/]consent|pwa[\\/]lib[\\/]kept-copy|shared[\\/]consent|shared[\\/]constants)\.ts$/,
    priority: 50,
  },
  { name: 'app', tags: ['$initial' as const], test: (id: string) => !/early-code-form|public-page|deferred-app/.test(id), priority: 40 },
  { name: 'code-entry', test: /pwa[\\/]app[\\/]questionnaire-route\.tsx$/, priority: 30 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 25 },
  { name: 'dexie', test: /node_modules[\\/]dexie[\\/]/, priority: 25 },
  { name: 'question-banks', test: /shared[\\/]question-banks[\\/]/, priority: 25 },
  {
    name: 'journey',
    test: /pwa[\\/]features[\\/]questionnaire[\\/](entry-actions\.ts|journey-pages\.tsx)$/,
    priority: 20,
  },
];

// The PWA lives in pwa/ and is built to dist/pwa, which the server serves. `vite build --ssr` builds the same pages
// for the server (pwa/entry-server.tsx -> dist/ssr/entry-server.js), which renders the public pages' HTML.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'pwa',
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? { outDir: '../dist/ssr', emptyOutDir: true, sourcemap: true, rollupOptions: { input: 'entry-server.tsx' } }
    : {
        outDir: '../dist/pwa',
        emptyOutDir: true,
        modulePreload: {
          // The entry's stylesheet is on every page already (linked, or written into a server-rendered page by
          // server/modules/pages/pages.service.ts `withInlineStylesheet`): a lazily loaded chunk that imports the entry
          // does not fetch it again (and wait for it) before it runs.
          resolveDependencies: (_file: string, deps: string[]) => deps.filter((dep) => !/(^|\/)index-[\w-]+\.css$/.test(dep)),
        },
        sourcemap: true,
        // .vite/manifest.json: the import graph `npm run bench` walks for the questionnaire's JS budget, and the files
        // the server names in a rendered page's head (server/modules/pages/preloads.ts).
        manifest: true,
        rolldownOptions: {
          input: {
            index: fileURLToPath(new URL('./pwa/index.html', import.meta.url)),
            // The code form's early submit: its own small file, which the server puts on a respondent's code entry.
            'early-code-form': fileURLToPath(new URL('./pwa/early-code-form.ts', import.meta.url)),
            // The one script of the public pages the server renders and does not hydrate (pwa/public-page.ts).
            'public-page': fileURLToPath(new URL('./pwa/public-page.ts', import.meta.url)),
            // The one script of registration and the code entry, which starts the app once the visitor uses the page
            // (pwa/deferred-app.ts).
            'deferred-app': fileURLToPath(new URL('./pwa/deferred-app.ts', import.meta.url)),
          },
          output: { codeSplitting: { groups: RESPONDENT_CHUNKS } },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  plugins: [
    react(),
    // The server never registers a service worker: its build gets an inert registerSW (the browser's comes from VitePWA).
    isSsrBuild && {
      name: 'server-pwa-register',
      resolveId: (id: string) => (id === 'virtual:pwa-register' ? '\0server-pwa-register' : null),
      load: (id: string) => (id === '\0server-pwa-register' ? 'export function registerSW() { return () => Promise.resolve(); }' : null),
    },
    !isSsrBuild &&
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      manifest: false, // pwa/public/manifest.webmanifest is served as is
      workbox: {
        // Precache the shell, every locale chunk and the fonts; the SPA fallback serves index.html offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2,json}'],
        // Reading scanned paper forms (pdf.js, its worker, the reader's worker: some 1.7 MB) is for HR's devices only,
        // not for every respondent's phone: the paper-entry page fetches them while online (scan-reader.ts
        // warmScanReading) and the 'scan-reading' cache below keeps them for reading offline.
        globIgnores: ['**/assets/pdf-*.js', '**/assets/pdf.worker*', '**/assets/scan.worker-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // The first install takes control at once so the very first visit already works offline.
        // Updates still wait for the user's "Reload" (registerType 'prompt', no skipWaiting).
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Public shell data: the network first, the last answer when offline. /api/me is never cached.
        runtimeCaching: [
          {
            // The files globIgnores leaves out (hashed names: a cached copy never goes stale).
            urlPattern: ({ url, request }) => request.method === 'GET' && /^\/assets\/(pdf-[^/]*\.js|pdf\.worker[^/]*|scan\.worker-[^/]*\.js)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'scan-reading', expiration: { maxEntries: 12 }, cacheableResponse: { statuses: [200] } },
          },
          {
            urlPattern: ({ url, request }) =>
              request.method === 'GET' && /^\/api\/(config|footer|partner-logo|leaderboards\/available-years)$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'shell-data',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 20, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Public content read before (the blog list and posts, a published winners year): offline, the copy from
            // the last visit instead of an error.
            urlPattern: ({ url, request }) => request.method === 'GET' && /^\/api\/(blogs(\/[^/]+\/[^/]+)?|leaderboards\/\d{4})$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'public-content',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
}));
