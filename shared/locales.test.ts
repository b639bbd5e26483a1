import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, errorMessage } from './errors/index.js';
import { QUESTION_LANGUAGES, UI_LOCALES, pickLocale } from './locales.js';

describe('locales', () => {
  it('has eight question languages with unique ids and codes', () => {
    expect(QUESTION_LANGUAGES).toHaveLength(8);
    expect(new Set(QUESTION_LANGUAGES.map((l) => l.id)).size).toBe(8);
    expect(new Set(QUESTION_LANGUAGES.map((l) => l.code)).size).toBe(8);
  });

  it('picks the locale from Accept-Language or falls back to English', () => {
    expect(pickLocale('hr-HR,hr;q=0.9,en;q=0.8')).toBe('hr');
    expect(pickLocale('es-ES,de;q=0.5')).toBe('de');
    expect(pickLocale('es')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
});

describe('error catalogue', () => {
  it('has a message for every code in every locale', () => {
    for (const locale of UI_LOCALES) {
      for (const code of ERROR_CODES) {
        expect(ERROR_MESSAGES[locale][code], `${locale} ${code}`).toMatch(/\S/);
      }
    }
  });

  it('carries the texts of the specification', () => {
    expect(errorMessage('page-not-found', 'en')).toBe('This page could not be found');
    expect(errorMessage('internal-error', 'sl')).toBe('Žal nam, ampak prišlo je do napake. Prosimo, poskusite ponovno.');
    expect(errorMessage('question-mandatory', 'sl')).toBe('To vprašanje je obvezno odgovoriti.');
    expect(errorMessage('unknown-middleware', 'en', { name: 'auth2' })).toBe('Unknown middleware auth2');
  });
});
