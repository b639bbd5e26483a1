import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../locales.js';
import { ERROR_CODES } from './codes.js';
import { FIELD_MESSAGE_KEYS, fieldError } from './field-messages.js';
import { errorMessage, localizeFieldMessage } from './node.js';

// Every locale has every English text: shared/i18n/completeness.test.ts.
describe('error texts (shared/i18n/<locale>/errors.json)', () => {
  it('have a message for every error code and field key', () => {
    for (const locale of UI_LOCALES) {
      for (const code of ERROR_CODES) expect(errorMessage(code, locale), `${locale} ${code}`).not.toMatch(/^code\.|^$/);
      for (const key of FIELD_MESSAGE_KEYS) expect(localizeFieldMessage(fieldError(key), locale), `${locale} ${key}`).not.toMatch(/^field[.:]|^$/);
    }
  });

  it('carry the texts of the specification, with their placeholders filled', () => {
    expect(errorMessage('page-not-found', 'en')).toBe('This page could not be found');
    expect(errorMessage('internal-error', 'sl')).toBe('Žal nam, ampak prišlo je do napake. Prosimo, poskusite ponovno.');
    expect(errorMessage('question-mandatory', 'sl')).toBe('To vprašanje je obvezno odgovoriti.');
    expect(errorMessage('unknown-middleware', 'en', { name: 'auth2' })).toBe('Unknown middleware auth2');
    expect(errorMessage('unknown-middleware', 'de', { name: 'auth2' })).toBe('Unbekannte Middleware auth2');
  });

  it('localize field keys and let every other message pass through', () => {
    expect(localizeFieldMessage(fieldError('required'), 'sl')).toBe('To polje je obvezno.');
    expect(localizeFieldMessage('field:no-such-key', 'sl')).toBe('field:no-such-key');
    expect(localizeFieldMessage('Too small: expected number to be >=1', 'sl')).toBe('Too small: expected number to be >=1');
  });
});
