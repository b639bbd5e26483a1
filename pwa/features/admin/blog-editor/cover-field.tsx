import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOG_COVER_RULES } from '../../../../shared/schemas/blogs';
import { deleteBlogCover, uploadBlogCover, type AdminBlogPost } from '../blogs-api';

/** The post's cover image: shown, replaced by an upload (through the assets store) or removed; `run` saves and reports. */
export function CoverField({
  post,
  busy,
  run,
}: {
  post: AdminBlogPost;
  busy: boolean;
  run: (action: () => Promise<AdminBlogPost>, success: string) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const uid = useId();
  return (
    <>
      <div className="field blog-cover-field">
        <label htmlFor={`${uid}-cover`}>{t('blogs.editor.cover')}</label>
        {post.cover_url ? <img className="blog-cover-preview" src={post.cover_url} alt={t('blogs.editor.coverAlt')} /> : <p className="hint">{t('blogs.editor.noCover')}</p>}
        <input
          id={`${uid}-cover`}
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby={`${uid}-cover-hint`}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void run(() => uploadBlogCover(post.id, file), t('blogs.editor.coverSaved'));
          }}
        />
        <p id={`${uid}-cover-hint`} className="hint">
          {t('blogs.editor.coverHint', {
            width: BLOG_COVER_RULES.minWidth,
            height: BLOG_COVER_RULES.minHeight,
            maxWidth: BLOG_COVER_RULES.maxWidth,
            maxHeight: BLOG_COVER_RULES.maxHeight,
            size: BLOG_COVER_RULES.maxBytes / 1024 / 1024,
            storedWidth: BLOG_COVER_RULES.storedMaxWidth,
          })}
        </p>
      </div>
      {post.cover_url && (
        <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void run(() => deleteBlogCover(post.id), t('blogs.editor.coverRemoved'))}>
          {t('blogs.editor.coverRemove')}
        </button>
      )}
    </>
  );
}
