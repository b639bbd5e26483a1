/**
 * One extra question's card: its drag handle, number and title, the move / duplicate / remove tools, its type and flags,
 * and its texts in the active language.
 */
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionLanguageCode } from '../../../../shared/locales';
import { EXTRA_QUESTION_TYPES, type ExtraQuestion } from '../../../../shared/schemas/application';
import { changeType, type MissingEntry } from './builder-ops';
import { QuestionTexts } from './question-texts';

export interface CardDrag {
  dragIndex: number | null;
  dropIndex: number | null;
  setDragIndex: (index: number | null) => void;
  setDropIndex: (index: number | null) => void;
  onDrop: (e: DragEvent, to: number) => void;
}

export interface CardActions {
  move: (from: number, to: number) => void;
  duplicate: (index: number) => void;
  remove: (index: number) => void;
  update: (id: string, patch: Partial<ExtraQuestion>) => void;
}

export function QuestionCard({ q, index, count, max, uid, language, missing, drag, actions }: { q: ExtraQuestion; index: number; count: number; max: number; uid: string; language: QuestionLanguageCode | undefined; missing: MissingEntry[]; drag: CardDrag; actions: CardActions }) {
  const { t } = useTranslation('applications');
  const { dragIndex, dropIndex, setDragIndex, setDropIndex, onDrop } = drag;
  const { move, duplicate, remove, update } = actions;
  return (
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
            disabled={index === count - 1}
            aria-label={t('builder.moveDownN', { n: index + 1 })}
          >
            ↓<span className="eq-tool-text"> {t('builder.moveDown')}</span>
          </button>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => duplicate(index)} disabled={count >= max} aria-label={t('builder.duplicateN', { n: index + 1 })}>
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
      {language && <QuestionTexts q={q} uid={uid} language={language} missing={missing} update={update} />}
    </li>
  );
}
