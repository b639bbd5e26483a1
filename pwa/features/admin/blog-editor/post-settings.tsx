import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/form';
import { useLocalizedPath } from '../../../i18n/use-locale';
import { ActionNotice, ConfirmDialog, useErrorText, type Notice } from '../admin-parts';
import { deleteBlogPost, setBlogPublishAt, setBlogPublished, type AdminBlogPost } from '../blogs-api';
import { StatusBadge } from '../blogs-page';
import { CoverField } from './cover-field';

/** An ISO timestamp as a datetime-local value in the browser's time, and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The post as a whole: its status (publish, withdraw), publish date, cover image, and deleting it (asked first). */
export function PostSettings({ post, onChange }: { post: AdminBlogPost; onChange: (post: AdminBlogPost) => void }) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const errorText = useErrorText();
  const [publishAt, setPublishAt] = useState(toLocalInput(post.publish_at));
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const run = async (action: () => Promise<AdminBlogPost>, success: string) => {
    setBusy(true);
    try {
      const next = await action();
      onChange(next);
      setPublishAt(toLocalInput(next.publish_at));
      setNotice({ kind: 'success', text: success });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
    setBusy(false);
  };

  return (
    <section className="card blog-settings" aria-labelledby={`${uid}-post`}>
      <h2 id={`${uid}-post`}>{t('blogs.editor.post')}</h2>
      <dl className="admin-dl">
        <div>
          <dt>{t('blogs.editor.status')}</dt>
          <dd data-testid="blog-status">
            <StatusBadge status={post.status} publishAt={post.publish_at} />
          </dd>
        </div>
      </dl>
      <div className="actions">
        {post.status === 'published' ? (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run(() => setBlogPublished(post.id, false), t('blogs.editor.unpublishedNotice'))}>
            {t('blogs.editor.unpublish')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run(() => setBlogPublished(post.id, true), t('blogs.editor.publishedNotice'))}>
            {t('blogs.editor.publish')}
          </button>
        )}
      </div>
      <form
        className="blog-date-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => setBlogPublishAt(post.id, fromLocalInput(publishAt)), t('blogs.editor.dateSaved'));
        }}
      >
        <TextField id={`${uid}-date`} type="datetime-local" label={t('blogs.editor.publishAt')} hint={t('blogs.editor.publishAtHint')} value={publishAt} onChange={(e) => setPublishAt(e.target.value)} />
        <button type="submit" className="btn btn-secondary btn-small" disabled={busy}>
          {t('blogs.editor.saveDate')}
        </button>
      </form>

      <CoverField post={post} busy={busy} run={run} />
      <ActionNotice notice={notice} />
      <p className="blog-danger">
        <button type="button" className="btn btn-danger-outline btn-small" onClick={() => setConfirmDelete(true)}>
          {t('blogs.editor.deletePost')}
        </button>
      </p>
      <ConfirmDialog
        open={confirmDelete}
        title={t('blogs.editor.deleteTitle')}
        text={t('blogs.editor.deleteText')}
        confirmLabel={t('blogs.editor.deletePost')}
        danger
        onConfirm={async () => {
          try {
            await deleteBlogPost(post.id);
            void navigate(path('adminBlogs'));
          } catch (error) {
            setConfirmDelete(false);
            setNotice({ kind: 'error', text: errorText(error) });
          }
        }}
        onClose={() => setConfirmDelete(false)}
      />
    </section>
  );
}
