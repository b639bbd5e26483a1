/** The company's mail when a year's award results are published: won, ranked, not eligible (and why) or excluded. */
import { AWARD_MIN_EMPLOYEES, AWARD_SIZE_CLASS_BOUNDS, type AwardSizeClass } from '../../../../shared/award.js';
import { formatDate } from '../../../../shared/dates.js';
import { formatPercent } from '../../../../shared/format.js';
import type { UiLocale } from '../../../../shared/locales.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import type { AwardEntry } from '../../../../shared/schemas/award.js';
import { renderMail, type MailBrand, type RenderedMail } from './layout.js';

export function sizeClassRange(sizeClass: AwardSizeClass): string {
  const b = AWARD_SIZE_CLASS_BOUNDS[sizeClass];
  return b.maxEmployees === null ? `${String(b.minEmployees)}+` : `${String(b.minEmployees)}–${String(b.maxEmployees)}`;
}

/**
 * The company's result of a published year. `correction`: the year was published again and the company's result is not
 * the one its users were mailed before; the mail says it replaces that one and gives the result now valid.
 */
export function awardResultMail(input: { locale: UiLocale; brand: MailBrand; year: number; entry: AwardEntry; classCount: number | null; reportRanks: boolean; url: string; correction?: boolean }): RenderedMail {
  const t = textsFor(input.locale, 'mail');
  const { entry, year } = input;
  const company = entry.company_name;
  const className = (c: AwardSizeClass) => t(`awardResult.class.${c}`, { range: sizeClassRange(c) });
  const before = [input.correction ? t('awardResult.correction', { year, company }) : t('awardResult.published', { year })];
  if (entry.awards.length > 0) {
    before.push(t('awardResult.winner', { company, year }));
    for (const a of entry.awards) {
      before.push(`• ${t(`awardResult.award.${a.kind}`, { place: a.place, class: entry.size_class ? className(entry.size_class) : '' })}`);
    }
    before.push(t('awardResult.downloads'));
  } else if (entry.eligible && entry.size_class && entry.rank !== null && input.reportRanks) {
    before.push(t('awardResult.ranked', { company, rank: entry.rank, class: className(entry.size_class), total: input.classCount ?? 0 }));
  } else if (entry.excluded) {
    before.push(t('awardResult.excluded', { company, survey: entry.survey_name, reason: entry.excluded.reason }));
  } else {
    const reasons = entry.checks
      .filter((c) => !c.passed)
      .map((c) =>
        t(`awardResult.rule.${c.rule}`, {
          min: AWARD_MIN_EMPLOYEES,
          deadline: typeof c.required === 'string' ? formatDate(c.required) : '',
          // The response rate the rule compared, with its decimals (50.99 % against 51 %, never "51"), and the rate it needs,
          // as the page writes percentages (shared/format.ts).
          actual: typeof c.actual === 'number' ? formatPercent(c.actual, input.locale, c.decimals ?? 1) : '–',
          required: typeof c.required === 'number' ? formatPercent(c.required, input.locale) : (c.required ?? ''),
        }),
      );
    before.push(t('awardResult.notEligible', { company, survey: entry.survey_name, reasons: reasons.join('; ') }));
  }
  return renderMail({
    locale: input.locale,
    brand: input.brand,
    subject: t(input.correction ? 'awardResult.correctionSubject' : 'awardResult.subject', { year, company }),
    greeting: t('applicationReview.greeting'),
    before,
    button: { label: t('awardResult.button'), url: input.url },
    after: [t('awardResult.thanks')],
  });
}
