/** The award result mail: what a company reads about its year. */
import { describe, expect, it } from 'vitest';
import type { AwardEntry } from '../../../../shared/schemas/award.js';
import { awardResultMail } from './award-result.js';

const brand = { contactEmail: 'info@example.com', contactPhone: '+386 1 234 56 78' };

function entry(patch: Partial<AwardEntry> = {}): AwardEntry {
  return {
    company_id: 1,
    company_name: 'Kokino d.o.o.',
    survey_id: 11,
    survey_name: 'IZZ 2025',
    finished_at: '2025-10-15T10:00:00Z',
    employees: 4999,
    responses: 2549,
    occupancy: 51,
    esi: 70,
    enps: 10,
    size_class: 'large',
    eligible: false,
    checks: [
      { rule: 'izz', passed: true, actual: 'izz', required: 'izz' },
      { rule: 'first_of_year', passed: true, actual: null, required: null },
      { rule: 'min_employees', passed: true, actual: 4999, required: 20 },
      { rule: 'finished_by', passed: true, actual: '2025-10-15', required: '2025-11-30' },
      { rule: 'occupancy', passed: false, actual: 50.99, required: 51, decimals: 2 },
    ],
    excluded: null,
    withdrawn_name: false,
    show_figures: false,
    rank: null,
    previous_esi: null,
    esi_change: null,
    awards: [],
    ...patch,
  };
}

const mail = (locale: 'sl' | 'en' | 'de' | 'mk', e: AwardEntry = entry()) => awardResultMail({ locale, brand, year: 2025, entry: e, classCount: null, reportRanks: true, url: 'https://example.com/p' });

describe('the award result mail', () => {
  it('writes the response rate the rule compared: 50.99 % against 51 %, never "51 %" against "51 %"', () => {
    expect(mail('en').text).toContain('the response rate was 50.99%, 51% is needed');
    expect(mail('sl').text).toContain('odzivnost je bila 50,99\u00a0%, potrebnih je 51\u00a0%');
    // Macedonian with its own decimal comma, whatever ICU data the engine has (shared/format.ts).
    expect(mail('mk').text).toContain('одѕивот беше 50,99\u00a0%, потребни се 51\u00a0%');
    expect(mail('de').text).toContain('50,99');
    for (const locale of ['sl', 'en', 'de', 'mk'] as const) expect(mail(locale).text).not.toMatch(/\b51[.,]?0?\s?%, /);
  });
});
