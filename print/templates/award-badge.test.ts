// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { AWARD_SIZE_CLASS_BOUNDS } from '../../shared/award.js';
import { UI_LOCALES } from '../../shared/locales.js';
import { AWARD_KINDS } from '../../shared/schemas/award.js';
import { BADGE_SIZE, escapeXml, renderAwardBadge, type AwardBadgeInput } from './award-badge.js';

/** Parses the SVG strictly as XML (a parse error is a <parsererror> element). */
function parse(svg: string): SVGSVGElement {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.namespaceURI).toBe('http://www.w3.org/2000/svg');
  return doc.documentElement as unknown as SVGSVGElement;
}

const texts = (svg: SVGSVGElement) => [...svg.querySelectorAll('text')].map((t) => t.textContent);

/** Fails on anything that reaches outside the file: scripts, links, external images or fonts, event handlers. */
function expectSelfContained(raw: string, svg: SVGSVGElement): void {
  expect(svg.querySelectorAll('script, foreignObject, image, use, a, style, link')).toHaveLength(0);
  for (const el of svg.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      expect(attr.name).not.toMatch(/^on|href$/i);
      expect(attr.value).not.toMatch(/url\(|javascript:|https?:/i);
    }
  }
  expect(raw).not.toMatch(/@import|@font-face/);
  // Every & starts an entity and no < is left unescaped in text or attribute values.
  expect(raw.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toContain('&');
  for (const m of raw.matchAll(/"([^"]*)"/g)) expect(m[1]).not.toMatch(/[<>]/);
  for (const m of raw.matchAll(/>([^<]*)</g)) expect(m[1]).not.toContain('>');
}

const base: AwardBadgeInput = { language: 'en', year: 2026, kind: 'class', place: 1, sizeClass: 'medium' };

describe('award badge', () => {
  it('is a 240 × 240 SVG image named for assistive technology, with the award, the year and the place in its class', () => {
    const raw = renderAwardBadge(base);
    const svg = parse(raw);
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${BADGE_SIZE} ${BADGE_SIZE}`);
    expect(BADGE_SIZE).toBe(240);
    expect(svg.getAttribute('role')).toBe('img');
    const label = `Best Employer 2026: 1st place — medium-sized companies (${AWARD_SIZE_CLASS_BOUNDS.medium.minEmployees}–${AWARD_SIZE_CLASS_BOUNDS.medium.maxEmployees} employees)`;
    expect(svg.getAttribute('aria-label')).toBe(label);
    expect(svg.querySelector('title')?.textContent).toBe(label);
    expect(texts(svg)).toEqual(['BEST EMPLOYER', '2026', '1st place', 'Medium-sized companies']);
    expect(svg.querySelector('text')?.closest('g')?.getAttribute('font-family')).toMatch(/sans-serif$/);
    expectSelfContained(raw, svg);
  });

  it('shows the second and third place in their size classes', () => {
    expect(texts(parse(renderAwardBadge({ ...base, place: 2, sizeClass: 'small' })))).toEqual(['BEST EMPLOYER', '2026', '2nd place', 'Small companies']);
    expect(texts(parse(renderAwardBadge({ ...base, place: 3, sizeClass: 'large' })))).toEqual(['BEST EMPLOYER', '2026', '3rd place', 'Large companies']);
  });

  it('shows the special award for highest eNPS', () => {
    const svg = parse(renderAwardBadge({ ...base, kind: 'highest_enps', sizeClass: null }));
    expect(texts(svg)).toEqual(['BEST EMPLOYER', '2026', 'Special award', 'Highest eNPS']);
    expect(svg.getAttribute('aria-label')).toBe('Best Employer 2026: Special award: highest eNPS');
  });

  it('shows the special award for the most improved ESI', () => {
    const svg = parse(renderAwardBadge({ ...base, language: 'sl', kind: 'most_improved_esi', sizeClass: null }));
    expect(texts(svg)).toEqual(['NAJBOLJŠI', 'ZAPOSLOVALEC', '2026', 'Posebno priznanje', 'Največji napredek ESI']);
    expect(svg.getAttribute('aria-label')).toBe('Najboljši zaposlovalec 2026: Posebno priznanje: največji napredek ESI');
  });

  it('shows the special award for the highest response rate, in Cyrillic in Macedonian', () => {
    const svg = parse(renderAwardBadge({ ...base, language: 'mk', kind: 'highest_occupancy', sizeClass: null }));
    expect(texts(svg)).toEqual(['НАЈДОБАР', 'РАБОТОДАВАЧ', '2026', 'Посебна награда', 'Највисок одѕив']);
    expect(svg.querySelector('title')?.textContent).toBe('Најдобар работодавач 2026: Посебна награда: највисок одѕив');
  });

  it('is valid, self-contained and fits every line in every language and kind', () => {
    for (const language of UI_LOCALES) {
      for (const kind of AWARD_KINDS) {
        for (const place of kind === 'class' ? [1, 2, 3] : [1]) {
          const raw = renderAwardBadge({ language, year: 2026, kind, place, sizeClass: kind === 'class' ? 'medium' : null });
          const svg = parse(raw);
          expectSelfContained(raw, svg);
          expect(texts(svg).every((t) => t && t.trim()), `${language} ${kind}`).toBe(true);
          // Every line fits at its fitted size: none needs compressing.
          expect(raw, `${language} ${kind} ${place}`).not.toContain('textLength');
        }
      }
    }
  });

  it('escapes text for XML and refuses invalid input', () => {
    expect(escapeXml(`<script>"Tom" & 'Jerry'</script>`)).toBe('&lt;script&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/script&gt;');
    const fr = renderAwardBadge({ ...base, language: 'fr', kind: 'most_improved_esi', sizeClass: null });
    expect(texts(parse(fr))).toContain('Plus forte progression de l’ESI');
    expect(() => renderAwardBadge({ ...base, year: 1999 })).toThrow();
    expect(() => renderAwardBadge({ ...base, place: 0 })).toThrow();
  });
});
