/**
 * The working version on the server: save() PUTs the draft when it changed (moving between steps,
 * "save and exit"); leaving the page (pagehide, the tab hidden, the form unmounted) saves with
 * fetch keepalive. `saved` carries the time of the last save for the 'Working version saved' notice.
 *
 * Leaving the page cannot wait for an answer, so a keepalive save may be lost or late: Chromium
 * refuses a keepalive body over 64 KiB (a long respondent list), the request may fail, and the next
 * page load may read the draft before the keepalive PUT arrives (a reload, or leaving and coming
 * straight back) — the form then showed the old draft and its next save overwrote the newer one.
 * So every exit save first writes the draft to localStorage (synchronous, it always completes),
 * together with the server version it was edited from (`saved_at`). A draft counts as saved only
 * when the server confirms it. When the application is opened again, recoverUnsavedDraft() puts a
 * copy that the server has not got yet (its version is still the copy's base) on the server.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { EDITABLE_STATES } from '../../../shared/schemas/application';
import { saveDraft, saveDraftKeepalive, type Application, type ApplicationSummary } from './applications-api';

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; message: string };

/** A draft saved on the way out: the JSON and the server's saved_at it was edited from. */
interface UnsavedCopy {
  json: string;
  base: string | null;
}

const copyKey = (id: ApplicationSummary['id']) => `izz:unsaved-draft:${String(id)}`;

function readCopy(id: ApplicationSummary['id']): UnsavedCopy | null {
  try {
    const raw = localStorage.getItem(copyKey(id));
    const parsed = raw ? (JSON.parse(raw) as Partial<UnsavedCopy>) : null;
    return parsed && typeof parsed.json === 'string' ? { json: parsed.json, base: typeof parsed.base === 'string' ? parsed.base : null } : null;
  } catch {
    return null;
  }
}

function writeCopy(id: ApplicationSummary['id'], copy: UnsavedCopy) {
  try {
    localStorage.setItem(copyKey(id), JSON.stringify(copy));
  } catch {
    // Storage full or disabled: the keepalive request is all there is.
  }
}

/** Removes the copy (only the one with this JSON when given: a newer exit copy stays). */
function dropCopy(id: ApplicationSummary['id'], json?: string) {
  try {
    if (json === undefined || readCopy(id)?.json === json) localStorage.removeItem(copyKey(id));
  } catch {
    // nothing to clean
  }
}

/**
 * Opening an application: a draft saved on the way out that the server has not got (the server's
 * version is still the one the copy was edited from) is saved now and shown. A copy the server has
 * moved past (the keepalive arrived, or another session saved later) is dropped. Offline, the copy
 * is shown and kept for the next visit.
 */
export async function recoverUnsavedDraft(application: Application): Promise<Application> {
  const copy = readCopy(application.id);
  if (!copy) return application;
  if (!EDITABLE_STATES.includes(application.state) || copy.base !== application.saved_at || copy.json === JSON.stringify(application.draft)) {
    dropCopy(application.id);
    return application;
  }
  const draft = JSON.parse(copy.json) as Application['draft'];
  try {
    const saved = await saveDraft(application.id, draft);
    dropCopy(application.id, copy.json);
    return saved.data;
  } catch {
    return { ...application, draft };
  }
}

export function useAutosave<D>(id: ApplicationSummary['id'], draft: D, enabled = true, savedAt: string | null = null) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const latest = useRef(draft);
  const savedJson = useRef(JSON.stringify(draft));
  /** The server's saved_at of the version this form has saved last (the base of an exit copy). */
  const base = useRef(savedAt);
  /** The JSON of the exit save on its way (pagehide right after visibilitychange sends nothing twice). */
  const leaving = useRef<string | null>(null);
  useLayoutEffect(() => {
    latest.current = draft;
  }, [draft]);
  const dirty = () => JSON.stringify(latest.current) !== savedJson.current;

  const save = useCallback(
    async (force = false, next?: D): Promise<boolean> => {
      if (!enabled) return true;
      if (next !== undefined) latest.current = next;
      if (!force && !dirty()) return true;
      const draftNow = latest.current;
      const json = JSON.stringify(draftNow);
      setState({ kind: 'saving' });
      try {
        const saved = await saveDraft(id, draftNow);
        savedJson.current = json;
        base.current = saved.data.saved_at ?? saved.saved_at;
        dropCopy(id, json);
        setState({ kind: 'saved', at: new Date() });
        return true;
      } catch (err) {
        setState({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
        return false;
      }
    },
    [id, enabled],
  );

  useEffect(() => {
    if (!enabled) return;
    const flush = () => {
      if (!dirty()) return;
      const json = JSON.stringify(latest.current);
      if (leaving.current === json) return;
      leaving.current = json;
      writeCopy(id, { json, base: base.current });
      void saveDraftKeepalive(id, latest.current).then((saved) => {
        if (leaving.current === json) leaving.current = null;
        if (!saved) return; // not confirmed: still dirty, and the copy is recovered on the next visit
        savedJson.current = json;
        base.current = saved;
        dropCopy(id, json);
      });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [id, enabled]);

  return { state, save, isDirty: dirty };
}
