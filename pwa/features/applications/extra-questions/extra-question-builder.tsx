/**
 * The extra-question builder: language tabs (with the count of missing texts per language), one
 * card per question (type, title, description, answers or scale labels, required, comments), and
 * add / duplicate / remove / reorder by drag (HTML5) or by the move buttons (announced in an
 * aria-live region). The "missing texts" list links to each empty field, switching the tab first.
 */
import { useEffect, useId, useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionLanguageCode } from '../../../../shared/locales';
import type { ExtraQuestion } from '../../../../shared/schemas/application';
import { addQuestion, duplicateQuestion, missingEntries, moveQuestion, newQuestion, removeQuestion, textFieldId, updateQuestion, type MissingEntry } from './builder-ops';
import { LanguageTabs } from './language-tabs';
import { MissingTexts } from './missing-texts';
import { QuestionCard } from './question-card';
import './extra-questions.css';

export interface ExtraQuestionBuilderProps {
  questions: ExtraQuestion[];
  languages: readonly QuestionLanguageCode[];
  onChange: (next: ExtraQuestion[]) => void;
  max: number;
  /** Heading level text; 'extra' for IZZ, 'own' for PULS. */
  kind?: 'extra' | 'own';
}

export function ExtraQuestionBuilder({ questions, languages, onChange, max, kind = 'extra' }: ExtraQuestionBuilderProps) {
  const { t } = useTranslation('applications');
  const uid = useId();
  const [active, setActive] = useState<QuestionLanguageCode | undefined>(languages[0]);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
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

  return (
    <div className="eq-builder" data-testid="extra-question-builder">
      <p className="visually-hidden" aria-live="polite" data-testid="builder-announcement">
        {announcement}
      </p>
      {languages.length === 0 ? (
        <p className="notice notice-info">{t('builder.noLanguages')}</p>
      ) : (
        <>
          <MissingTexts missing={missing} hasQuestions={questions.length > 0} onGoTo={goTo} />
          <LanguageTabs uid={uid} languages={languages} language={language} missingByLanguage={missingByLanguage} onSelect={setActive} />
        </>
      )}
      <div role={languages.length ? 'tabpanel' : undefined} id={`${uid}-panel`} aria-labelledby={language ? `${uid}-tab-${language}` : undefined}>
        {questions.length === 0 && <p className="hint">{t(`builder.empty.${kind}`)}</p>}
        <ol className="eq-list">
          {questions.map((q, index) => (
            <QuestionCard
              key={q.id}
              q={q}
              index={index}
              count={questions.length}
              max={max}
              uid={uid}
              language={language}
              missing={missing}
              drag={{ dragIndex, dropIndex, setDragIndex, setDropIndex, onDrop }}
              actions={{ move, duplicate, remove, update }}
            />
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
