import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConsent } from '../../../shared/consent.js';
import { COOKIE_CONSENT_NAME, SESSION_HINT_COOKIE_NAME } from '../../../shared/constants.js';
import { json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

function post(body: string, headers: Record<string, string> = {}) {
  return t.fetch('/api/consent', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}

/** The Set-Cookie line of one cookie. */
function setCookie(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

function consentOf(res: Response) {
  const line = setCookie(res, COOKIE_CONSENT_NAME);
  return parseConsent(line?.split(';')[0]?.slice(COOKIE_CONSENT_NAME.length + 1));
}

describe('POST /api/consent (the banner without JavaScript)', () => {
  it('accepting all sets the consent cookie for 180 days and goes back to the page with 303', async () => {
    const res = await post(new URLSearchParams({ choice: 'all', back: '/en/blogs?page=2' }).toString());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/en/blogs?page=2');
    expect(consentOf(res)).toMatchObject({ necessary: true, analytics: true, marketing: true });
    const line = setCookie(res, COOKIE_CONSENT_NAME) ?? '';
    expect(line).toMatch(/Max-Age=15552000/);
    expect(line).toMatch(/Path=\//);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).not.toMatch(/HttpOnly/);
  });

  it('only necessary and the settings’ ticked boxes are stored as chosen', async () => {
    expect(consentOf(await post('choice=necessary&back=%2F'))).toMatchObject({ analytics: false, marketing: false });
    expect(consentOf(await post('choice=custom&analytics=on&back=%2F'))).toMatchObject({ analytics: true, marketing: false });
    expect(consentOf(await post('choice=custom&back=%2F'))).toMatchObject({ analytics: false, marketing: false });
  });

  it('expires the other cookies the request carried, keeping the necessary ones', async () => {
    const res = await post('choice=necessary&back=%2F', { cookie: `_ga=GA1.1.1; ${SESSION_HINT_COOKIE_NAME}=1; ${COOKIE_CONSENT_NAME}=old` });
    expect(setCookie(res, '_ga')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(setCookie(res, SESSION_HINT_COOKIE_NAME)).toBeUndefined();
  });

  it.each([
    ['an unknown choice', 'choice=everything&back=%2F', 'choice'],
    ['no choice', 'back=%2F', 'choice'],
    ['another site to return to', 'choice=all&back=https%3A%2F%2Fevil.example%2F', 'back'],
    ['a protocol-relative return', 'choice=all&back=%2F%2Fevil.example', 'back'],
    ['no return path', 'choice=all', 'back'],
    ['a box ticked with another value', 'choice=custom&analytics=yes&back=%2F', 'analytics'],
    ['a field the form does not have', 'choice=all&back=%2F&tracking=on', ''],
  ])('refuses %s with 422 and sets nothing', async (_name, body, field) => {
    const res = await post(body);
    expect(res.status).toBe(422);
    expect(setCookie(res, COOKIE_CONSENT_NAME)).toBeUndefined();
    const error = (await json<ErrorJson>(res)).error;
    expect(error.code).toBe('validation-failed');
    if (field) expect(error.details?.map((d) => d.path)).toContain(field);
  });

  it('says why in the page’s language', async () => {
    const body = 'choice=all&back=https%3A%2F%2Fevil.example%2F';
    const sl = (await json<ErrorJson>(await post(body, { 'x-locale': 'sl' }))).error.details?.find((d) => d.path === 'back')?.message;
    const de = (await json<ErrorJson>(await post(body, { 'x-locale': 'de' }))).error.details?.find((d) => d.path === 'back')?.message;
    expect(sl).toBe('Stran, na katero se vrnete, mora biti naslov na tem spletnem mestu.');
    expect(de).toBe('Die Seite, zu der Sie zurückkehren, muss eine Adresse dieser Website sein.');
  });

  it('refuses a body larger than the form sends (413) and a post from another site (403)', async () => {
    expect((await post(`choice=all&back=%2F${'a'.repeat(5000)}`)).status).toBe(413);
    expect((await post('choice=all&back=%2F', { origin: 'https://evil.example' })).status).toBe(403);
  });
});
