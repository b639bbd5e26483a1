/**
 * Settings first: the report language (any of 8), up to 15 chosen statements and the filters —
 * ONE question group to break the report down by, and at most TWO additional answers. Ticking a
 * second group or a third answer leaves it unticked and says why (the shared field messages, the
 * same texts the server answers with).
 *
 * Only what the survey's reporting base releases is offered (options.base): its dimensions as
 * groups, their released values as answers (never "no answer" or "withheld"; "Other" labelled with
 * the values it holds). The questions the base leaves out are named in a note under the filters.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeFieldMessage } from '../../lib/field-messages';
import { CATEGORIES, statementsByCategory } from '../../../shared/question-banks';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../shared/locales';
import { LIMITS } from '../../../shared/constants';
import { BASE_OTHER_KEY, REPORT_FIELD_ERRORS, REPORT_FILTER_MAX_ANSWERS, type FilterAnswer, type LeftOutReason } from '../../../shared/schemas/report';
import { useLocale } from '../../i18n/use-locale';
import type { ReportOptions, ReportSettingsState } from './report-api';
import { baseAnswerChoices, filterQuestionLabel } from './labels';
import { useValueWords } from './use-value-words';
import { localizedText } from '../../../shared/i18n/localized-text';

/** Filter keys the survey offers: the dimensions of its reporting base, in the base's order, as a group (breakdown) and as selectable answers. */
export function filterKeys(options: ReportOptions): { groups: string[]; answers: string[] } {
  const dims = (options.base?.dimensions ?? []).map((d) => d.question);
  return { groups: dims, answers: dims };
}

const sameAnswer = (a: FilterAnswer, b: FilterAnswer) => a.question === b.question && a.value === b.value;

export function ReportSettingsForm({ options, initial, busy, onApply }: { options: ReportOptions; initial: ReportSettingsState; busy: boolean; onApply: (s: ReportSettingsState) => void }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const uid = useId();
  const [s, setS] = useState<ReportSettingsState>(initial);
  const [groupMessage, setGroupMessage] = useState('');
  const [answerMessage, setAnswerMessage] = useState('');
  const [chosenMessage, setChosenMessage] = useState('');
  const keys = filterKeys(options);
  const words = { department: t('labels.groups.department'), location: t('labels.groups.location') };
  const valueWords = useValueWords();
  const dimension = (key: string) => options.base?.dimensions.find((d) => d.question === key);
  const qLabel = (key: string) => filterQuestionLabel(key, s.language, options.extra_questions, words);

  const toggleGroup = (key: string, checked: boolean) => {
    if (!checked) {
      setS({ ...s, group: s.group === key ? null : s.group });
      setGroupMessage('');
      return;
    }
    if (s.group !== null && s.group !== key) {
      setGroupMessage(localizeFieldMessage(REPORT_FIELD_ERRORS.oneGroup, locale));
      return;
    }
    setGroupMessage('');
    setS({ ...s, group: key });
  };

  const toggleAnswer = (a: FilterAnswer, checked: boolean) => {
    if (!checked) {
      setS({ ...s, answers: s.answers.filter((x) => !sameAnswer(x, a)) });
      setAnswerMessage('');
      return;
    }
    if (s.answers.length >= REPORT_FILTER_MAX_ANSWERS) {
      setAnswerMessage(localizeFieldMessage(REPORT_FIELD_ERRORS.twoAnswers, locale));
      return;
    }
    setAnswerMessage('');
    setS({ ...s, answers: [...s.answers, a] });
  };

  const toggleStatement = (id: string, checked: boolean) => {
    if (!checked) {
      setS({ ...s, chosen: s.chosen.filter((x) => x !== id) });
      setChosenMessage('');
      return;
    }
    if (s.chosen.length >= LIMITS.maxChosenQuestions) {
      setChosenMessage(localizeFieldMessage(REPORT_FIELD_ERRORS.tooManyQuestions, locale));
      return;
    }
    setChosenMessage('');
    setS({ ...s, chosen: [...s.chosen, id] });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(s);
  };

  return (
    <form className="card report-settings" onSubmit={submit} aria-labelledby={`${uid}-title`} data-testid="report-settings">
      <h2 id={`${uid}-title`}>{t('settings.title')}</h2>
      <div className="field">
        <label htmlFor={`${uid}-lang`}>{t('labels.reportLanguage')}</label>
        <select id={`${uid}-lang`} value={s.language} onChange={(e) => setS({ ...s, language: e.target.value as QuestionLanguageCode })}>
          {QUESTION_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </div>

      {options.type === 'izz' && (
        <>
          <StatementChoices language={s.language} chosen={s.chosen} message={chosenMessage} onToggle={toggleStatement} />

          <fieldset className="report-fieldset" data-testid="group-filters">
            <legend>{t('settings.group')}</legend>
            <p className="hint">{t('settings.groupHint')}</p>
            <div className="check-grid">
              {keys.groups.map((key) => (
                <label key={key} className="check">
                  <input type="checkbox" name="group" value={key} checked={s.group === key} onChange={(e) => toggleGroup(key, e.target.checked)} />
                  <span lang={s.language}>{qLabel(key)}</span>
                </label>
              ))}
            </div>
            <p className="field-error" role="alert" data-testid="group-message">
              {groupMessage}
            </p>
          </fieldset>

          <fieldset className="report-fieldset" data-testid="answer-filters">
            <legend>{t('settings.answers', { count: s.answers.length, max: REPORT_FILTER_MAX_ANSWERS })}</legend>
            <p className="hint">{t('settings.answersHint')}</p>
            {keys.answers.map((key) => {
              const picked = s.answers.filter((a) => a.question === key).length;
              return (
                <details key={key} className="report-choices" open={picked > 0 || undefined} data-key={key}>
                  <summary>
                    <span lang={s.language}>{qLabel(key)}</span>
                    {picked > 0 ? ` (${String(picked)})` : ''}
                  </summary>
                  <div className="check-grid">
                    {baseAnswerChoices(dimension(key) ?? { question: key, values: [] }, s.language, options, valueWords).map((c) => {
                      const a = { question: key, value: c.value };
                      return (
                        <label key={c.value} className="check">
                          <input type="checkbox" checked={s.answers.some((x) => sameAnswer(x, a))} onChange={(e) => toggleAnswer(a, e.target.checked)} />
                          <span lang={s.language}>{c.label}</span>
                        </label>
                      );
                    })}
                  </div>
                </details>
              );
            })}
            <p className="field-error" role="alert" data-testid="answer-message">
              {answerMessage}
            </p>
          </fieldset>

          <ProtectionNote options={options} language={s.language} />
        </>
      )}

      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('settings.loading') : t('settings.apply')}
      </button>
    </form>
  );
}

/** Up to 15 statements the report shows on their own, by category, in the report language. */
function StatementChoices({ language, chosen, message, onToggle }: { language: QuestionLanguageCode; chosen: readonly string[]; message: string; onToggle: (id: string, checked: boolean) => void }) {
  const { t } = useTranslation('reports');
  return (
    <fieldset className="report-fieldset">
      <legend>{t('settings.chosen', { count: chosen.length, max: LIMITS.maxChosenQuestions })}</legend>
      <p className="hint">{t('settings.chosenHint')}</p>
      <details className="report-choices">
        <summary>{t('settings.chooseStatements')}</summary>
        {CATEGORIES.map((c) => (
          <fieldset key={c.id} className="report-subfieldset">
            <legend>{localizedText(c.title, language)}</legend>
            {statementsByCategory(c.id).map((st) => (
              <label key={st.id} className="check">
                <input type="checkbox" checked={chosen.includes(st.id)} onChange={(e) => onToggle(st.id, e.target.checked)} />
                <span lang={language}>{localizedText(st.text, language)}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </details>
      <p className="field-error" role="alert" data-testid="chosen-message">
        {message}
      </p>
    </fieldset>
  );
}

/** Why some questions are missing from the filters and what "Other" holds: a short note in the UI language, question texts in the report language. */
function ProtectionNote({ options, language }: { options: ReportOptions; language: QuestionLanguageCode }) {
  const { t } = useTranslation('reports');
  const base = options.base;
  if (!base) return null;
  const words = { department: t('labels.groups.department'), location: t('labels.groups.location') };
  const hasOther = base.dimensions.some((d) => d.values.some((v) => v.key === BASE_OTHER_KEY));
  const leftOut = (reason: LeftOutReason) => base.left_out.filter((l) => l.reason === reason).map((l) => l.question);
  const lists = (
    [
      ['small-combinations', t('settings.leftOutSmall')],
      ['one-group', t('settings.leftOutOneGroup')],
      ['spread', t('settings.leftOutSpread')],
    ] as const
  )
    .map(([reason, lead]) => ({ reason, lead, questions: leftOut(reason) }))
    .filter((l) => l.questions.length > 0);
  // A base of version 1 (no `crossings`) released every combination; a newer one names the pairs its check proved.
  const crossings = base.crossings;
  const pairs = (crossings ?? []).map((pair) => pair.map((q) => filterQuestionLabel(q, language, options.extra_questions, words)).join(' × '));
  if (!hasOther && lists.length === 0 && crossings === undefined) return null;
  return (
    <div className="report-protection-note" data-testid="left-out-note">
      {crossings !== undefined && (
        <p data-testid="crossings-note">
          {pairs.length > 0 ? t('settings.crossingsNote', { list: pairs.join('; ') }) : t('settings.noCrossingsNote')}
        </p>
      )}
      {lists.map((l) => (
        <div key={l.reason}>
          <p>{l.lead}</p>
          <ul>
            {l.questions.map((q) => (
              <li key={q} lang={language}>
                {filterQuestionLabel(q, language, options.extra_questions, words)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {hasOther && <p>{t('settings.otherNote')}</p>}
    </div>
  );
}
