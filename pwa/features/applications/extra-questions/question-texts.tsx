/** An extra question's texts in one language: title, description, and its answers or its scale (ends and their labels). */
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../../shared/locales';
import type { ExtraQuestion, LocalizedDraftText } from '../../../../shared/schemas/application';
import { extraTypeRule } from '../../../../shared/schemas/extra-question-types';
import { textFieldId, type MissingEntry } from './builder-ops';
import { LangText } from './lang-text';

const languageName = (code: QuestionLanguageCode) => QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;
const setText = (text: LocalizedDraftText | undefined, language: QuestionLanguageCode, value: string): LocalizedDraftText => ({ ...(text ?? {}), [language]: value });

export function QuestionTexts({ q, uid, language, missing, update }: { q: ExtraQuestion; uid: string; language: QuestionLanguageCode; missing: MissingEntry[]; update: (id: string, patch: Partial<ExtraQuestion>) => void }) {
  const { t } = useTranslation('applications');
  const field = (f: MissingEntry['field'], answerIndex?: number) => textFieldId(q.id, f, language, answerIndex);
  const missingHere = (f: MissingEntry['field'], answerIndex?: number) => missing.some((m) => m.question_id === q.id && m.field === f && m.answer_index === answerIndex && m.language === language);
  return (
    <>
      <LangText
        id={field('title')}
        label={t('builder.titleIn', { language: languageName(language) })}
        value={q.title[language] ?? ''}
        missing={missingHere('title')}
        missingText={t('builder.missingHere')}
        onChange={(v) => update(q.id, { title: setText(q.title, language, v) })}
      />
      <LangText
        id={field('description')}
        multiline
        label={t('builder.descriptionIn', { language: languageName(language) })}
        hint={t('builder.descriptionHint')}
        value={q.description[language] ?? ''}
        missing={missingHere('description')}
        missingText={t('builder.missingHere')}
        onChange={(v) => update(q.id, { description: setText(q.description, language, v) })}
      />
      {extraTypeRule(q.type).draft.answers && (
        <fieldset className="eq-answers">
          <legend>{t('builder.answersIn', { language: languageName(language) })}</legend>
          <ol>
            {q.answers.map((a, ai) => (
              <li key={ai} className="eq-answer">
                <LangText
                  id={field('answer', ai)}
                  label={t('builder.answerN', { n: ai + 1 })}
                  value={a[language] ?? ''}
                  missing={missingHere('answer', ai)}
                  missingText={t('builder.missingHere')}
                  onChange={(v) => update(q.id, { answers: q.answers.map((x, xi) => (xi === ai ? setText(x, language, v) : x)) })}
                />
                {q.answers.length > 1 && (
                  <button type="button" className="btn btn-link btn-small" onClick={() => update(q.id, { answers: q.answers.filter((_, xi) => xi !== ai) })} aria-label={t('builder.removeAnswerN', { n: ai + 1 })}>
                    {t('builder.removeAnswer')}
                  </button>
                )}
              </li>
            ))}
          </ol>
          <button type="button" className="btn btn-secondary btn-small" disabled={q.answers.length >= 12} onClick={() => update(q.id, { answers: [...q.answers, {}] })}>
            {t('builder.addAnswer')}
          </button>
        </fieldset>
      )}
      {extraTypeRule(q.type).draft.scale && q.scale && (
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${uid}-smin-${q.id}`}>{t('builder.scaleMin')}</label>
            <select id={`${uid}-smin-${q.id}`} value={q.scale.min} onChange={(e) => update(q.id, { scale: { ...q.scale!, min: Number(e.target.value) } })}>
              {[0, 1].map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${uid}-smax-${q.id}`}>{t('builder.scaleMax')}</label>
            <select id={`${uid}-smax-${q.id}`} value={q.scale.max} onChange={(e) => update(q.id, { scale: { ...q.scale!, max: Number(e.target.value) } })}>
              {[2, 3, 4, 5, 6, 7, 8, 9, 10].map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </div>
          <LangText
            id={field('min_label')}
            label={t('builder.minLabelIn', { language: languageName(language) })}
            value={q.scale.min_label[language] ?? ''}
            missing={missingHere('min_label')}
            missingText={t('builder.missingHere')}
            onChange={(v) => update(q.id, { scale: { ...q.scale!, min_label: setText(q.scale!.min_label, language, v) } })}
          />
          <LangText
            id={field('max_label')}
            label={t('builder.maxLabelIn', { language: languageName(language) })}
            value={q.scale.max_label[language] ?? ''}
            missing={missingHere('max_label')}
            missingText={t('builder.missingHere')}
            onChange={(v) => update(q.id, { scale: { ...q.scale!, max_label: setText(q.scale!.max_label, language, v) } })}
          />
        </div>
      )}
    </>
  );
}
