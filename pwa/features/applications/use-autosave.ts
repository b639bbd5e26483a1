/**
 * The working version on the server: save() PUTs the draft when it changed (moving between steps,
 * "save and exit"); leaving the page (pagehide, the tab hidden, the form unmounted) saves with
 * fetch keepalive. `saved` carries the time of the last save for the 'Working version saved' notice.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { saveDraft, saveDraftKeepalive, type ApplicationSummary } from './applications-api';

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; message: string };

export function useAutosave<D>(id: ApplicationSummary['id'], draft: D, enabled = true) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const latest = useRef(draft);
  const savedJson = useRef(JSON.stringify(draft));
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
        await saveDraft(id, draftNow);
        savedJson.current = json;
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
      savedJson.current = JSON.stringify(latest.current);
      void saveDraftKeepalive(id, latest.current);
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
