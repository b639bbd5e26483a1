/**
 * The extra-question builder: language tabs (with the count of missing texts per language), one
 * card per question (type, title, description, answers or scale labels, required, comments), and
 * add / duplicate / remove / reorder by drag (HTML5) or by the move buttons (announced in an
 * aria-live region). The "missing texts" list links to each empty field, switching the tab first.
 */
import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../../shared/locales';
import { EXTRA_QUESTION_TYPES, type ExtraQuestion, type LocalizedDraftText } from '../../../../shared/schemas/application';
import { extraTypeRule } from '../../../../shared/schemas/extra-question-types';
import { addQuestion, changeType, duplicateQuestion, missingEntries, moveQuestion, newQuestion, removeQuestion, textFieldId, updateQuestion, type MissingEntry } from './builder-ops';
import './extra-questions.css';

export interface ExtraQuestionBuilderProps {
  questions: ExtraQuestion[];
  languages: readonly QuestionLanguageCode[];
  onChange: (next: ExtraQuestion[]) => void;
  max: number;
  /** Heading level text; 'extra' for IZZ, 'own' for PULS. */
  kind?: 'extra' | 'own';
}

const languageName = (code: QuestionLanguageCode) => QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;
const setText = (text: LocalizedDraftText | undefined, language: QuestionLanguageCode, value: string): LocalizedDraftText => ({ ...(text ?? {}), [language]: value });

export function ExtraQuestionBuilder({ questions, languages, onChange, max, kind = 'extra' }: ExtraQuestionBuilderProps) {
  const { t } = useTranslation('applications');
  const uid = useId();
  const [active, setActive] = useState<QuestionLanguageCode | undefined>(languages[0]);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const language = active && languages.includes(active) ? active : languages[0];
  const missing = useMemo(() => missingEntries(questions, languages), [questions, languages]);
  const missingByLanguage = (l: QuestionLanguageCode) => missing.filter((m) => m.language === l).length;

  useEffect(() => {
    if (!focusTarget) return;
    const el = document.getElementById(focusTarget);
    if (el) {
      el.focus();
      el.scrollIntoView?.({ block: 'center' });
    }
    setFocusTarget(null);
  }, [focusTarget, language, questions]);

  const update = (id: string, patch: Partial<ExtraQuestion>) => onChange(updateQuestion(questions, id, patch));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= questions.length || from === to) return;
    onChange(moveQuestion(questions, from, to));
    setAnnouncement(t('builder.moved', { number: from + 1, position: to + 1, count: questions.length }));
    setFocusTarget(`${uid}-card-${questions[from]!.id}`);
  };

  const add = () => {
    const q = newQuestion('text250');
    onChange(addQuestion(questions, q));
    setAnnouncement(t('builder.added', { number: questions.length + 1 }));
    setFocusTarget(language ? textFieldId(q.id, 'title', language) : null);
  };

  const duplicate = (index: number) => {
    const { list, copyId } = duplicateQuestion(questions, questions[index]!.id);
    onChange(list);
    setAnnouncement(t('builder.duplicated', { number: index + 1, position: index + 2 }));
    if (copyId) setFocusTarget(`${uid}-card-${copyId}`);
  };

  const remove = (index: number) => {
    onChange(removeQuestion(questions, questions[index]!.id));
    setAnnouncement(t('builder.removed', { number: index + 1 }));
    const next = questions[index + 1] ?? questions[index - 1];
    setFocusTarget(next ? `${uid}-card-${next.id}` : `${uid}-add`);
  };

  const goTo = (m: MissingEntry) => {
    setActive(m.language);
    setFocusTarget(m.fieldId);
  };

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    const from = dragIndex ?? Number(e.dataTransfer.getData('text/plain'));
    setDragIndex(null);
    setDropIndex(null);
    if (Number.isInteger(from)) move(from, to);
  };

  const onTabKey = (e: React.KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? languages.length - 1 : (index + delta + languages.length) % languages.length;
    const code = languages[next]!;
    setActive(code);
    tabRefs.current[code]?.focus();
  };

  const field = (q: ExtraQuestion, f: MissingEntry['field'], answerIndex?: number) => (language ? textFieldId(q.id, f, language, answerIndex) : '');
  const missingHere = (q: ExtraQuestion, f: MissingEntry['field'], answerIndex?: number) =>
    missing.some((m) => m.question_id === q.id && m.field === f && m.answer_index === answerIndex && m.language === language);

  return (
    <div className="eq-builder" data-testid="extra-question-builder">
      <p className="visually-hidden" aria-live="polite" data-testid="builder-announcement">
        {announcement}
      </p>
      {languages.length === 0 ? (
        <p className="notice notice-info">{t('builder.noLanguages')}</p>
      ) : (
        <>
          {missing.length > 0 ? (
            <div className="notice notice-error eq-missing" data-testid="missing-texts">
              <p className="error-summary-title">{t('builder.missingTitle', { count: missing.length })}</p>
              <ul>
                {missing.map((m) => (
                  <li key={m.fieldId}>
                    <a
                      href={`#${m.fieldId}`}
                      onClick={(e) => {
                        e.preventDefault();
                        goTo(m);
                      }}
                    >
                      {t('builder.missingItem', {
                        number: m.number,
                        field: m.field === 'answer' ? t('builder.answerN', { n: (m.answer_index ?? 0) + 1 }) : t(`builder.fields.${m.field}`),
                        language: languageName(m.language),
                      })}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            questions.length > 0 && (
              <p className="notice notice-success" data-testid="missing-texts-none">
                {t('builder.noneMissing')}
              </p>
            )
          )}
          <div role="tablist" aria-label={t('builder.languageTabs')} className="eq-tabs">
            {languages.map((l, i) => {
              const count = missingByLanguage(l);
              return (
                <button
                  key={l}
                  ref={(el) => {
                    tabRefs.current[l] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`${uid}-tab-${l}`}
                  aria-selected={l === language}
                  aria-controls={`${uid}-panel`}
                  tabIndex={l === language ? 0 : -1}
                  className="eq-tab"
                  onClick={() => setActive(l)}
                  onKeyDown={(e) => onTabKey(e, i)}
                >
                  {languageName(l)}
                  {count > 0 && (
                    <span className="eq-tab-count" aria-label={t('builder.missingCount', { count })}>
                      {count}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        </>
      )}
      <div role={languages.length ? 'tabpanel' : undefined} id={`${uid}-panel`} aria-labelledby={language ? `${uid}-tab-${language}` : undefined}>
        {questions.length === 0 && <p className="hint">{t(`builder.empty.${kind}`)}</p>}
        <ol className="eq-list">
          {questions.map((q, index) => (
            <li
              key={q.id}
              id={`${uid}-card-${q.id}`}
              tabIndex={-1}
              className={`card eq-card${dragIndex === index ? ' is-dragging' : ''}${dropIndex === index && dragIndex !== index ? ' is-drop-target' : ''}`}
              aria-labelledby={`${uid}-h-${q.id}`}
              data-testid="extra-question"
              data-question-id={q.id}
              onDragOver={(e) => {
                if (dragIndex === null) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                setDropIndex(index);
              }}
              onDrop={(e) => onDrop(e, index)}
            >
              <div className="eq-card-head">
                <span
                  className="eq-handle"
                  draggable
                  aria-hidden="true"
                  title={t('builder.dragHint')}
                  onDragStart={(e) => {
                    setDragIndex(index);
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', String(index));
                    const card = (e.currentTarget as HTMLElement).closest('li');
                    if (card) e.dataTransfer.setDragImage(card, 20, 20);
                  }}
                  onDragEnd={() => {
                    setDragIndex(null);
                    setDropIndex(null);
                  }}
                >
                  ⠿
                </span>
                <h3 id={`${uid}-h-${q.id}`} className="eq-card-title">
                  {t('builder.questionN', { n: index + 1 })}
                  {language && q.title[language]?.trim() ? <span className="eq-card-subtitle">: {q.title[language]}</span> : null}
                </h3>
                <div className="eq-card-tools" role="group" aria-label={t('builder.toolsFor', { n: index + 1 })}>
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={t('builder.moveUpN', { n: index + 1 })}>
                    ↑<span className="eq-tool-text"> {t('builder.moveUp')}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    onClick={() => move(index, index + 1)}
                    disabled={index === questions.length - 1}
                    aria-label={t('builder.moveDownN', { n: index + 1 })}
                  >
                    ↓<span className="eq-tool-text"> {t('builder.moveDown')}</span>
                  </button>
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => duplicate(index)} disabled={questions.length >= max} aria-label={t('builder.duplicateN', { n: index + 1 })}>
                    {t('builder.duplicate')}
                  </button>
                  <button type="button" className="btn btn-secondary btn-small eq-remove" onClick={() => remove(index)} aria-label={t('builder.removeN', { n: index + 1 })}>
                    {t('builder.remove')}
                  </button>
                </div>
              </div>
              <div className="form-grid">
                <div className="field">
                  <label htmlFor={`${uid}-type-${q.id}`}>{t('builder.type')}</label>
                  <select id={`${uid}-type-${q.id}`} value={q.type} onChange={(e) => update(q.id, changeType(q, e.target.value as ExtraQuestion['type']))}>
                    {EXTRA_QUESTION_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`builder.types.${type}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="eq-flags">
                  <div className="check">
                    <input id={`${uid}-req-${q.id}`} type="checkbox" checked={q.required} onChange={(e) => update(q.id, { required: e.target.checked })} />
                    <label htmlFor={`${uid}-req-${q.id}`}>{t('builder.required')}</label>
                  </div>
                  <div className="check">
                    <input id={`${uid}-com-${q.id}`} type="checkbox" checked={q.allow_comments} onChange={(e) => update(q.id, { allow_comments: e.target.checked })} />
                    <label htmlFor={`${uid}-com-${q.id}`}>{t('builder.allowComments')}</label>
                  </div>
                </div>
              </div>
              {language && (
                <>
                  <LangText
                    id={field(q, 'title')}
                    label={t('builder.titleIn', { language: languageName(language) })}
                    value={q.title[language] ?? ''}
                    missing={missingHere(q, 'title')}
                    missingText={t('builder.missingHere')}
                    onChange={(v) => update(q.id, { title: setText(q.title, language, v) })}
                  />
                  <LangText
                    id={field(q, 'description')}
                    multiline
                    label={t('builder.descriptionIn', { language: languageName(language) })}
                    hint={t('builder.descriptionHint')}
                    value={q.description[language] ?? ''}
                    missing={missingHere(q, 'description')}
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
                              id={field(q, 'answer', ai)}
                              label={t('builder.answerN', { n: ai + 1 })}
                              value={a[language] ?? ''}
                              missing={missingHere(q, 'answer', ai)}
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
                        id={field(q, 'min_label')}
                        label={t('builder.minLabelIn', { language: languageName(language) })}
                        value={q.scale.min_label[language] ?? ''}
                        missing={missingHere(q, 'min_label')}
                        missingText={t('builder.missingHere')}
                        onChange={(v) => update(q.id, { scale: { ...q.scale!, min_label: setText(q.scale!.min_label, language, v) } })}
                      />
                      <LangText
                        id={field(q, 'max_label')}
                        label={t('builder.maxLabelIn', { language: languageName(language) })}
                        value={q.scale.max_label[language] ?? ''}
                        missing={missingHere(q, 'max_label')}
                        missingText={t('builder.missingHere')}
                        onChange={(v) => update(q.id, { scale: { ...q.scale!, max_label: setText(q.scale!.max_label, language, v) } })}
                      />
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ol>
        <div className="actions">
          <button type="button" id={`${uid}-add`} className="btn btn-primary" onClick={add} disabled={questions.length >= max}>
            {t(`builder.add.${kind}`)}
          </button>
          <span className="hint">{t('builder.count', { count: questions.length, max })}</span>
        </div>
      </div>
    </div>
  );
}

function LangText(props: { id: string; label: string; value: string; onChange: (v: string) => void; missing: boolean; missingText: string; multiline?: boolean; hint?: string }) {
  const { id, label, value, onChange, missing, missingText, multiline, hint } = props;
  const describedBy = [missing ? `${id}-missing` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} rows={2} value={value} maxLength={1000} aria-describedby={describedBy} aria-invalid={missing || undefined} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input id={id} type="text" value={value} maxLength={1000} aria-describedby={describedBy} aria-invalid={missing || undefined} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {missing && (
        <p id={`${id}-missing`} className="field-error">
          {missingText}
        </p>
      )}
    </div>
  );
}
