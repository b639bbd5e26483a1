import { describe, expect, it } from 'vitest';
import { employeeStructureSchema, loginSchema, registrationSchema } from '../../shared/schemas/account';
import { fieldErrorsFromDetails, fieldId, firstErrorField, validateWith } from './form-errors';

describe('validateWith (shared schema, localized field messages)', () => {
  it('gives one localized message per field in the page language', () => {
    const sl = validateWith(loginSchema, { email: '', password: '' }, 'sl', 'x');
    expect(sl).toEqual({ ok: false, errors: { email: 'To polje je obvezno.', password: 'To polje je obvezno.' } });
    const en = validateWith(loginSchema, { email: 'ana@', password: 'x' }, 'en', 'x');
    expect(en).toEqual({ ok: false, errors: { email: 'Enter a valid e-mail address.' } });
  });

  it('reports cross-field rules together with the other errors', () => {
    const result = validateWith(
      registrationSchema,
      { country: 'hr', tax_number: '12345678901', password: 'secret1', password_confirmation: 'other', terms_accepted: false, locale: 'en', altcha: 'x' },
      'en',
      'fallback',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.tax_number).toBe('This tax number is not valid.');
    expect(result.errors.password_confirmation).toBe('The passwords do not match.');
    expect(result.errors.terms_accepted).toBe('You must accept the terms of use.');
    expect(result.errors.company_name).toBe('This field is required.');
  });

  it('uses dotted paths for nested fields', () => {
    const result = validateWith(employeeStructureSchema, { total: 1, male: 2, female: 0, other_gender: 0, education_low: 0, education_middle: 0, education_higher: 0, education_special: 0 }, 'en', 'x');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['female', 'male', 'other_gender']);
  });

  it('falls back for messages without a field key', () => {
    const result = validateWith(loginSchema, { email: 'a@b.si', password: 'x', device: { screen_width: -1 } }, 'en', 'Invalid value');
    expect(result).toEqual({ ok: false, errors: { 'device.screen_width': 'Invalid value' } });
  });
});

describe('fieldErrorsFromDetails', () => {
  it('maps server details to fields, first message wins', () => {
    const details = [
      { location: 'body', path: 'email', code: 'custom', message: 'Taken' },
      { location: 'body', path: 'email', code: 'custom', message: 'Second' },
      { location: 'body', path: 'body.employees.total', code: 'custom', message: 'field:number-invalid' },
      { location: 'body', path: ['phone'], code: 'custom', message: 'Bad phone' },
      { path: '', message: 'ignored' },
      'junk',
    ];
    expect(fieldErrorsFromDetails(details, 'sl')).toEqual({ email: 'Taken', 'employees.total': 'Vnesite celo število, 0 ali več.', phone: 'Bad phone' });
    expect(fieldErrorsFromDetails(null, 'en')).toEqual({});
  });

  it('builds ids and finds the first invalid field in form order', () => {
    expect(fieldId('profile', 'employees.total')).toBe('profile-employees-total');
    expect(firstErrorField(['a', 'b', 'c'], { c: 'x', b: 'y' })).toBe('b');
  });
});
