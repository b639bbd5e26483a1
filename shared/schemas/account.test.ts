import { describe, expect, it } from 'vitest';
import { localizeFieldMessage } from '../errors/node.js';
import { employeeStructureSchema, profileUpdateSchema, registrationSchema } from './account.js';

const valid = {
  company_name: 'Tovarna d.o.o.',
  country: 'hr',
  industry: 'C',
  activity: 'Proizvodnja obuće',
  street: 'Ilica',
  house_number: '10a',
  city: 'Zagreb',
  tax_number: 'HR69435151530',
  first_name: 'Ana',
  last_name: 'Kovač',
  phone: '+385 1 234 5678',
  email: ' Ana@Example.COM ',
  password: 'secret1',
  password_confirmation: 'secret1',
  terms_accepted: true,
  locale: 'hr',
  altcha: 'x',
} as const;

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registration schema', () => {
  it('accepts a valid registration and normalises e-mail and OIB', () => {
    const parsed = registrationSchema.parse(valid);
    expect(parsed.email).toBe('ana@example.com');
    expect(parsed.tax_number).toBe('69435151530');
  });

  it('names each broken rule by field, localizable', () => {
    const result = registrationSchema.safeParse({ ...valid, tax_number: '69435151531', password: 'abc', password_confirmation: 'abd', terms_accepted: false, email: 'nope' });
    const m = messages(result);
    expect(m.tax_number).toBe('field:tax-number-invalid');
    expect(m.password).toBe('field:password-too-short');
    expect(m.terms_accepted).toBe('field:terms-required');
    expect(m.email).toBe('field:email-invalid');
    expect(localizeFieldMessage(m.tax_number!, 'sl')).toBe('Davčna številka ni veljavna.');
    expect(localizeFieldMessage(m.password!, 'en')).toBe('The password must have at least 6 characters.');
  });

  it('requires the confirmation to match', () => {
    expect(messages(registrationSchema.safeParse({ ...valid, password_confirmation: 'secret2' })).password_confirmation).toBe('field:password-mismatch');
  });
});

describe('employee structure', () => {
  const base = { total: 10, male: 5, female: 5, other_gender: 0, education_low: 2, education_middle: 3, education_higher: 4, education_special: 1 };
  it('accepts parts that fit the total', () => {
    expect(employeeStructureSchema.safeParse(base).success).toBe(true);
  });
  it('refuses parts above the total', () => {
    const m = messages(employeeStructureSchema.safeParse({ ...base, female: 6 }));
    expect(m.male).toBe('field:employee-parts-exceed-total');
    const e = messages(employeeStructureSchema.safeParse({ ...base, education_special: 2 }));
    expect(e.education_low).toBe('field:employee-parts-exceed-total');
  });
  it('is part of the profile', () => {
    const { password: _p, password_confirmation: _c, terms_accepted: _t, altcha: _a, email: _e, ...company } = valid;
    expect(profileUpdateSchema.safeParse({ ...company, size: 'small', employees: base }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ ...company, size: 'huge', employees: base }).success).toBe(false);
  });
});
