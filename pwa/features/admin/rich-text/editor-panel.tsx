import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A small form under the toolbar (link, image): labelled by its title, its first field focused when it opens; Enter in a
 * field applies (the editor sits in the version's form: Enter here does not save the version), Escape closes it.
 */
export function EditorPanel({ titleId, title, onApply, onClose, children }: { titleId: string; title: string; onApply: () => void; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      onApply();
    }
  };
  return (
    <div className="rich-text-panel" role="group" aria-labelledby={titleId} ref={ref} onKeyDown={keys}>
      <p id={titleId} className="rich-text-panel-title">
        {title}
      </p>
      {children}
    </div>
  );
}
