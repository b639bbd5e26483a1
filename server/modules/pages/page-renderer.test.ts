// @vitest-environment jsdom
// The server's HTML is parsed the way a browser parses it (jsdom's HTML parser), so "cannot break out of the script
// element" is checked against a real tokenizer, not against a list of substrings alone.
import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME, SESSION_HINT_COOKIE_NAME } from '../../../shared/constants.js';
import { localizedPath, matchRoute, type RouteId, type RouteMatch } from '../../../shared/routes.js';
import { createPageRenderer, jsonForScript, rendererFile } from './page-renderer.js';
import { withDeferredApp, withInlineStylesheet, withRenderedPage } from './pages.service.js';

const TEMPLATE = `<!doctype html>
<html lang="sl">
  <head><meta charset="utf-8"><title>Izbor zaposlovalca</title><script type="module" src="/assets/index-abc123.js"></script></head>
  <body>
    <div id="root"></div>
    <noscript>This site needs JavaScript. / Ta stran potrebuje JavaScript.</noscript>
  </body>
</html>
`;

/** A request as Express hands it to the page route: method, Cookie header, the socket it came in on. */
function fakeRequest(pathname: string, options: { method?: string; cookie?: string } = {}): Request {
  return {
    method: options.method ?? 'GET',
    originalUrl: pathname,
    path: pathname.split('?')[0],
    headers: options.cookie === undefined ? {} : { cookie: options.cookie },
    socket: { localAddress: '::ffff:127.0.0.1', localPort: 4321 },
  } as unknown as Request;
}

function match(pathname: string): RouteMatch {
  const found = matchRoute(pathname);
  if (!found) throw new Error(`no route for ${pathname}`);
  return found;
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

/** Everything a hostile page text could try: close the element, open a comment, end a line in old JS parsers. */
const HOSTILE = {
  title: '</script><script>alert(1)</script>',
  upper: '</SCRIPT ><img src=x onerror=alert(2)>',
  comment: '<!-- <script> -->',
  separators: 'line\u2028para\u2029end',
  amp: 'Tom & Jerry &lt;b&gt;',
  nested: { list: ['<', '>', '</script', '<!--'], quote: '"\'`' },
};

describe('jsonForScript', () => {
  it('has nothing that could close the script element, open a comment or end a line, and parses back to the same value', () => {
    const json = jsonForScript(HOSTILE);
    expect(json).not.toMatch(/<|>/);
    expect(json).not.toContain('\u2028');
    expect(json).not.toContain('\u2029');
    expect(json.toLowerCase()).not.toContain('</script');
    expect(json).not.toContain('<!--');
    expect(JSON.parse(json)).toEqual(HOSTILE);
  });

  it('in a rendered page, the browser reads exactly the data as one inert JSON element: no script or element of the data’s text', () => {
    const page = withRenderedPage(TEMPLATE, { html: '<main id="main"><h1>Naslov</h1></main>', payload: jsonForScript(HOSTILE) });
    const doc = parse(page);
    const scripts = [...doc.querySelectorAll('script')];
    // the template's module script and the payload, nothing the data opened
    expect(scripts.map((s) => s.getAttribute('type'))).toEqual(['module', 'application/json']);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    const data = doc.getElementById('ssr-data');
    expect(JSON.parse(data?.textContent ?? '')).toEqual(HOSTILE);
    // the payload element ends where it should: the body goes on after it
    expect(data?.parentElement).toBe(doc.body);
    expect(data?.previousElementSibling?.id).toBe('root');
  });
});

describe('withRenderedPage', () => {
  it('puts the page’s HTML into #root and the payload right after it', () => {
    const page = withRenderedPage(TEMPLATE, { html: '<header class="site-header">H</header><main id="main"><h1>Domov</h1></main>', payload: '{"route":"sl:home"}' });
    expect(page).toContain('<div id="root"><header class="site-header">H</header><main id="main"><h1>Domov</h1></main></div><script type="application/json" id="ssr-data">{"route":"sl:home"}</script>');
    const doc = parse(page);
    expect(doc.querySelector('#root main h1')?.textContent).toBe('Domov');
    expect(doc.querySelector('#root #ssr-data')).toBeNull();
    // the rest of the template is as it was
    expect(doc.documentElement.lang).toBe('sl');
    expect(doc.title).toBe('Izbor zaposlovalca');
  });

  it('drops the notice that the site needs JavaScript: the page is there without it', () => {
    const page = withRenderedPage(TEMPLATE, { html: '<main id="main"><h1>Domov</h1></main>', payload: '{}' });
    expect(parse(page).querySelectorAll('noscript')).toHaveLength(0);
    expect(page).not.toContain('needs JavaScript');
    // the app's own shell (a page the server does not render) keeps it
    expect(parse(TEMPLATE).querySelector('noscript')?.textContent).toContain('needs JavaScript');
  });

  it('takes `$` sequences in the page literally (no replacement patterns)', () => {
    const page = withRenderedPage(TEMPLATE, { html: "<p>$& $' $` $1 €</p>", payload: '{"price":"$&"}' });
    expect(parse(page).querySelector('#root p')?.textContent).toBe("$& $' $` $1 €");
    expect(JSON.parse(parse(page).getElementById('ssr-data')?.textContent ?? '')).toEqual({ price: '$&' });
  });

  it('puts head tags at the end of the head, and the first ones before the app’s own script', () => {
    const page = withRenderedPage(TEMPLATE, { html: '<main id="main"></main>', payload: '{}' }, '<link rel="modulepreload" href="/assets/later.js">', '<script type="module" async src="/assets/early.js"></script>');
    const head = [...parse(page).head.children].map((el) => el.getAttribute('src') ?? el.getAttribute('href') ?? el.tagName.toLowerCase());
    expect(head).toEqual(['/assets/early.js', 'meta', 'title', '/assets/index-abc123.js', '/assets/later.js']);
  });

  it('leaves a template without an empty <div id="root"></div> as it is', () => {
    for (const other of [TEMPLATE.replace('<div id="root"></div>', '<div id="app"></div>'), TEMPLATE.replace('<div id="root"></div>', '<div id="root">already</div>'), '']) {
      expect(withRenderedPage(other, { html: '<h1>X</h1>', payload: '{}' })).toBe(other);
    }
  });
});

describe('createPageRenderer().wants', () => {
  const renderer = createPageRenderer({ staticDir: '/nonexistent/dist/pwa' });
  const publicPages: [RouteId, Record<string, string>][] = [
    ['home', {}],
    ['blogs', {}],
    ['blogPost', { slug: 'what-enps-tells-you' }],
    ['pastWinners', { slug: '2024' }],
    ['calculator', {}],
    ['feedback', {}],
    ['contact', {}],
    ['gdpr', {}],
  ];
  const codeEntries: RouteId[] = ['questionnaire', 'employeeSatisfactionPage', 'questionnairePuls'];
  const private_: [RouteId, Record<string, string>][] = [
    ['profileIzz', {}],
    ['profileIzzDetail', { id: '12' }],
    ['profileEdit', {}],
    ['admin', {}],
    ['reportBasic', {}],
    ['reportComparative', {}],
    ['login', {}],
    ['employeeSatisfactionQuestionnaire', {}],
    ['questionnaireKiosk', {}],
  ];

  it.each(['sl', 'en', 'hr'] as const)('renders the public pages and the code entry for a guest (%s)', (locale) => {
    for (const [id, params] of publicPages) {
      const p = localizedPath(id, locale, params);
      expect(renderer.wants(fakeRequest(p), match(p)), p).toBe(true);
      // a guest with only the cookie choice (and any other cookie) is still a guest
      expect(renderer.wants(fakeRequest(p, { cookie: 'cookie_consent=x; _ga=1' }), match(p)), p).toBe(true);
    }
    for (const id of codeEntries) {
      const p = localizedPath(id, locale);
      expect(renderer.wants(fakeRequest(`${p}?code=ABCDE-FGHJK`), match(p)), p).toBe(true);
    }
    // Registration, the guest form the public pages lead to.
    const register = localizedPath('register', locale);
    expect(renderer.wants(fakeRequest(register), match(register)), register).toBe(true);
  });

  it('gives a signed-in visitor the app’s shell (the hint cookie anywhere in the header)', () => {
    for (const cookie of [`${SESSION_HINT_COOKIE_NAME}=1`, `cookie_consent=x; ${SESSION_HINT_COOKIE_NAME}=1`, `${SESSION_COOKIE_NAME}=tok;${SESSION_HINT_COOKIE_NAME}=1`]) {
      for (const p of ['/', '/en/blogs', localizedPath('calculator', 'de'), localizedPath('questionnaire', 'sl')]) {
        expect(renderer.wants(fakeRequest(p, { cookie }), match(p)), `${p} ${cookie}`).toBe(false);
      }
    }
  });

  it('does not take a cookie whose name only starts like the hint for it', () => {
    expect(renderer.wants(fakeRequest('/', { cookie: `${SESSION_HINT_COOKIE_NAME}_old=1` }), match('/'))).toBe(true);
  });

  it('never renders the profile, administration, reports, account screens or the questionnaire itself', () => {
    for (const locale of ['sl', 'en'] as const) {
      for (const [id, params] of private_) {
        const p = localizedPath(id, locale, params);
        expect(renderer.wants(fakeRequest(p), match(p)), p).toBe(false);
      }
    }
  });

  it('renders reads only (and the code form’s plain submit), not other methods', () => {
    expect(renderer.wants(fakeRequest('/', { method: 'HEAD' }), match('/'))).toBe(true);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(renderer.wants(fakeRequest('/', { method }), match('/')), method).toBe(false);
  });
});

describe('createPageRenderer().render', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  /**
   * A build directory: <tmp>/pwa (the static dir) and, when given, <tmp>/ssr/entry-server.js. Inside the project
   * (.tmp/, ignored by git): vitest's module runner imports nothing from outside it.
   */
  function buildDir(entryServer?: string): string {
    fs.mkdirSync(path.resolve('.tmp'), { recursive: true });
    const root = fs.mkdtempSync(path.resolve('.tmp', 'ssr-renderer-'));
    dirs.push(root);
    const staticDir = path.join(root, 'pwa');
    fs.mkdirSync(staticDir);
    if (entryServer !== undefined) {
      fs.mkdirSync(path.join(root, 'ssr'));
      fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
      fs.writeFileSync(path.join(root, 'ssr', 'entry-server.js'), entryServer);
    }
    return staticDir;
  }

  it('looks for the renderer beside the static dir', () => {
    expect(rendererFile('/srv/app/dist/pwa')).toBe(path.join('/srv/app/dist', 'ssr', 'entry-server.js'));
  });

  it('resolves null without a built renderer (the app’s shell is answered)', async () => {
    const renderer = createPageRenderer({ staticDir: buildDir() });
    await expect(renderer.render(fakeRequest('/'))).resolves.toBeNull();
  });

  it('gives the renderer the page’s URL on the loopback address and the visitor’s cookies, and serialises its payload safely', async () => {
    const staticDir = buildDir(`export async function render(input) {
      return { kind: 'page', html: '<h1>' + input.url + '</h1>', payload: { cookies: input.cookies, timeout: input.timeoutMs, evil: '</script><!--\\u2028' } };
    }`);
    const renderer = createPageRenderer({ staticDir, timeoutMs: 1234 });
    const page = await renderer.render(fakeRequest('/en/blogs?x=1', { cookie: 'cookie_consent=abc' }));
    expect(page?.html).toBe('<h1>http://127.0.0.1:4321/en/blogs?x=1</h1>');
    expect(page?.payload).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(page?.payload ?? '')).toEqual({ cookies: 'cookie_consent=abc', timeout: 1234, evil: '</script><!--\u2028' });
  });

  it('warm() loads the renderer and runs its warm-up once (a failure is logged, not thrown; no renderer is no work)', async () => {
    const staticDir = buildDir(`globalThis.__warmed = (globalThis.__warmed ?? 0);
      export async function warm() { globalThis.__warmed += 1; }
      export async function render() { return { kind: 'none' }; }`);
    const renderer = createPageRenderer({ staticDir });
    await renderer.warm();
    expect((globalThis as { __warmed?: number }).__warmed).toBe(1);

    const errors: unknown[] = [];
    const logger = { error: (...args: unknown[]) => errors.push(args) } as unknown as Parameters<typeof createPageRenderer>[0]['logger'];
    const failing = createPageRenderer({ staticDir: buildDir("export async function warm() { throw new Error('no texts'); }"), ...(logger ? { logger } : {}) });
    await expect(failing.warm()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    await expect(createPageRenderer({ staticDir: buildDir() }).warm()).resolves.toBeUndefined();
  });

  it('resolves null for a redirect, a page it does not render, and a renderer that throws', async () => {
    for (const body of [
      "export async function render() { return { kind: 'redirect', location: '/en', status: 302 }; }",
      "export async function render() { return { kind: 'none' }; }",
      "export async function render() { throw new Error('boom'); }",
    ]) {
      const errors: unknown[] = [];
      const logger = { error: (...args: unknown[]) => errors.push(args) } as unknown as Parameters<typeof createPageRenderer>[0]['logger'];
      const renderer = createPageRenderer({ staticDir: buildDir(body), ...(logger ? { logger } : {}) });
      await expect(renderer.render(fakeRequest('/')), body).resolves.toBeNull();
      expect(errors.length, body).toBe(body.includes('throw') ? 1 : 0);
    }
  });
});

describe('withInlineStylesheet (the code entry on a slow phone)', () => {
  const page = '<head><link rel="stylesheet" crossorigin href="/assets/index-Ab_1.css"></head><body></body>';

  it('writes the first stylesheet into the page, one round trip less before the code field shows; a disabled link names it', () => {
    const html = withInlineStylesheet(page, (file) => (file === 'assets/index-Ab_1.css' ? 'body{color:#111}' : null));
    expect(html).toBe('<head><style>body{color:#111}</style><link rel="stylesheet" href="/assets/index-Ab_1.css" disabled></head><body></body>');
  });

  it('keeps the link when the file is missing, and cannot close the style element early', () => {
    expect(withInlineStylesheet(page, () => null)).toBe(page);
    expect(withInlineStylesheet(page, () => 'a{}</style><script>x</script>')).not.toContain('</style><script>');
  });
});

describe('withDeferredApp (registration and the code entry: the app starts once the visitor uses the page)', () => {
  const page =
    '<head><script type="module" crossorigin src="/assets/index-Ab_1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/runtime-1.js">\n<link rel="stylesheet" crossorigin href="/assets/index-Ab_1.css"></head><body></body>';

  it('the app’s script and preloads give way to the small script, told the entry and the files the app needs here', () => {
    const html = withDeferredApp(page, { script: '/assets/deferred-app-1.js', entry: '/assets/index-Ab_1.js', files: ['/assets/runtime-1.js', '/assets/account-sl.js'] });
    expect(html).toBe(
      '<head><link rel="stylesheet" crossorigin href="/assets/index-Ab_1.css"><script type="module" crossorigin src="/assets/deferred-app-1.js" data-app="/assets/index-Ab_1.js" data-app-files="/assets/runtime-1.js /assets/account-sl.js"></script></head><body></body>',
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('script[type="module"]')).toHaveLength(1);
    expect(doc.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });

  it('without the small script (no build manifest) the page keeps the app’s own script', () => {
    expect(withDeferredApp(page, null)).toBe(page);
  });
});
