import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE_HASH_HEX, codeHash } from './code-hash.js';

describe('codeHash', () => {
  it('is the first 8 hex characters of SHA-256(salt:code)', () => {
    const full = createHash('sha256').update('salt:ABCDE-FGHJK').digest('hex');
    expect(codeHash('salt', 'ABCDE-FGHJK')).toBe(full.slice(0, CODE_HASH_HEX));
    expect(codeHash('salt', 'ABCDE-FGHJK')).toMatch(/^[0-9a-f]{8}$/);
    expect(codeHash('other', 'ABCDE-FGHJK')).not.toBe(codeHash('salt', 'ABCDE-FGHJK'));
  });
});
