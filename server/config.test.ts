import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { makeTempDir } from './test/helpers.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = makeTempDir('izz-config-');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function loadError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      port: 3000,
      market: 'hr',
      timeZone: 'Europe/Ljubljana',
      minGroupSize: 5,
      nodeEnv: 'development',
      smtpUrl: null,
      publicUrl: null,
      origin: 'http://localhost:3000',
      trustProxy: false,
      operatorLocale: 'hr',
      seedDemo: true,
      seedDemoMarket: true,
      mailClaimMs: 30_000,
    });
    expect(config.operatorEmail).toBe(config.contactEmail);
    // Without PUBLIC_URL, links are built on the fixed development origin of the configured port.
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '4100' }).origin).toBe('http://localhost:4100');
  });

  it('names PORT when it is not a port number', () => {
    const error = loadError({ PORT: 'eighty' });
    expect(error.variables).toEqual(['PORT']);
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('"eighty"');
    expect(loadError({ PORT: '70000' }).variables).toEqual(['PORT']);
  });

  it('names MARKET when it is not one of hr, si, ba, rs, mk', () => {
    const error = loadError({ MARKET: 'de' });
    expect(error.variables).toEqual(['MARKET']);
    expect(error.message).toMatch(/MARKET/);
  });

  it('takes MAIL_CLAIM_MS from 1 second to 10 minutes, and names it outside', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), MAIL_CLAIM_MS: '6000' }).mailClaimMs).toBe(6000);
    expect(loadError({ MAIL_CLAIM_MS: '500' }).variables).toEqual(['MAIL_CLAIM_MS']);
    expect(loadError({ MAIL_CLAIM_MS: '600001' }).variables).toEqual(['MAIL_CLAIM_MS']);
  });

  it('names every bad variable at once', () => {
    const error = loadError({ PORT: '-1', MIN_GROUP_SIZE: '2', TIME_ZONE: 'Mars/Olympus', PUBLIC_URL: 'ftp://x' });
    expect(error.variables.sort()).toEqual(['MIN_GROUP_SIZE', 'PORT', 'PUBLIC_URL', 'TIME_ZONE']);
  });

  it('requires SESSION_SECRET, PUBLIC_URL and OPERATOR_EMAIL in production', () => {
    const error = loadError({ NODE_ENV: 'production' });
    expect(error.variables).toEqual(['SESSION_SECRET', 'PUBLIC_URL', 'OPERATOR_EMAIL']);
    const ok = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://izz.example.com/',
      OPERATOR_EMAIL: 'ops@example.com',
    });
    expect(ok.publicUrl).toBe('https://izz.example.com');
    expect(ok.origin).toBe('https://izz.example.com');
    expect(ok.seedDemo).toBe(false);
    expect(ok.seedDemoMarket).toBe(false);
  });

  it('seeds the demo market as SEED_DEMO says unless SEED_DEMO_MARKET says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'false' }).seedDemoMarket).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO_MARKET: 'false' })).toMatchObject({ seedDemo: true, seedDemoMarket: false });
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'false', SEED_DEMO_MARKET: 'true' })).toMatchObject({ seedDemo: false, seedDemoMarket: true });
    expect(loadError({ SEED_DEMO_MARKET: 'maybe' }).variables).toEqual(['SEED_DEMO_MARKET']);
  });

  it('generates a development session secret once and keeps it across restarts', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(fs.readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
    expect(loadConfig({ DATA_DIR: tempDir() }).sessionSecret).not.toBe(first.sessionSecret);
  });

  it('parses TRUST_PROXY as a boolean, hop count or address list', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(loadError({ TRUST_PROXY: 'everyone!' }).variables).toEqual(['TRUST_PROXY']);
  });
});
