import { describe, expect, it } from 'vitest';
import { isAdmin, parseScope } from './user-scope.js';

describe('user scope', () => {
  it('reads the roles of a stored JSON list and nothing else', () => {
    expect(parseScope('["admin","company"]')).toEqual(['admin', 'company']);
    expect(parseScope('["admin", 3, null]')).toEqual(['admin']);
    expect(parseScope('{"admin":true}')).toEqual([]);
    expect(parseScope('not json')).toEqual([]);
    expect(parseScope('')).toEqual([]);
  });

  it('makes an administrator only of a scope that lists admin', () => {
    expect(isAdmin({ scope: '["admin"]' })).toBe(true);
    expect(isAdmin({ scope: '["company"]' })).toBe(false);
    expect(isAdmin({ scope: '"admin"' })).toBe(false);
  });
});
