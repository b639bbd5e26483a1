import { describe, expect, it } from 'vitest';
import { QUESTION_LANGUAGES, pickLocale, questionLanguageName } from './locales.js';

describe('locales', () => {
  it('has eight question languages with unique ids and codes', () => {
    expect(QUESTION_LANGUAGES).toHaveLength(8);
    expect(new Set(QUESTION_LANGUAGES.map((l) => l.id)).size).toBe(8);
    expect(new Set(QUESTION_LANGUAGES.map((l) => l.code)).size).toBe(8);
  });

  it('names a question language by its own name', () => {
    expect(questionLanguageName('en')).toBe('English');
    expect(questionLanguageName('sl')).toBe('Slovenščina');
    expect(questionLanguageName('mk')).toBe('Македонски');
    expect(questionLanguageName('xx')).toBe('xx');
  });

  it('picks the locale from Accept-Language or falls back to English', () => {
    expect(pickLocale('hr-HR,hr;q=0.9,en;q=0.8')).toBe('hr');
    expect(pickLocale('es-ES,de;q=0.5')).toBe('de');
    expect(pickLocale('es')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
});
