import { describe, expect, it } from 'vitest';
import enAccount from '../../shared/i18n/en/account.json';
import slAccount from '../../shared/i18n/sl/account.json';
import deAccount from '../../shared/i18n/de/account.json';
import { ensureLocale, i18next, initI18n } from './index';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('account.json (completeness: shared/i18n/completeness.test.ts)', () => {
  const en = new Map(leaves(enAccount as Tree));
  const sl = new Map(leaves(slAccount as Tree));

  it('use {{count}} only in plural keys (it switches i18next to _one/_other…)', () => {
    for (const [k, v] of [...en, ...sl]) if (!/_(zero|one|two|few|many|other)$/.test(k)) expect(placeholders(v), k).not.toContain('count');
  });

  it('names every NACE section and every company size', () => {
    expect(Object.keys(enAccount.industries)).toHaveLength(21);
    expect(Object.keys(enAccount.sizes).sort()).toEqual(['large', 'medium', 'micro', 'small', 'unknown']);
  });

  it('the spec texts for the resend outcomes', () => {
    expect(enAccount.confirm.sent).toBe('Email sent!');
    expect(enAccount.confirm.sendError).toBe('Sending error');
    expect(slAccount.confirm.sent).toBe('E-pošta poslana!');
    expect(slAccount.confirm.sendError).toBe('Napaka pri pošiljanju');
  });

  it('each locale loads its own account texts (German here, not the English fallback)', async () => {
    await initI18n('de');
    await ensureLocale('de');
    expect(i18next.t('login.title', { ns: 'account' })).toBe(deAccount.login.title);
    expect(deAccount.login.title).not.toBe(enAccount.login.title);
    await ensureLocale('sl');
    expect(i18next.t('login.title', { ns: 'account' })).toBe(slAccount.login.title);
  });
});
