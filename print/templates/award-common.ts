/**
 * What the Best Employer award's certificate (PDF) and badge (SVG) share: the input they both describe an award
 * with, its texts (the `print` namespace, `award.*`: the award's name, the place and size class with the class's
 * bounds from shared/award.ts, the special category) and the metal of its seal (gold for a first place and a
 * special category, silver and bronze for the second and third place).
 */
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { AWARD_SIZE_CLASS_BOUNDS, AWARD_SIZE_CLASSES, type AwardSizeClass } from '../../shared/award.js';
import { UI_LOCALES, type UiLocale } from '../../shared/locales.js';
import { AWARD_KINDS, type AwardKind } from '../../shared/schemas/award.js';
import { textsFor } from '../../shared/i18n/node.js';

/** Which award, in which language: what both the certificate and the badge show. */
export interface AwardIdentity {
  language: UiLocale;
  year: number;
  kind: AwardKind;
  /** 1–3 in the size class; 1 for a special category. */
  place: number;
  /** The size class of a class award (null for a special category). */
  sizeClass: AwardSizeClass | null;
}

export const awardIdentitySchema = z.object({
  language: z.enum(UI_LOCALES),
  year: z.number().int().min(2000).max(2100),
  kind: z.enum(AWARD_KINDS),
  place: z.number().int().min(1).max(999),
  sizeClass: z.enum(AWARD_SIZE_CLASSES).nullable(),
});

export interface AwardTexts {
  /** "Best Employer 2026". */
  title: string;
  /** "Best Employer", without the year. */
  name: string;
  /** The full line: "1st place — medium-sized companies (51–250 employees)" or "Special award: highest eNPS". */
  line: string;
  /** The badge's short form: "1st place" / "Medium-sized companies", or "Special award" / "Highest eNPS". */
  short: { primary: string; secondary: string | null };
}

/** "1st place", "2. mesto"…; a place beyond the third (not awarded today) still reads right. */
function placeText(t: TFunction, place: number): string {
  return place >= 1 && place <= 3 ? t(`award.place.${place}`) : t('award.place.other', { place });
}

/** "medium-sized companies (51–250 employees)": the bounds are the award's constants, counted in the language's plural forms. */
function sizeClassText(t: TFunction, sizeClass: AwardSizeClass): string {
  const { minEmployees, maxEmployees } = AWARD_SIZE_CLASS_BOUNDS[sizeClass];
  return t(`award.sizeClass.${sizeClass}`, { min: minEmployees, count: maxEmployees ?? minEmployees });
}

/** The award's texts in its language. */
export function awardTexts(award: AwardIdentity): AwardTexts {
  const t = textsFor(award.language, 'print');
  const title = t('award.title', { year: award.year });
  const name = t('award.name');
  if (award.kind === 'class') {
    const place = placeText(t, award.place);
    const line = award.sizeClass ? t('award.classLine', { place, sizeClass: sizeClassText(t, award.sizeClass) }) : place;
    return { title, name, line, short: { primary: place, secondary: award.sizeClass ? t(`award.badge.classes.${award.sizeClass}`) : null } };
  }
  const line = t('award.specialLine', { category: t(`award.category.${award.kind}`) });
  return { title, name, line, short: { primary: t('award.badge.special'), secondary: t(`award.badge.categories.${award.kind}`) } };
}

/** The badge's accessible name: "Best Employer 2026: 1st place — medium-sized companies (51–250 employees)". */
export function awardLabel(award: AwardIdentity, texts: AwardTexts = awardTexts(award)): string {
  return textsFor(award.language, 'print')('award.badge.label', { title: texts.title, award: texts.line });
}

export type Metal = 'gold' | 'silver' | 'bronze';

/** A seal's metal: gold for a first place and a special category, silver for the second, bronze for the third. */
export function metalOf(award: Pick<AwardIdentity, 'kind' | 'place'>): Metal {
  if (award.kind !== 'class' || award.place <= 1) return 'gold';
  return award.place === 2 ? 'silver' : 'bronze';
}

/**
 * The seal's colours per metal (hex): the rim, the face inside it and a light line. Muted, to sit beside the
 * product's teal; white text on the face has a contrast of at least 4.5:1.
 */
export const METALS: Record<Metal, { rim: string; face: string; light: string }> = {
  gold: { rim: '#C4A04A', face: '#8E6D24', light: '#F3E7C4' },
  silver: { rim: '#A9B1B9', face: '#6B737C', light: '#EEF1F4' },
  bronze: { rim: '#BC8356', face: '#94603A', light: '#F2DDCB' },
};

/** The product's teal (print/blocks/charts.ts COLORS.accent) and a darker shade of it, as hex for the SVG badge. */
export const TEAL = { accent: '#0D5E6B', dark: '#084650', ink: '#1C293B' };

/** '#C4A04A' → [0.77, 0.63, 0.29] (for pdf-lib's rgb()). */
export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [((n >> 16) & 0xff) / 255, ((n >> 8) & 0xff) / 255, (n & 0xff) / 255];
}
