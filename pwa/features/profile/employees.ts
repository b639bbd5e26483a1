/** Employee structure in the form: numbers typed as text, checked with the shared schema's rules. */
import type { EmployeeStructure } from '../../../shared/schemas/account';

export const EMPLOYEE_FIELDS = ['total', 'male', 'female', 'other_gender', 'education_low', 'education_middle', 'education_higher', 'education_special'] as const;
export type EmployeeField = (typeof EMPLOYEE_FIELDS)[number];
export type EmployeeValues = Record<EmployeeField, string>;

export const GENDER_PARTS = ['male', 'female', 'other_gender'] as const;
export const EDUCATION_PARTS = ['education_low', 'education_middle', 'education_higher', 'education_special'] as const;

/** '' and anything that is not a number become NaN, so the schema reports it. */
export function toCount(value: string): number {
  const v = value.trim();
  return v === '' || !/^-?\d+(\.\d+)?$/.test(v) ? Number.NaN : Number(v);
}

export function employeesToNumbers(values: EmployeeValues): EmployeeStructure {
  return Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f, toCount(values[f])])) as EmployeeStructure;
}

export function employeesToText(values: EmployeeStructure): EmployeeValues {
  return Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f, String(values[f])])) as EmployeeValues;
}

/** The live hint: the sum of a group's parts when it is larger than the total, else null. */
export function partsOverTotal(values: EmployeeValues, parts: readonly EmployeeField[]): { parts: number; total: number } | null {
  const total = toCount(values.total);
  if (!Number.isFinite(total)) return null;
  const sum = parts.reduce((acc, f) => acc + (Number.isFinite(toCount(values[f])) ? toCount(values[f]) : 0), 0);
  return sum > total ? { parts: sum, total } : null;
}
