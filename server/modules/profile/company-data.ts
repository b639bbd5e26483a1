/** The company columns shared by the profile and the administrator's views, and their mapping. */
import { COMPANY_SIZES, INDUSTRIES, MARKETS } from '../../../shared/constants.js';
import type { CompanyData } from '../../../shared/schemas/user.js';

export interface CompanyDataRow {
  country: string;
  industry: string;
  activity: string;
  street: string;
  house_number: string;
  city: string;
  tax_number: string;
  size: string;
  employees_total: number;
  employees_male: number;
  employees_female: number;
  employees_other_gender: number;
  education_low: number;
  education_middle: number;
  education_higher: number;
  education_special: number;
  logo_asset_id: string | null;
}

export const assetUrl = (id: string | null): string | null => (id ? `/api/assets/${id}` : null);

export const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T => (list.includes(value as T) ? (value as T) : fallback);

export function toCompanyData(row: CompanyDataRow): CompanyData {
  return {
    country: oneOf(MARKETS, row.country, 'si'),
    industry: oneOf(INDUSTRIES, row.industry, 'M'),
    activity: row.activity,
    street: row.street,
    house_number: row.house_number,
    city: row.city,
    tax_number: row.tax_number,
    size: oneOf(COMPANY_SIZES, row.size, 'unknown'),
    employees: {
      total: row.employees_total,
      male: row.employees_male,
      female: row.employees_female,
      other_gender: row.employees_other_gender,
      education_low: row.education_low,
      education_middle: row.education_middle,
      education_higher: row.education_higher,
      education_special: row.education_special,
    },
    logo_url: assetUrl(row.logo_asset_id),
  };
}
