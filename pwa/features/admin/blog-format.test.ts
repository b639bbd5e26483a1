import { describe, expect, it } from 'vitest';
import { PARAM_PATTERNS } from '../../../shared/routes';
import { applyTool, suggestSlug } from './blog-format';

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

describe('applyTool', () => {
  it('wraps the selection and selects what was wrapped', () => {
    expect(applyTool('strong', 'a word here', 2, 6)).toEqual({ text: 'a <strong>word</strong> here', selectionStart: 10, selectionEnd: 14 });
    expect(applyTool('h2', '', 0, 0).text).toBe('<h2></h2>');
    expect(applyTool('a', 'see this', 4, 8).text).toBe('see <a href="https://">this</a>');
    expect(applyTool('blockquote', 'q', 0, 1).text).toBe('<blockquote><p>q</p></blockquote>');
  });

  it('makes a list item of every selected line', () => {
    expect(applyTool('ul', 'one\ntwo\n', 0, 8).text).toBe('<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>');
    expect(applyTool('ol', '', 0, 0).text).toBe('<ol>\n  <li></li>\n</ol>');
  });
});
