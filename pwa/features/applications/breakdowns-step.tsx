/**
 * The IZZ application's "Report breakdowns" step: the company ranks the report's breakdowns (the release coarsens or
 * leaves out the lowest-ranked first) and chooses the one breakdown comments are listed under
 * (shared/schemas/report-dimensions.ts). Also the labels the review uses.
 */
import { useTranslation } from 'react-i18next';
import type { QuestionLanguageCode } from '../../../shared/locales';
import { localizedText } from '../../../shared/i18n/localized-text';
import { izzDimensionSource, type IzzApplicationDraft } from '../../../shared/schemas/application';
import { chosenCommentsDimension, rankedDimensions } from '../../../shared/schemas/report-dimensions';
import { SelectField } from '../../components/ui/form';
import { useLocale } from '../../i18n/use-locale';
import { DEMOGRAPHIC_QUESTIONS } from './question-bank';

type Breakdowns = IzzApplicationDraft['report_breakdowns'];
/** The select's value for "the whole survey only" (comments_by null). */
const WHOLE_SURVEY = '-';

/** A breakdown key in the page's language: department and location as words, questions by their text. */
export function useBreakdownLabel(draft: IzzApplicationDraft): (key: string) => string {
  const { t } = useTranslation('applications');
  const locale = useLocale();
  const languages = draft.details.languages ?? [];
  const show = languages.includes(locale as QuestionLanguageCode) ? (locale as QuestionLanguageCode) : languages[0];
  return (key) => {
    if (key === 'department' || key === 'location') return t(`breakdowns.${key}`);
    if (key.startsWith('demographic:')) return localizedText(DEMOGRAPHIC_QUESTIONS.find((q) => `demographic:${q.id}` === key)?.text, locale) || key;
    const q = draft.extra_questions.find((e) => `extra:${e.id}` === key);
    return (show && q?.title[show]) || key;
  };
}

/** The ranking and the comment breakdown as the review lists them. */
export function breakdownSummary(draft: IzzApplicationDraft): { ranked: string[]; commentsBy: string | null } {
  const ranked = rankedDimensions(izzDimensionSource(draft), draft.report_breakdowns.priority);
  return { ranked, commentsBy: chosenCommentsDimension(draft.report_breakdowns.comments_by, ranked) };
}

export function BreakdownsStep({ draft, idOf, error, onChange }: { draft: IzzApplicationDraft; idOf: (path: string) => string; error?: string; onChange: (next: Breakdowns) => void }) {
  const { t } = useTranslation('applications');
  const label = useBreakdownLabel(draft);
  const { ranked, commentsBy } = breakdownSummary(draft);
  const move = (from: number, to: number) => {
    const next = [...ranked];
    const [key] = next.splice(from, 1);
    next.splice(to, 0, key!);
    onChange({ ...draft.report_breakdowns, priority: next });
  };
  if (ranked.length === 0) return <p className="notice notice-info">{t('breakdowns.none')}</p>;
  return (
    <div className="stack">
      <p className="hint">{t('breakdowns.lead')}</p>
      <h3 id="izz-breakdown-ranking">{t('breakdowns.ranking')}</h3>
      <ol className="breakdown-ranking" aria-labelledby="izz-breakdown-ranking" data-testid="breakdown-ranking">
        {ranked.map((key, i) => (
          <li key={key}>
            <span className="breakdown-row">
            <span className="breakdown-name">{label(key)}</span>
            <span className="breakdown-moves">
              <button type="button" className="btn btn-secondary btn-small" disabled={i === 0} aria-label={t('breakdowns.moveUp', { name: label(key) })} onClick={() => move(i, i - 1)}>
                <span aria-hidden="true">↑</span>
              </button>
              <button type="button" className="btn btn-secondary btn-small" disabled={i === ranked.length - 1} aria-label={t('breakdowns.moveDown', { name: label(key) })} onClick={() => move(i, i + 1)}>
                <span aria-hidden="true">↓</span>
              </button>
            </span>
            </span>
          </li>
        ))}
      </ol>
      <SelectField
        className="breakdown-comments"
        id={idOf('report_breakdowns.comments_by')}
        label={t('breakdowns.commentsBy')}
        hint={t('breakdowns.commentsHint')}
        error={error}
        value={commentsBy ?? WHOLE_SURVEY}
        options={[...ranked.map((key) => ({ value: key, label: label(key) })), { value: WHOLE_SURVEY, label: t('breakdowns.wholeSurvey') }]}
        onChange={(e) => onChange({ ...draft.report_breakdowns, comments_by: e.target.value === WHOLE_SURVEY ? null : e.target.value })}
      />
    </div>
  );
}
