import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/constants';
import { createTestI18n } from '../../test/render';
import {
  EMPTY_CONTACT_VALUES,
  fieldErrorsFromServer,
  validateContact,
  type ContactValues,
  type FieldErrors,
  type FieldMessage,
} from './contact-validation';

const { i18n } = createTestI18n('en', ['pages']);

function localize(errors: FieldErrors, lng: 'sl' | 'en'): Record<string, string> {
  const t = i18n.getFixedT(lng, 'pages');
  const text = (m: FieldMessage) => ('text' in m ? m.text : t(`contact.errors.${m.key}`, m.params));
  return Object.fromEntries(Object.entries(errors).map(([field, m]) => [field, text(m)]));
}

function errorsOf(values: Partial<ContactValues>): FieldErrors {
  const result = validateContact({ ...EMPTY_CONTACT_VALUES, ...values }, 'en');
  return result.ok ? {} : result.errors;
}

const valid: ContactValues = {
  name: 'Ana Novak',
  email: 'ana@podjetje.si',
  company: '',
  phone: '',
  message: 'Zanima me cena raziskave za 120 zaposlenih.',
};

describe('contact form validation', () => {
  it('accepts a complete message and trims the values', () => {
    const result = validateContact({ ...valid, name: '  Ana Novak ', email: ' ana@podjetje.si ' }, 'sl');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.data.name).toBe('Ana Novak');
      expect(result.data.email).toBe('ana@podjetje.si');
      expect(result.data.locale).toBe('sl');
    }
  });

  it('maps an empty form to "required" messages in English', () => {
    expect(localize(errorsOf({}), 'en')).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your e-mail address.',
      message: 'Please write your message.',
    });
  });

  it('maps an empty form to "required" messages in Slovenian', () => {
    expect(localize(errorsOf({}), 'sl')).toEqual({
      name: 'Vnesite svoje ime.',
      email: 'Vnesite e-poštni naslov.',
      message: 'Napišite sporočilo.',
    });
  });

  it('treats whitespace-only input as empty', () => {
    expect(errorsOf({ ...valid, name: '   ', message: '     ' })).toEqual({
      name: { key: 'nameRequired' },
      message: { key: 'messageRequired' },
    });
  });

  it('names the schema limits for too short and too long values', () => {
    const errors = errorsOf({
      ...valid,
      name: 'A',
      message: 'Kratko',
      company: 'x'.repeat(201),
      phone: '1'.repeat(41),
    });
    expect(localize(errors, 'en')).toEqual({
      name: 'The name is too short. Please enter at least 2 characters.',
      company: 'The company name is too long. Please use at most 200 characters.',
      phone: 'The phone number is too long. Please use at most 40 characters.',
      message: 'The message is too short. Please write at least 10 characters.',
    });
    expect(localize(errors, 'sl')).toEqual({
      name: 'Ime je prekratko. Najmanjše število znakov: 2.',
      company: 'Ime podjetja je predolgo. Največje število znakov: 200.',
      phone: 'Telefonska številka je predolga. Največje število znakov: 40.',
      message: 'Sporočilo je prekratko. Najmanjše število znakov: 10.',
    });
    const long = errorsOf({ ...valid, message: 'x'.repeat(LIMITS.contactMessageMaxLength + 1) });
    expect(localize(long, 'sl').message).toBe(`Sporočilo je predolgo. Največje število znakov: ${LIMITS.contactMessageMaxLength}.`);
  });

  it('explains an invalid e-mail address in both languages', () => {
    const errors = errorsOf({ ...valid, email: 'ana@' });
    expect(localize(errors, 'en')).toEqual({ email: 'Please enter a valid e-mail address, for example name@company.com.' });
    expect(localize(errors, 'sl')).toEqual({ email: 'Vnesite veljaven e-poštni naslov, na primer ime@podjetje.si.' });
  });

  it('never reports the hidden fields (locale, altcha) as form errors', () => {
    expect(Object.keys(errorsOf(valid))).toEqual([]);
  });

  it('maps localized server details to fields, whatever the path format', () => {
    const errors = fieldErrorsFromServer([
      { path: 'email', message: 'Neveljaven e-poštni naslov.' },
      { path: ['body', 'message'], message: 'Prekratko.' },
      { path: 'body.name', message: 'Obvezno.' },
      { path: 'altcha', message: 'ignored' },
      'garbage',
    ]);
    expect(localize(errors, 'sl')).toEqual({ email: 'Neveljaven e-poštni naslov.', message: 'Prekratko.', name: 'Obvezno.' });
    expect(fieldErrorsFromServer(undefined)).toEqual({});
  });
});
