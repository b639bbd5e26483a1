import { describe, expect, it } from 'vitest';
import { employeeStructureSchema } from '../../../shared/schemas/account';
import { EDUCATION_PARTS, GENDER_PARTS, employeesToNumbers, employeesToText, partsOverTotal, toCount, type EmployeeValues } from './employees';

const values = (patch: Partial<EmployeeValues>): EmployeeValues => ({
  total: '10',
  male: '4',
  female: '5',
  other_gender: '1',
  education_low: '0',
  education_middle: '0',
  education_higher: '0',
  education_special: '0',
  ...patch,
});

describe('employee structure', () => {
  it('reads counts strictly', () => {
    expect(toCount(' 12 ')).toBe(12);
    expect(toCount('')).toBeNaN();
    expect(toCount('12a')).toBeNaN();
    expect(toCount('1.5')).toBe(1.5); // the schema refuses it as not whole
  });

  it('shows the live hint only when the parts exceed the total', () => {
    expect(partsOverTotal(values({}), GENDER_PARTS)).toBeNull();
    expect(partsOverTotal(values({ female: '6' }), GENDER_PARTS)).toEqual({ parts: 11, total: 10 });
    expect(partsOverTotal(values({ education_low: '7', education_higher: '4' }), EDUCATION_PARTS)).toEqual({ parts: 11, total: 10 });
    expect(partsOverTotal(values({ total: '' }), GENDER_PARTS)).toBeNull();
  });

  it('round-trips and agrees with the shared schema', () => {
    const numbers = employeesToNumbers(values({}));
    expect(employeeStructureSchema.safeParse(numbers).success).toBe(true);
    expect(employeesToText(numbers)).toEqual(values({}));
    expect(employeeStructureSchema.safeParse(employeesToNumbers(values({ male: '9' }))).success).toBe(false);
  });
});
