/** The price list as the form edits it (text fields), to and from the shared price settings. */
import type { PriceSettings } from '../../../../shared/pricing';

export interface TierDraft {
  key: number;
  above: string;
  percent: string;
}

export interface Draft {
  price: string;
  min: string;
  max: string;
  tiers: TierDraft[];
  completionPercent: string;
  completionThreshold: string;
  returningPercent: string;
}

let tierKey = 0;
const toTier = (t: { above: number; percent: number }): TierDraft => ({ key: ++tierKey, above: String(t.above), percent: String(t.percent) });

/** A new, empty discount tier. */
export const newTier = (): TierDraft => ({ key: ++tierKey, above: '', percent: '' });

export function toDraft(s: PriceSettings): Draft {
  return {
    price: s.price_per_employee_eur.toFixed(2),
    min: String(s.min_employees),
    max: String(s.max_employees),
    tiers: s.discount_tiers.map(toTier),
    completionPercent: String(s.refund_completion_percent),
    completionThreshold: String(s.refund_completion_threshold),
    returningPercent: String(s.refund_returning_percent),
  };
}

/** '' and text that is not a number stay NaN, so the schema reports them; a decimal comma is accepted. */
const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

export function fromDraft(d: Draft): unknown {
  return {
    price_per_employee_eur: num(d.price),
    min_employees: num(d.min),
    max_employees: num(d.max),
    discount_tiers: d.tiers.map((t) => ({ above: num(t.above), percent: num(t.percent) })),
    refund_completion_percent: num(d.completionPercent),
    refund_completion_threshold: num(d.completionThreshold),
    refund_returning_percent: num(d.returningPercent),
  };
}

/** Field errors keyed by the schema path ('discount_tiers.0.percent'); the texts are the page's own. */
export type Errors = Record<string, string>;
