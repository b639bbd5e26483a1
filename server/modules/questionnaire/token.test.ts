import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index.js';
import { startTestServer, type TestServer } from '../../test/helpers.js';
import { createQuestionnaireService } from './questionnaire.service.js';

// The questionnaire token is signed with jose and checked with node:crypto (synchronous HMAC):
// only an untouched HS256 token of this key, issuer and audience that has not expired is accepted.
const answers = () => ({
  language: 'sl',
  statements: Object.fromEntries(STATEMENTS.map((s, i) => [s.id, (i % 4) + 1])),
  enps_grade: 9,
  esi_workplace_satisfaction: 8,
  esi_workplace_expectations: 7,
  esi_ideal_job_comparison: 6,
  extra: { 'demo-q1': { value: 1 }, 'demo-q2': { value: 'Nič.' } },
});
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('questionnaire token check', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts its own token and refuses tampered, foreign, unsigned, expired and wrong-audience ones', async () => {
    const service = createQuestionnaireService({ db: t.handle.db, config: t.handle.config, clock: t.handle.clock });
    const token = (await service.access('DEMXA-AAAA4')).token;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const key = createHmac('sha256', t.handle.config.sessionSecret).update('izz:questionnaire-token').digest();
    const sign = (body: Record<string, unknown>, secret: Uint8Array = key) => new SignJWT(body).setProtectedHeader({ alg: 'HS256' }).sign(secret);

    const refused = [
      `${header}.${b64({ ...claims, cid: Number(claims.cid) + 1 })}.${signature}`, // payload changed, signature kept
      await sign(claims, createHmac('sha256', 'another-secret-of-at-least-32-chars!!').update('izz:questionnaire-token').digest()),
      `${b64({ alg: 'none' })}.${payload}.`,
      `${b64({ alg: 'none' })}.${payload}.${signature}`,
      await sign({ ...claims, aud: 'izz-kiosk' }),
      await sign({ ...claims, iss: 'someone' }),
      await sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }),
      await sign({ ...claims, exp: undefined }),
      `${token}x`,
      'not-a-token',
    ];
    for (const [i, bad] of refused.entries()) {
      expect(await service.submit({ id: randomUUID(), token: bad, answers: answers() }), `token ${i}`).toMatchObject({ status: 'rejected', code: 'invalid-token' });
    }
    const later = createQuestionnaireService({ db: t.handle.db, config: t.handle.config, clock: () => new Date(Number(claims.exp) * 1000 + 1000) });
    expect(await later.submit({ id: randomUUID(), token, answers: answers() })).toMatchObject({ status: 'rejected', code: 'invalid-token' });
    expect(await service.submit({ id: randomUUID(), token, answers: answers() })).toMatchObject({ status: 'applied' });
  });
});
