import { describe, expect, it } from 'vitest';
import enPages from '../../../shared/i18n/en/pages.json';
import slPages from '../../../shared/i18n/sl/pages.json';
import enQuestionnaire from '../../../shared/i18n/en/questionnaire.json';
import slQuestionnaire from '../../../shared/i18n/sl/questionnaire.json';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf as 'a.b[2].c' -> value; arrays keep their indices, so lists must have the same length too. */
function leaves(node: Json, prefix = ''): Map<string, Json> {
  const out = new Map<string, Json>();
  if (Array.isArray(node)) node.forEach((v, i) => leaves(v, `${prefix}[${i}]`).forEach((val, k) => out.set(k, val)));
  else if (node !== null && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k).forEach((val, key) => out.set(key, val));
  else out.set(prefix, node);
  return out;
}

const placeholders = (text: Json) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('pages.json content (completeness: shared/i18n/completeness.test.ts)', () => {
  const en = leaves(enPages as unknown as Json);
  const sl = leaves(slPages as unknown as Json);

  it('use {{count}} only in plural keys (it switches i18next to them)', () => {
    for (const [k, v] of [...en, ...sl]) if (!/_(zero|one|two|few|many|other)$/.test(k)) expect(placeholders(v), k).not.toContain('count');
  });

  // The award's numbers are not in the texts: the award-conditions page states them from shared/award.ts (pages-render.test.tsx).
  it('state the facts of product-decisions.md in both languages', () => {
    // (What the questionnaire asks is with the code entry's texts: questionnaire.json `info`.)
    for (const [pages, questionnaire] of [[enPages, enQuestionnaire], [slPages, slQuestionnaire]] as const) {
      const text = JSON.stringify(pages) + JSON.stringify(questionnaire.info);
      for (const fact of ['74', '9', 'XXXXX-XXXXX', '30', '9–10', '0–6', '15', '09:00|9.00'])
        expect(new RegExp(fact).test(text), fact).toBe(true);
    }
  });
});
