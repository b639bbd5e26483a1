/**
 * The code entry's plain form (a POST before the app's JavaScript has arrived) given a body it cannot have sent: more
 * fields than a code, a body far too large, another charset. The answer is the code entry's page in the request's
 * language with a clear message, at a 4xx status, never the API's JSON error, and nothing is logged at error level
 *. The page renderer here is a stand-in that writes the page state it was given into the page, as the
 * real one hands it to the app (pwa/e2e/code-form.spec.ts shows the real page in a browser).
 */
import fs from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_FORM_STATE_KEY } from '../../../shared/constants.js';
import { textsFor } from '../../../shared/i18n/node.js';
import type { UiLocale } from '../../../shared/locales.js';
import { localizedPath } from '../../../shared/routes.js';
import type { CodeFormState } from '../../../shared/schemas/questionnaire.js';
import { makeFakeDistWithEchoRenderer, makeTempDir, renderedPageState, startTestServer, type TestServer } from '../../test/helpers.js';

const lines: { level: number; msg?: string }[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number });
    done();
  },
});

let rendered: TestServer;
let shellOnly: TestServer;
let root: string;
beforeAll(async () => {
  root = makeTempDir('izz-code-form-');
  rendered = await startTestServer({ STATIC_DIR: makeFakeDistWithEchoRenderer(root) }, { logger: pino({ level: 'debug' }, sink) });
  shellOnly = await startTestServer({}, { logger: pino({ level: 'debug' }, sink) });
});
afterAll(async () => {
  await rendered.close();
  await shellOnly.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const post = (t: TestServer, locale: UiLocale, body: string, contentType = 'application/x-www-form-urlencoded') =>
  t.fetch(localizedPath('questionnaire', locale), { method: 'POST', body, headers: { 'Content-Type': contentType, Origin: t.baseUrl } });

/** The code form's page state in the rendered page's payload. */
const formState = (html: string) => renderedPageState(html)?.[CODE_FORM_STATE_KEY] as CodeFormState | undefined;

const unreadable = (locale: UiLocale) => textsFor(locale, 'questionnaire')('entry.formUnreadable');
const errorLines = () => lines.filter((l) => l.level >= 50);

describe('the plain code form given a body it cannot have sent', () => {
  it.each([
    ['more than 5 fields', 'en', 413, 'code=ABCDE-FGH23&a=1&b=2&c=3&d=4&e=5'],
    ['a body far over 2 kB', 'sl', 413, `code=${'A'.repeat(10_000)}`],
    ['more than 5 fields', 'mk', 413, 'code=ABCDE-FGH23&a=1&b=2&c=3&d=4&e=5&f=6'],
  ] as const)('%s (%s): the code entry page with a clear message in the language, %i, not JSON, no error logged', async (_what, locale, status, body) => {
    lines.length = 0;
    const res = await post(rendered, locale, body);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain('<main id="main">rendered</main>');
    expect(formState(html)).toEqual({ code: '', error: { kind: 'refused', message: unreadable(locale) } });
    expect(unreadable(locale)).not.toBe(unreadable('de'));
    expect(errorLines()).toEqual([]);
  });

  it('another charset is 415 with the same page; a form the code entry sends is still checked as before', async () => {
    const charset = await post(rendered, 'de', 'code=ABCDE-FGH23', 'application/x-www-form-urlencoded; charset=koi8-r');
    expect(charset.status).toBe(415);
    expect(formState(await charset.text())).toEqual({ code: '', error: { kind: 'refused', message: unreadable('de') } });

    const malformed = await post(rendered, 'en', 'code=12');
    expect(malformed.status).toBe(422);
    expect(formState(await malformed.text())).toEqual({ code: '12', error: { kind: 'invalid-format' } });
    expect(errorLines()).toEqual([]);
  });

  it('without the page renderer: the app’s page with the message in it, at the same 4xx status', async () => {
    lines.length = 0;
    const res = await post(shellOnly, 'fr', 'code=ABCDE-FGH23&a=1&b=2&c=3&d=4&e=5');
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`<p class="notice notice-error" role="alert">${unreadable('fr')}</p>`);
    expect(html).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
    expect(errorLines()).toEqual([]);

    const large = await post(shellOnly, 'hr', `code=${'A'.repeat(10_000)}`);
    expect(large.status).toBe(413);
    expect(await large.text()).toContain(unreadable('hr'));
  });

  it('a POST to a page that is not a code entry is not read as a form', async () => {
    const res = await rendered.fetch('/en/blogs', { method: 'POST', body: `x=${'A'.repeat(10_000)}`, headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: rendered.baseUrl } });
    expect(res.status).toBe(404);
    expect(errorLines()).toEqual([]);
  });
});
