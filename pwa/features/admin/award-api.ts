/**
 * The administrator's Best Employer award calls (contract: shared/schemas/award.ts). Every answer that changes
 * the year is the whole year again (AwardYearAdmin), so the page replaces what it shows without a reload.
 */
import type { AwardYearAdmin, AwardYearListItem } from '../../../shared/schemas/award';
import { getData } from '../../lib/api';

export type { AwardYearAdmin, AwardYearListItem };

const base = '/api/admin/award';

/** The years with IZZ surveys or a cycle, newest first. */
export const listAwardYears = (signal?: AbortSignal) => getData<AwardYearListItem[]>(base, { signal });

/** A year's results: computed now while open, the frozen snapshot once published. */
export const getAwardYear = (year: number, signal?: AbortSignal) => getData<AwardYearAdmin>(`${base}/${String(year)}`, { signal });

export const excludeFromAward = (year: number, companyId: number, reason: string) =>
  getData<AwardYearAdmin>(`${base}/${String(year)}/exclusions/${String(companyId)}`, { method: 'POST', body: { reason } });

export const includeInAward = (year: number, companyId: number) =>
  getData<AwardYearAdmin>(`${base}/${String(year)}/exclusions/${String(companyId)}`, { method: 'DELETE' });

/** Computes, freezes and publishes the year and mails every company its result. */
export const publishAwardYear = (year: number) => getData<AwardYearAdmin>(`${base}/${String(year)}/publish`, { method: 'POST' });

export const unpublishAwardYear = (year: number) => getData<AwardYearAdmin>(`${base}/${String(year)}/unpublish`, { method: 'POST' });
