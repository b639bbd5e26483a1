import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/helpers.js';

const volatile = new Set(['date', 'etag', 'content-length', 'connection', 'keep-alive', 'x-request-id', 'vary', 'content-type', 'ratelimit', 'ratelimit-policy']);
function securityHeaders(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!volatile.has(k)) out[k] = v;
  });
  return out;
}

describe("the respondents' lane", () => {
  it('answers with the same security headers as the general pipeline, a request id, localized errors and one log line', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // At debug: at the default level a respondent's request has no line at all (pipeline.test.ts).
    const t = await startTestServer({}, { logger: pino({ level: 'debug' }, sink) });
    try {
      const general = await t.fetch('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const lane = await t.fetch('/api/responses', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'sl', 'x-request-id': 'lane-test-0001' }, body: '{"items":[]}' });
      expect(lane.status).toBe(422);
      expect(securityHeaders(lane)).toEqual(securityHeaders(general));
      expect(lane.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(lane.headers.get('x-request-id')).toBe('lane-test-0001');
      const body = (await lane.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('validation-failed');
      // the message is in the request's language (Slovenian here), as on every other route
      const en = (await (await t.fetch('/api/responses', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: '{"items":[]}' })).json()) as { error: { message: string } };
      expect(body.error.message).not.toBe(en.error.message);
      const laneLines = lines.map((l) => JSON.parse(l) as { time: number; req?: { id?: string; url?: string }; res?: { statusCode?: number } }).filter((l) => l.req?.id === 'lane-test-0001');
      // one pipeline: the request passed the shared blocks once, so one line
      expect(laneLines).toHaveLength(1);
      const line = laneLines[0];
      expect(line).toMatchObject({ req: { url: '/api/responses' }, res: { statusCode: 422 } });
      expect((line?.time ?? 1) % 3_600_000).toBe(0);
      expect(JSON.stringify(line)).not.toMatch(/127\.0\.0\.1|remoteAddress|user-agent/);
      // other methods and paths still go through the general pipeline
      expect((await t.fetch('/api/responses')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
