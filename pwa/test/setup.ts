/**
 * Setup of the pwa vitest project, run before each test file.
 * - Testing Library's findBy… and waitFor wait for a state for 1 s by default; on CI's two busy cores a render after a
 *   fetch can take longer than that, so they wait up to 10 s (a state that comes early ends the wait early; the test's
 *   own timeout still bounds it).
 * - The files of a worker share one module graph (`isolate: false` in vitest.config.ts: each file importing React, the
 *   texts and the app's modules again cost more than the tests themselves). What lives in a module and outlives a file
 *   is ended after each: the app's sync engine (started by the pages a test renders, over the fetch of that test).
 * - Every file has fake-indexeddb's IndexedDB (jsdom has none), installed before anything imports Dexie, which takes the
 *   browser's IndexedDB when it is first imported; a file's own databases are its to clear.
 */
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';
import { stopAppSync } from '../sync/app-engine';

configure({ asyncUtilTimeout: 10_000 });

afterAll(() => {
  stopAppSync();
});
