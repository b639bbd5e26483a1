import { describe, expect, it } from 'vitest';
import { PARAM_PATTERNS } from '../../../shared/routes';
import { suggestSlug } from './blog-format';

describe('suggestSlug', () => {
  it('turns titles of every language into a valid slug', () => {
    expect(suggestSlug('Kako povečati odzivnost ankete?')).toBe('kako-povecati-odzivnost-ankete');
    expect(suggestSlug('Što vam govori eNPS – a što ne')).toBe('sto-vam-govori-enps-a-sto-ne');
    expect(suggestSlug('Đurđica i ćevapi')).toBe('djurdjica-i-cevapi');
    expect(suggestSlug('Größe & Qualität')).toBe('grosse-qualitat');
    expect(suggestSlug('Што ви кажува eNPS')).toBe('sto-vi-kazuva-enps');
    expect(suggestSlug('  --  ')).toBe('');
    for (const title of ['Kako povečati odzivnost ankete?', 'Що?', 'À la une : l’été 2026']) {
      const slug = suggestSlug(title);
      if (slug) expect(PARAM_PATTERNS.slug?.test(slug)).toBe(true);
    }
    expect(suggestSlug('a'.repeat(200)).length).toBe(120);
  });
});
