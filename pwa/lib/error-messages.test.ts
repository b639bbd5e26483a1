import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors/codes';
import { FIELD_MESSAGE_KEYS, fieldError } from '../../shared/errors/field-messages';
import * as server from '../../shared/errors/node';
import { UI_LOCALES } from '../../shared/locales';
import { errorMessage } from './error-messages';
import { localizeFieldMessage } from './field-messages';

describe('the PWA error texts', () => {
  it('are the server texts, in every locale', () => {
    for (const locale of UI_LOCALES) {
      for (const code of ERROR_CODES) expect(errorMessage(code, locale), `${locale} ${code}`).toBe(server.errorMessage(code, locale));
      for (const key of FIELD_MESSAGE_KEYS) {
        expect(localizeFieldMessage(fieldError(key), locale), `${locale} ${key}`).toBe(server.localizeFieldMessage(fieldError(key), locale));
      }
    }
    expect(errorMessage('something-went-wrong', 'hr')).toBe('Nešto je pošlo po zlu, pokušajte ponovno');
  });
});
