/**
 * Imported first by the PWA's entry (main.tsx), before any module builds a zod schema: zod's JIT compiles object
 * parsers with `new Function`, and merely probing for it is an eval that the server's Content-Security-Policy forbids
 * (Chromium reports a violation even though zod catches the error). Without the JIT zod parses the same way, a little
 * slower, which the PWA's small answers do not feel.
 */
import { config } from 'zod';

config({ jitless: true });
