import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy } from '../../../components/ui/form';
import { EditorPanel } from './editor-panel';

export interface LinkDraft {
  href: string;
  error?: string;
}

/** The link form: the address (its error in the page's language), apply, remove (on a link) and cancel. */
export function LinkPanel({
  panel,
  onEdit,
  onApply,
  onRemove,
  onClose,
}: {
  panel: LinkDraft;
  onEdit: (href: string) => void;
  onApply: () => void;
  /** Absent when the cursor is not on a link. */
  onRemove?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const uid = useId();
  return (
    <EditorPanel titleId={`${uid}-link-title`} title={t('blogs.editor.linkTitle')} onApply={onApply} onClose={onClose}>
      <div className="field">
        <label htmlFor={`${uid}-href`}>{t('blogs.editor.linkAddress')}</label>
        <input
          id={`${uid}-href`}
          type="text"
          inputMode="url"
          spellCheck={false}
          value={panel.href}
          {...describedBy(`${uid}-href`, panel.error, t('blogs.editor.linkHint'))}
          onChange={(e) => onEdit(e.target.value)}
        />
        <p id={`${uid}-href-hint`} className="hint">
          {t('blogs.editor.linkHint')}
        </p>
        {panel.error && (
          <p id={`${uid}-href-error`} className="field-error">
            {panel.error}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="button" className="btn btn-primary btn-small" onClick={onApply}>
          {t('blogs.editor.linkApply')}
        </button>
        {onRemove && (
          <button type="button" className="btn btn-secondary btn-small" onClick={onRemove}>
            {t('blogs.editor.linkRemove')}
          </button>
        )}
        <button type="button" className="btn btn-secondary btn-small" onClick={onClose}>
          {t('blogs.editor.panelCancel')}
        </button>
      </div>
    </EditorPanel>
  );
}
