/**
 * The follow-up of focus areas in the report PDFs, as the web report shows it (shared/focus-follow-up.ts): the PULS
 * report's card of the focus area it follows up, and the comparative report's focus areas of each earlier survey with
 * what became of their actions beside the change of their figure in the next survey.
 */
import { localizedText } from '../../shared/i18n/localized-text.js';
import { focusAreaLabel, type FocusHistoryCard, type PulsFollowUp } from '../../shared/focus-follow-up.js';
import { pulsQuestionById } from '../../shared/question-banks/index.js';
import type { ReportLayout } from './report-common.js';

/** The PULS report's follow-up section (the caller leaves it out when the survey follows up no focus area). */
export function pulsFollowUpSection(L: ReportLayout, card: PulsFollowUp, language: string): void {
  const t = L.t;
  L.section(t('focusFollowUp.title'), { newPage: false, minSpace: 160 });
  L.paragraph(t('focusFollowUp.text', { area: focusAreaLabel(card.kind, card.item_id, language), survey: card.survey_name }));
  if (card.trends.length === 0) {
    L.paragraph(t('puls.noTrend'));
    return;
  }
  L.textList(
    card.trends.map((tr) => {
      const question = localizedText(pulsQuestionById(tr.question)?.text, language) || tr.question;
      const change = tr.change === null ? t('puls.noChange') : t('puls.change', { value: L.fmt.sign(tr.change, tr.kind === 'enps' ? 1 : 2) });
      return `${question}: ${change}`;
    }),
  );
}

/** The comparative report's focus areas and their actions ('years' only; the caller leaves it out when there are none). */
export function focusHistorySection(L: ReportLayout, cards: readonly FocusHistoryCard[], language: string): void {
  const t = L.t;
  L.section(t('focusHistory.title'));
  L.paragraph(t('focusHistory.hint'));
  for (const card of cards) {
    L.subheading(t('focusHistory.survey', { year: card.year ?? '' }));
    L.textList(
      card.areas.flatMap((a) => {
        const outcome =
          a.next_year === undefined ? t('focusHistory.notYet') : a.change === null ? t('focusHistory.noChange') : t('focusHistory.change', { value: L.fmt.sign(a.change, 2), year: a.next_year ?? '' });
        const head = `${focusAreaLabel(a.kind, a.item_id, language)} · ${t('focusHistory.actions', { done: a.done, total: a.actions.length })} · ${outcome}`;
        return [head, ...a.actions.map((x) => `   – ${x.title} (${t(`focusHistory.status.${x.status}`)})`)];
      }),
    );
  }
}
