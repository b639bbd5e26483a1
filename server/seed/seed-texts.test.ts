import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../../shared/locales.js';
import { seedText } from './seed-texts.js';

describe('seed texts (shared/i18n/<locale>/seed.json)', () => {
  it('become records of the locales that have their own text, in UI locale order, without English stand-ins', () => {
    const title = seedText('demoResults.annualReview.title');
    expect(Object.keys(title)).toEqual([...UI_LOCALES]);
    expect(title.hr).toBe('Jeste li u posljednjih godinu dana imali godišnji razgovor?');
    expect(seedText('demoSurvey.recommend.title')).toMatchObject({ sl: 'Ali bi delo priporočili prijatelju?', en: 'Would you recommend the job to a friend?' });
    expect(Object.keys(seedText('footerHtml'))).toEqual([...UI_LOCALES]);
    expect(() => seedText('no.such.key')).toThrow(/no English text/);
  });
});
