/**
 * /profil/izz/:id/ukrepi (/en/profile/izz/:id/actions): what a company does with a finished IZZ survey's results
 *. Up to three focus areas (a category or a statement), suggested from its own reports (the lowest
 * categories, the largest drops since the previous survey, the items furthest below the published market); per focus
 * area actions with owner, due date, status and dated progress notes; the results page shared back with employees
 * (message, preview, publish / unpublish, link, QR code and the A4 poster). Every change answers the whole overview,
 * which replaces the page's data. Texts: the `actions` namespace.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localizedText } from '../../../shared/i18n/localized-text';
import { isUiLocale, type QuestionLanguageCode } from '../../../shared/locales';
import { CATEGORIES, STATEMENTS } from '../../../shared/question-banks';
import { localizedPath } from '../../../shared/routes';
import {
  ACTION_STATUSES,
  MAX_FOCUS_AREAS,
  type Action,
  type ActionStatus,
  type ActionsOverview,
  type FocusArea,
  type FocusAreaKind,
  type FocusSuggestion,
} from '../../../shared/schemas/actions';
import { SelectField, TextareaField, TextField } from '../../components/ui/form';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { ApiError } from '../../lib/api';
import { formatDate, today } from '../../lib/dates';
import { numberFormat } from '../../lib/number-format';
import { useResource } from '../../lib/use-resource';
import * as apiCalls from './actions-api';
import { ResultsView } from './results-view';

/** An error's message with the field messages of a 422 after it. */
function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const details = Array.isArray(error.details) ? (error.details as { message?: unknown }[]).map((d) => (typeof d.message === 'string' ? d.message : '')).filter(Boolean) : [];
  return [error.message, ...details].join(' ');
}

function useItemLabel() {
  const locale = useLocale();
  return (kind: FocusAreaKind, id: string) =>
    kind === 'category' ? localizedText(CATEGORIES.find((c) => c.id === id)?.title, locale) || id : localizedText(STATEMENTS.find((s) => s.id === id)?.text, locale) || id;
}

type Run = (call: () => Promise<ActionsOverview>) => Promise<boolean>;

function Suggestions({ data, run, full }: { data: ActionsOverview; run: Run; full: boolean }) {
  const { t } = useTranslation('actions');
  const label = useItemLabel();
  const f = numberFormat(useLocale());
  const chosen = new Set(data.focus_areas.map((a) => `${a.kind}:${a.item_id}`));
  const list = (items: FocusSuggestion[], testid: string, detail: (s: FocusSuggestion) => string) => (
    <ul className="suggestions" data-testid={testid}>
      {items.map((s) => {
        const key = `${s.kind}:${s.item_id}`;
        return (
          <li key={key}>
            <span>
              <span className="hint">{t(`plan.kind.${s.kind}`)}</span> {label(s.kind, s.item_id)} <span className="hint">({detail(s)})</span>
            </span>
            {chosen.has(key) ? (
              <span className="status-pill status-done">{t('plan.suggestions.chosen')}</span>
            ) : (
              <button type="button" className="btn btn-secondary btn-small" disabled={full} onClick={() => void run(() => apiCalls.addFocusArea(data.survey.id, { kind: s.kind, item_id: s.item_id }))}>
                {t('plan.suggestions.add')}
                <span className="visually-hidden">: {label(s.kind, s.item_id)}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
  const s = data.suggestions;
  return (
    <section className="card" aria-labelledby="suggestions-h">
      <h2 id="suggestions-h">{t('plan.suggestions.title')}</h2>
      <h3>{t('plan.suggestions.lowest')}</h3>
      {list(s.lowest, 'suggest-lowest', (x) => t('plan.mean', { mean: f.num(x.mean, 2) }))}
      <h3>{t('plan.suggestions.drops')}</h3>
      {s.drops === null ? (
        <p className="hint">{t('plan.suggestions.noPrevious')}</p>
      ) : s.drops.length === 0 ? (
        <p className="hint">{t('plan.suggestions.noDrops')}</p>
      ) : (
        list(s.drops, 'suggest-drops', (x) => t('plan.suggestions.drop', { change: f.signed(x.difference, 2), year: s.previous?.year ?? '' }))
      )}
      <h3>{t('plan.suggestions.benchmark')}</h3>
      {s.benchmark === null ? (
        <p className="hint">{t('plan.suggestions.noBenchmark')}</p>
      ) : (
        list(s.benchmark, 'suggest-benchmark', (x) => t('plan.suggestions.below', { difference: f.signed(x.difference, 2), median: f.num(x.reference, 2) }))
      )}
    </section>
  );
}

function PickFocusArea({ data, run, full }: { data: ActionsOverview; run: Run; full: boolean }) {
  const { t } = useTranslation('actions');
  const locale = useLocale();
  const [kind, setKind] = useState<FocusAreaKind>('category');
  const [item, setItem] = useState('');
  const options =
    kind === 'category'
      ? CATEGORIES.map((c) => ({ value: c.id, label: localizedText(c.title, locale) }))
      : STATEMENTS.map((s) => ({ value: s.id, label: `${s.id} · ${localizedText(s.text, locale)}` }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(() => apiCalls.addFocusArea(data.survey.id, { kind, item_id: item }))) setItem('');
  };
  return (
    <form className="card pick-focus" onSubmit={(e) => void submit(e)} aria-labelledby="pick-h">
      <h2 id="pick-h">{t('plan.pick.title')}</h2>
      <div className="form-row">
        <SelectField
          id="pick-kind"
          label={t('plan.pick.kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as FocusAreaKind);
            setItem('');
          }}
          options={[
            { value: 'category', label: t('plan.kind.category') },
            { value: 'statement', label: t('plan.kind.statement') },
          ]}
        />
        <SelectField id="pick-item" label={t('plan.pick.item')} value={item} onChange={(e) => setItem(e.target.value)} options={options} placeholder={t('plan.pick.choose')} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={full || item === ''}>
        {t('plan.pick.add')}
      </button>
      {full && <p className="hint">{t('plan.full', { max: MAX_FOCUS_AREAS })}</p>}
    </form>
  );
}

function ActionForm({ surveyId, area, run }: { surveyId: number; area: FocusArea; run: Run }) {
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

function ActionItem({ surveyId, action, run }: { surveyId: number; action: Action; run: Run }) {
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

/** The follow-up PULS of a focus area: the applications made from it, and the way to apply for one. */
function FollowUp({ surveyId, area }: { surveyId: number; area: FocusArea }) {
  const { t } = useTranslation('actions');
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await apiCalls.createPulse(surveyId, area.id);
      void navigate(path('profilePulsDetail', { id: String(made.application_id) }));
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <div className="follow-up">
      <h4>{t('plan.pulse.title')}</h4>
      <p className="hint">{t('plan.pulse.hint')}</p>
      {area.pulses.length > 0 && (
        <ul>
          {area.pulses.map((p) => (
            <li key={p.id}>
              <LocalizedLink to="profilePulsDetail" params={{ id: String(p.id) }}>
                {p.name ?? t('plan.pulse.unnamed')}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void apply()} data-testid="apply-pulse">
        {t('plan.pulse.apply')}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function FocusAreaCard({ data, area, run }: { data: ActionsOverview; area: FocusArea; run: Run }) {
  const { t } = useTranslation('actions');
  const label = useItemLabel();
  const f = numberFormat(useLocale());
  const h = `focus-${String(area.id)}-h`;
  return (
    <section className="card focus-area" aria-labelledby={h} data-testid="focus-area">
      <div className="focus-head">
        <h3 id={h}>
          <span className="hint">{t(`plan.kind.${area.kind}`)}</span> {label(area.kind, area.item_id)}
        </h3>
        <button type="button" className="btn btn-link btn-small" onClick={() => void run(() => apiCalls.removeFocusArea(data.survey.id, area.id))}>
          {t('plan.focus.remove')}
          <span className="visually-hidden">: {label(area.kind, area.item_id)}</span>
        </button>
      </div>
      {area.figures.mean !== null && <p className="hint">{t('plan.figure', { mean: f.num(area.figures.mean, 2), favourable: f.pct(area.figures.favourable_pct) })}</p>}
      {area.actions.length === 0 ? (
        <p className="hint">{t('plan.action.none')}</p>
      ) : (
        <ul className="action-list">
          {area.actions.map((a) => (
            <ActionItem key={a.id} surveyId={data.survey.id} action={a} run={run} />
          ))}
        </ul>
      )}
      <ActionForm surveyId={data.survey.id} area={area} run={run} />
      <FollowUp surveyId={data.survey.id} area={area} />
    </section>
  );
}

function ShareResults({ data, run }: { data: ActionsOverview; run: Run }) {
  const { t } = useTranslation('actions');
  const locale = useLocale();
  const languages = data.survey.languages.length > 0 ? data.survey.languages : (['en'] as QuestionLanguageCode[]);
  const [language, setLanguage] = useState<QuestionLanguageCode>(languages.includes(locale) ? locale : languages[0]!);
  const [message, setMessage] = useState(data.results_page.message);
  const [previewKey, setPreviewKey] = useState(0);
  const [showPreview, setShowPreview] = useState(false);
  const preview = useResource(
    (signal) => (showPreview ? apiCalls.getPreview(data.survey.id, language, signal) : Promise.resolve(null)),
    `${String(showPreview)}:${language}:${String(previewKey)}`,
  );
  const page = data.results_page;
  const link = page.token && isUiLocale(language) ? `${window.location.origin}${localizedPath('employeeResults', language, { token: page.token })}` : null;
  return (
    <section className="card share-results" aria-labelledby="share-h" data-testid="share-results">
      <h2 id="share-h">{t('plan.share.title')}</h2>
      <p className="hint">{t('plan.share.hint')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => apiCalls.saveResultsPage(data.survey.id, message)).then(() => setPreviewKey((k) => k + 1));
        }}
      >
        <TextareaField id="share-message" label={t('plan.share.message')} hint={t('plan.share.messageHint')} value={message} rows={3} maxLength={1000} onChange={(e) => setMessage(e.target.value)} />
        <button type="submit" className="btn btn-secondary">
          {t('plan.share.save')}
        </button>
      </form>
      <p role="status" data-testid="share-state">
        {page.published ? t('plan.share.published', { date: formatDate(page.published_at) }) : t('plan.share.unpublished')}
      </p>
      <div className="download-list">
        {page.published ? (
          <button type="button" className="btn btn-secondary" onClick={() => void run(() => apiCalls.setPublished(data.survey.id, false))} data-testid="unpublish">
            {t('plan.share.unpublish')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void run(() => apiCalls.setPublished(data.survey.id, true))} data-testid="publish">
            {t('plan.share.publish')}
          </button>
        )}
        <button type="button" className="btn btn-secondary" aria-expanded={showPreview} onClick={() => setShowPreview((s) => !s)} data-testid="preview-toggle">
          {t('plan.share.preview')}
        </button>
      </div>
      <SelectField
        id="share-language"
        label={t('plan.share.language')}
        value={language}
        onChange={(e) => setLanguage(e.target.value as QuestionLanguageCode)}
        options={languages.map((l) => ({ value: l, label: t(`plan.share.languages.${l}`) }))}
      />
      {page.published && link && (
        <div className="share-link">
          <p>
            {t('plan.share.link')}{' '}
            <a href={link} data-testid="public-link" target="_blank" rel="noopener">
              {link}
            </a>
          </p>
          <img className="share-qr" src={apiCalls.qrUrl(data.survey.id, language)} alt={t('plan.share.qr')} width={160} height={160} />
          <p>
            <a className="btn btn-secondary" href={apiCalls.posterUrl(data.survey.id, language)} download data-testid="poster">
              {t('plan.share.poster')}
            </a>
          </p>
        </div>
      )}
      {showPreview && (
        <div className="share-preview" data-testid="preview">
          <h3>{t('plan.share.previewTitle')}</h3>
          {preview.data ? <ResultsView data={preview.data} /> : preview.status === 'error' ? <p role="alert">{errorText(preview.error)}</p> : <p className="hint">{t('plan.loading')}</p>}
        </div>
      )}
    </section>
  );
}

export default function ActionPlanPage() {
  const { t } = useTranslation('actions');
  const { id = '' } = useParams();
  const resource = useResource((signal) => apiCalls.getOverview(id, signal), id);
  const data = resource.data;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('plan.title'));
  const run: Run = async (call) => {
    setBusy(true);
    setError(null);
    try {
      resource.replace(await call());
      return true;
    } catch (err) {
      setError(errorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const full = (data?.focus_areas.length ?? 0) >= MAX_FOCUS_AREAS;
  return (
    <div className="page profile-page action-plan-page" aria-busy={busy}>
      <div className="container">
        <p>
          <LocalizedLink to="profileIzzDetail" params={{ id }}>
            ← {t('plan.back')}
          </LocalizedLink>
        </p>
        <header className="page-header">
          <h1>{t('plan.title')}</h1>
          {data && <p className="lead">{data.survey.year === null || data.survey.name.includes(String(data.survey.year)) ? data.survey.name : `${data.survey.name} · ${String(data.survey.year)}`}</p>}
        </header>
        {resource.status === 'loading' && !data && (
          <p className="hint" role="status">
            {t('plan.loading')}
          </p>
        )}
        {resource.status === 'error' && (
          <div className="notice notice-error" role="alert">
            <p>{errorText(resource.error)}</p>
            <button type="button" className="btn btn-secondary btn-small" onClick={resource.reload}>
              {t('plan.retry')}
            </button>
          </div>
        )}
        {error && (
          <div className="notice notice-error" role="alert" data-testid="plan-error">
            <p>{error}</p>
          </div>
        )}
        {data && (
          <div className="stack-lg">
            <section aria-labelledby="focus-h">
              <h2 id="focus-h">{t('plan.focus.title', { n: data.focus_areas.length, max: MAX_FOCUS_AREAS })}</h2>
              {data.focus_areas.length === 0 && <p className="hint">{t('plan.focus.empty')}</p>}
              {data.focus_areas.map((a) => (
                <FocusAreaCard key={a.id} data={data} area={a} run={run} />
              ))}
            </section>
            <Suggestions data={data} run={run} full={full} />
            <PickFocusArea data={data} run={run} full={full} />
            <ShareResults data={data} run={run} />
          </div>
        )}
      </div>
    </div>
  );
}
