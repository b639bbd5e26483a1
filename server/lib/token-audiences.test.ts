import { describe, expect, it } from 'vitest';
import { tokenAudiences } from './token-audiences.js';

const jwt = (payload: unknown) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('tokenAudiences', () => {
  it('reads a string or an array audience without verifying', () => {
    expect(tokenAudiences(jwt({ aud: 'izz-kiosk' }))).toEqual(['izz-kiosk']);
    expect(tokenAudiences(jwt({ aud: ['a', 1, 'b'] }))).toEqual(['a', 'b']);
  });
  it('answers [] for anything that is not a readable JWT', () => {
    expect(tokenAudiences('')).toEqual([]);
    expect(tokenAudiences('abc')).toEqual([]);
    expect(tokenAudiences('a.!!!.c')).toEqual([]);
    expect(tokenAudiences(jwt({ sub: 1 }))).toEqual([]);
  });
});
