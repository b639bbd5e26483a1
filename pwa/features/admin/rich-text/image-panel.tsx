import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOG_IMAGE_RULES } from '../../../../shared/schemas/blogs';
import { describedBy } from '../../../components/ui/form';
import { EditorPanel } from './editor-panel';

export interface ImageDraft {
  alt: string;
  file: File | null;
  error?: string;
  busy?: boolean;
}

/** The image form: a file and its text alternative, inserted once stored; a post not created yet says why it waits. */
export function ImagePanel({
  panel,
  canUpload,
  onEdit,
  onInsert,
  onClose,
}: {
  panel: ImageDraft;
  canUpload: boolean;
  onEdit: (panel: ImageDraft) => void;
  onInsert: (file: File, alt: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const uid = useId();
  return (
    <EditorPanel
      titleId={`${uid}-image-title`}
      title={t('blogs.editor.imageTitle')}
      onApply={() => panel.file && !panel.busy && onInsert(panel.file, panel.alt)}
      onClose={onClose}
    >
      {canUpload ? (
        <>
          <div className="field">
            <label htmlFor={`${uid}-image-file`}>{t('blogs.editor.imageFile')}</label>
            <input
              id={`${uid}-image-file`}
              type="file"
              accept="image/jpeg,image/png"
              {...describedBy(`${uid}-image-file`, panel.error, t('blogs.editor.imageHint'))}
              onChange={(e) => onEdit({ ...panel, file: e.target.files?.[0] ?? null, error: undefined })}
            />
            <p id={`${uid}-image-file-hint`} className="hint">
              {t('blogs.editor.imageHint', {
                size: BLOG_IMAGE_RULES.maxBytes / 1024 / 1024,
                maxWidth: BLOG_IMAGE_RULES.maxWidth,
                maxHeight: BLOG_IMAGE_RULES.maxHeight,
                storedWidth: BLOG_IMAGE_RULES.storedMaxWidth,
              })}
            </p>
            {panel.error && (
              <p id={`${uid}-image-file-error`} className="field-error" role="alert">
                {panel.error}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${uid}-image-alt`}>{t('blogs.editor.imageAlt')}</label>
            <input
              id={`${uid}-image-alt`}
              type="text"
              value={panel.alt}
              aria-describedby={`${uid}-image-alt-hint`}
              onChange={(e) => onEdit({ ...panel, alt: e.target.value })}
            />
            <p id={`${uid}-image-alt-hint`} className="hint">
              {t('blogs.editor.imageAltHint')}
            </p>
          </div>
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={!panel.file || panel.busy}
              onClick={() => panel.file && onInsert(panel.file, panel.alt)}
            >
              {panel.busy ? t('blogs.editor.imageUploading') : t('blogs.editor.imageInsert')}
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={onClose}>
              {t('blogs.editor.panelCancel')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="hint">{t('blogs.editor.imageAfterCreate')}</p>
          <div className="actions">
            <button type="button" className="btn btn-secondary btn-small" onClick={onClose}>
              {t('blogs.editor.panelCancel')}
            </button>
          </div>
        </>
      )}
    </EditorPanel>
  );
}
