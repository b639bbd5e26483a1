/**
 * The award page's words for what the computation answers: every failed rule with what the survey has and what
 * the rule needs ("Response rate 78.0 % — needs 80 % for 51–100 employees"), the awards won and the special
 * categories' figures. The rule's own numbers come from the check, else from shared/award.ts.
 */
import type { TFunction } from 'i18next';
import { AWARD_MIN_EMPLOYEES, type AwardSpecialCategory } from '../../../shared/award';
import type { AwardCheck, AwardEntry, AwardWon } from '../../../shared/schemas/award';
import { boundsText, finishByDate, occupancyRow, placeKey, type EmployeeBounds } from '../../lib/award';
import { formatDate } from '../../lib/dates';
import type { NumberFormat } from '../../lib/number-format';

const num = (value: AwardCheck['actual']): number | null => (typeof value === 'number' ? value : null);
const text = (value: AwardCheck['actual']): string | null => (typeof value === 'string' && value ? value : null);

/** "51–100 employees" or "201 employees or more". */
export function employeesText(t: TFunction, bounds: EmployeeBounds): string {
  const options = boundsText(bounds);
  return options.open ? t('award.employeesFrom', options) : t('award.employeesRange', options);
}

/** A whole percentage as the page writes percentages: '80 %' (sl), '80%' (en). */
const wholePct = (f: NumberFormat, value: number) => f.pct(value, 0);

/**
 * A survey's response rate as the occupancy rule compared it: with the check's decimals (50.99 % against "needs 51 %",
 * never "51.0 %"), else the entry's one decimal.
 */
export function occupancyText(f: NumberFormat, entry: AwardEntry): string {
  const check = entry.checks.find((c) => c.rule === 'occupancy');
  const actual = num(check?.actual ?? null);
  if (actual === null || check?.decimals === undefined) return f.pct(entry.occupancy);
  return f.pct(actual, check.decimals);
}

/** One failed rule of a survey in words, with what it has and what it needs. */
export function failedRuleText(
  check: AwardCheck,
  entry: AwardEntry,
  context: { year: number; entries: AwardEntry[]; t: TFunction; f: NumberFormat },
): string {
  const { year, entries, t, f } = context;
  switch (check.rule) {
    case 'izz':
      return t('award.rules.izz');
    case 'first_of_year': {
      const firstId = num(check.actual);
      const first = firstId === null ? undefined : entries.find((e) => e.survey_id === firstId);
      return first ? t('award.rules.firstOfYearNamed', { year, survey: first.survey_name }) : t('award.rules.firstOfYear', { year });
    }
    case 'min_employees': {
      const min = num(check.required) ?? AWARD_MIN_EMPLOYEES;
      const employees = num(check.actual) ?? entry.employees;
      return employees === null ? t('award.rules.minEmployeesUnknown', { min }) : t('award.rules.minEmployees', { count: employees, min });
    }
    case 'finished_by': {
      const required = formatDate(text(check.required) ?? finishByDate(year));
      const finished = text(check.actual) ?? entry.finished_at;
      return finished ? t('award.rules.finishedBy', { date: formatDate(finished), required }) : t('award.rules.finishedByRunning', { required });
    }
    case 'occupancy': {
      const row = entry.employees === null ? null : occupancyRow(entry.employees);
      const requiredPct = num(check.required) ?? row?.minPct ?? null;
      const required = requiredPct === null ? t('common.none') : wholePct(f, requiredPct);
      const actual = num(check.actual) ?? entry.occupancy;
      if (actual === null || row === null) return t('award.rules.occupancyUnknown', { required });
      return t('award.rules.occupancy', { actual: occupancyText(f, entry), required, range: employeesText(t, row) });
    }
  }
}

/** An award won: "2nd place" in the size class, or the special category's name. */
export function awardName(t: TFunction, award: AwardWon): string {
  return award.kind === 'class' ? t(`award.place.${placeKey(award.place)}`, { place: award.place }) : t(`award.special.categories.${award.kind}`);
}

/**
 * Why a survey is not eligible, in words: its failed checks, or — when every check passed and no administrator
 * excluded it — the missing ESI (the computation needs one; nobody answered its questions).
 */
export function notEligibleReasons(entry: AwardEntry, context: { year: number; entries: AwardEntry[]; t: TFunction; f: NumberFormat }): string[] {
  const failed = entry.checks.filter((c) => !c.passed).map((c) => failedRuleText(c, entry, context));
  if (failed.length === 0 && !entry.excluded && entry.esi === null) return [context.t('award.rules.noEsi')];
  return failed;
}

/** A special category's own figure of a winner: its eNPS, its ESI change, its response rate. */
export function specialFigure(t: TFunction, f: NumberFormat, category: AwardSpecialCategory, entry: AwardEntry): string {
  switch (category) {
    case 'highest_enps':
      return t('award.special.values.highest_enps', { value: f.signed(entry.enps, 1) });
    case 'most_improved_esi':
      return t('award.special.values.most_improved_esi', { value: f.signed(entry.esi_change, 1), previous: f.num(entry.previous_esi, 1), esi: f.num(entry.esi, 1) });
    case 'highest_occupancy':
      return t('award.special.values.highest_occupancy', { value: f.pct(entry.occupancy) });
  }
}
