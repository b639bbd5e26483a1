import { describe, expect, it } from 'vitest';
import { hashPassword, hashPasswordSync, verifyPassword } from './password.js';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('demo1234');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('demo1234', hash)).toBe(true);
    expect(await verifyPassword('demo12345', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('uses a fresh salt per hash, and the sync variant is compatible', async () => {
    const a = await hashPassword('same');
    const b = hashPasswordSync('same');
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    for (const bad of ['', 'plain', 'bcrypt$1$2$3$4$5', 'scrypt$x$8$1$abc$def', 'scrypt$16384$8$1$$']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });
});
