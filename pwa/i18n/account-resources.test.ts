import { describe, expect, it } from 'vitest';
import enAccount from './en/account.json';
import slAccount from './sl/account.json';
import { ensureLocale, i18next, initI18n } from './index';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('account.json (sl and en complete; the other locales fall back to en)', () => {
  const en = new Map(leaves(enAccount as Tree));
  const sl = new Map(leaves(slAccount as Tree));

  it('sl and en have the same keys, no empty texts, the same placeholders and never {{count}}', () => {
    expect([...en.keys()].filter((k) => !sl.has(k))).toEqual([]);
    expect([...sl.keys()].filter((k) => !en.has(k))).toEqual([]);
    for (const [k, v] of en) {
      expect(v.trim(), `en ${k}`).not.toBe('');
      expect(sl.get(k)?.trim(), `sl ${k}`).not.toBe('');
      expect(placeholders(sl.get(k) ?? ''), k).toEqual(placeholders(v));
      expect(placeholders(v), k).not.toContain('count');
    }
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

  it('a locale without account.json shows the English texts', async () => {
    await initI18n('de');
    await ensureLocale('de');
    expect(i18next.t('login.title', { ns: 'account' })).toBe(enAccount.login.title);
    await ensureLocale('sl');
    expect(i18next.t('login.title', { ns: 'account' })).toBe(slAccount.login.title);
  });
});
