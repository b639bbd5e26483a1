/**
 * The paper forms of an IZZ offline/combined survey: one PDF with every unused paper form (`forms`
 * is their number; a finished survey offers none)
 * in a chosen survey language. The server builds the PDF (a few seconds per 1,000 forms), then sends
 * it with Content-Length: the download is read chunk by chunk to show real progress, then saved.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questionLanguageName, type QuestionLanguageCode } from '../../../shared/locales';
import { localeOfPath } from '../../../shared/routes';
import type { IzzApplicationDraft } from '../../../shared/schemas/application';
import { request, toApiError } from '../../lib/api';
import type { Application } from './applications-api';

type State = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'downloading'; received: number; total: number } | { kind: 'done' } | { kind: 'failed'; message: string };

export function paperFormsUrl(id: Application['id'], language: QuestionLanguageCode): string {
  return `/api/applications/${encodeURIComponent(String(id))}/paper-forms?language=${language}`;
}

export function PaperFormsDownload({ application, forms }: { application: Application; forms: number | null }) {
  const { t } = useTranslation('applications');
  const details = (application.draft as IzzApplicationDraft).details;
  const languages = details.languages && details.languages.length > 0 ? details.languages : (['en'] as QuestionLanguageCode[]);
  const [language, setLanguage] = useState<QuestionLanguageCode>(languages[0]!);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const selectId = useId();
  if (application.type !== 'izz' || (details.collection !== 'offline' && details.collection !== 'combined')) return null;
  // A finished survey takes no more answers: nothing to print.
  const closed = application.state === 'finished';

  const download = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'preparing' });
    const locale = localeOfPath(window.location.pathname);
    try {
      const res = await request(paperFormsUrl(application.id, language), { locale, signal: controller.signal, headers: { Accept: 'application/pdf' } });
      if (!res.ok) throw await toApiError(res, locale);
      const total = Number(res.headers.get('Content-Length') ?? 0);
      const chunks: Uint8Array[] = [];
      let received = 0;
      const reader = res.body?.getReader();
      if (reader) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          received += value.length;
          setState({ kind: 'downloading', received, total });
        }
      } else chunks.push(new Uint8Array(await res.arrayBuffer()));
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `paper-forms-${String(application.id)}-${language}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ kind: 'done' });
    } catch (err) {
      if (controller.signal.aborted) setState({ kind: 'idle' });
      else setState({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    } finally {
      abort.current = null;
    }
  };

  const busy = state.kind === 'preparing' || state.kind === 'downloading';
  return (
    <div className="stack-sm paper-forms" data-testid="paper-forms">
      <h3>{t('paperForms.title')}</h3>
      <p className="hint" data-testid="paper-forms-hint">{closed ? t('paperForms.closed') : t('paperForms.hint', { count: forms ?? 0 })}</p>
      {languages.length > 1 && (
        // The site's form field (label above a full-height select), not the browser's bare select.
        <div className="field paper-forms-language">
          <label htmlFor={selectId}>{t('paperForms.language')}</label>
          <select id={selectId} value={language} onChange={(e) => setLanguage(e.target.value as QuestionLanguageCode)} disabled={busy} data-testid="paper-forms-language">
            {languages.map((l) => (
              <option key={l} value={l} lang={l}>
                {questionLanguageName(l)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="download-list">
        <button type="button" className="btn btn-secondary" onClick={() => void download()} disabled={busy || closed || forms === 0} data-testid="paper-forms-download">
          {t('paperForms.download')}
        </button>
        {busy && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => abort.current?.abort()}>
            {t('status.cancel')}
          </button>
        )}
      </div>
      <div role="status" aria-live="polite">
        {state.kind === 'preparing' && (
          <>
            <p className="hint">{t('paperForms.preparing', { count: forms ?? 0 })}</p>
            <progress aria-label={t('paperForms.preparing', { count: forms ?? 0 })} />
          </>
        )}
        {state.kind === 'downloading' && (
          <>
            <p className="hint">{state.total > 0 ? t('paperForms.downloading', { percent: Math.floor((state.received / state.total) * 100) }) : t('paperForms.downloadingBytes', { mb: (state.received / 1048576).toFixed(1) })}</p>
            <progress max={state.total || undefined} value={state.total ? state.received : undefined} aria-label={t('paperForms.download')} />
          </>
        )}
        {state.kind === 'done' && <p className="notice notice-success">{t('paperForms.done')}</p>}
      </div>
      {state.kind === 'failed' && (
        <div className="notice notice-error" role="alert">
          <p>{state.message}</p>
          <button type="button" className="btn btn-primary btn-small" onClick={() => void download()}>
            {t('retry')}
          </button>
        </div>
      )}
    </div>
  );
}
