/** A focus area's actions: the form for a new one, and each action with its status, due date and dated progress notes. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_STATUSES, type Action, type ActionStatus, type FocusArea } from '../../../shared/schemas/actions';
import { SelectField, TextareaField, TextField } from '../../components/ui/form';
import { formatDate, today } from '../../lib/dates';
import * as apiCalls from './actions-api';
import type { Run } from './plan-helpers';

export function ActionForm({ surveyId, area, run }: { surveyId: number; area: FocusArea; run: Run }) {
  const { t } = useTranslation('actions');
  const empty = { title: '', description: '', owner: '', due_on: '', status: 'planned' as ActionStatus };
  const [v, setV] = useState(empty);
  const id = `new-action-${String(area.id)}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(() => apiCalls.addAction(surveyId, area.id, v))) setV(empty);
  };
  // Open while the focus area has no action yet; afterwards one click away, so the actions stay in view.
  return (
    <details className="action-form-wrap" open={area.actions.length === 0}>
      <summary>{t('plan.action.new')}</summary>
      <form className="action-form" onSubmit={(e) => void submit(e)} aria-label={t('plan.action.add')} data-testid="action-form">
        <TextField id={`${id}-title`} label={t('plan.action.title')} value={v.title} required maxLength={200} onChange={(e) => setV({ ...v, title: e.target.value })} />
        <TextareaField id={`${id}-description`} label={t('plan.action.description')} value={v.description} rows={2} maxLength={2000} onChange={(e) => setV({ ...v, description: e.target.value })} />
        <div className="form-row">
          <TextField id={`${id}-owner`} label={t('plan.action.owner')} value={v.owner} maxLength={120} onChange={(e) => setV({ ...v, owner: e.target.value })} />
          <TextField id={`${id}-due`} type="date" label={t('plan.action.due')} value={v.due_on} required onChange={(e) => setV({ ...v, due_on: e.target.value })} />
          <SelectField
            id={`${id}-status`}
            label={t('plan.action.status')}
            value={v.status}
            onChange={(e) => setV({ ...v, status: e.target.value as ActionStatus })}
            options={ACTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </div>
        <button type="submit" className="btn btn-secondary">
          {t('plan.action.add')}
        </button>
      </form>
    </details>
  );
}

export function ActionItem({ surveyId, action, run }: { surveyId: number; action: Action; run: Run }) {
  const { t } = useTranslation('actions');
  const [note, setNote] = useState('');
  const id = `action-${String(action.id)}`;
  const addNote = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(() => apiCalls.addNote(surveyId, action.id, { text: note, noted_on: today() }))) setNote('');
  };
  return (
    <li className="action-item" data-testid="action">
      <div className="action-head">
        <strong>{action.title}</strong> <span className={`status-pill timing-${action.timing}`}>{t(`plan.timing.${action.timing}`)}</span>
      </div>
      {action.description && <p>{action.description}</p>}
      <p className="hint">
        {[action.owner ? t('plan.action.ownerValue', { owner: action.owner }) : '', t('plan.action.dueValue', { date: formatDate(action.due_on) })].filter(Boolean).join(' · ')}
      </p>
      <div className="form-row action-controls">
        <SelectField
          id={`${id}-status`}
          label={t('plan.action.status')}
          value={action.status}
          onChange={(e) => void run(() => apiCalls.updateAction(surveyId, action.id, { status: e.target.value as ActionStatus }))}
          options={ACTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <TextField
          id={`${id}-due`}
          type="date"
          label={t('plan.action.due')}
          defaultValue={action.due_on}
          onBlur={(e) => {
            if (e.target.value && e.target.value !== action.due_on) void run(() => apiCalls.updateAction(surveyId, action.id, { due_on: e.target.value }));
          }}
        />
        <button type="button" className="btn btn-link btn-small" onClick={() => void run(() => apiCalls.removeAction(surveyId, action.id))}>
          {t('plan.action.remove')}
          <span className="visually-hidden">: {action.title}</span>
        </button>
      </div>
      <details className="action-notes">
        <summary>{t('plan.notes.title', { n: action.notes.length })}</summary>
        {action.notes.length > 0 && (
          <ul>
            {action.notes.map((n) => (
              <li key={n.id}>
                <span className="hint">{formatDate(n.noted_on)}</span> {n.text}
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={(e) => void addNote(e)} className="note-form">
          <TextField id={`${id}-note`} label={t('plan.notes.text')} value={note} maxLength={1000} required onChange={(e) => setNote(e.target.value)} />
          <button type="submit" className="btn btn-secondary btn-small">
            {t('plan.notes.add')}
          </button>
        </form>
      </details>
    </li>
  );
}
