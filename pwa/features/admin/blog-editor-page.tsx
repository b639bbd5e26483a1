/**
 * The administrator's blog editor: /admin/blogi/nov writes the first language version of a new draft;
 * /admin/blogi/:id edits a post — its status (publish, withdraw), publish date, cover image (through the assets
 * store) and a version per language (?locale=): title, slug (suggested from the title until edited), excerpt and the
 * body in a rich-text editor (rich-text/, its own lazily loaded chunk) that writes exactly the HTML the server keeps,
 * with images stored through the assets store, and a preview of the HTML as the server sanitises it. Deleting the post or one language asks first. Every change is audited by the server.
 */
import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { UI_LOCALE_NAMES, UI_LOCALES, isUiLocale, type UiLocale } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import { BLOG_COVER_RULES, BLOG_LIMITS } from '../../../shared/schemas/blogs';
import { TextField, TextareaField } from '../../components/ui/form';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { ApiError } from '../../lib/api';
import { useResource } from '../../lib/use-resource';
import { ActionNotice, AdminPage, ConfirmDialog, ErrorState, LoadingState, useErrorText, type Notice } from './admin-parts';
import { suggestSlug } from './blog-format';
import type { UploadedImage } from './rich-text/rich-text-editor';

// The rich-text editor (ProseMirror) is its own chunk, loaded only when a version is edited.
const RichTextEditor = lazy(() => import('./rich-text/rich-text-editor'));
import {
  createBlogPost,
  deleteBlogCover,
  deleteBlogPost,
  deleteBlogVersion,
  getBlogPost,
  previewBlogBody,
  saveBlogVersion,
  setBlogPublishAt,
  setBlogPublished,
  uploadBlogCover,
  uploadBlogImage,
  type AdminBlogPost,
  type BlogVersionInput,
} from './blogs-api';
import { StatusBadge } from './blogs-page';

type FieldErrors = Partial<Record<keyof BlogVersionInput | 'locale', string>>;

/** The field messages of a 422 (already in the page's language), by field. */
function fieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const out: FieldErrors = {};
  for (const d of error.details as { path?: string; message?: string }[]) {
    if (d.path && d.message && !(d.path in out)) out[d.path as keyof FieldErrors] = d.message;
  }
  return out;
}

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

const EMPTY: BlogVersionInput = { slug: '', title: '', excerpt: '', body_html: '' };

/**
 * The post's address as the slug hint shows it: before a slug is typed, a readable "…" where it goes (encoding it as a
 * path segment showed "%E2%80%A6").
 */
export function slugHintPath(locale: UiLocale, slug: string): string {
  if (slug) return localizedPath('blogPost', locale, { slug });
  const placeholder = 'slug-placeholder';
  return localizedPath('blogPost', locale, { slug: placeholder }).replace(placeholder, '…');
}

/** One language version: title, slug, excerpt, body, preview; `onSave` gets what was written. */
function VersionForm({
  locale,
  initial,
  submitLabel,
  chooseLocale,
  onSave,
  uploadImage,
  children,
}: {
  locale: UiLocale;
  initial: BlogVersionInput | null;
  submitLabel: string;
  /** New post: the language is chosen in the form. */
  chooseLocale?: (locale: UiLocale) => void;
  onSave: (input: BlogVersionInput) => Promise<void>;
  /** Stores an image for the body (a post that exists); absent for a new post. */
  uploadImage?: (file: File) => Promise<UploadedImage>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const [value, setValue] = useState<BlogVersionInput>(initial ?? EMPTY);
  const [slugEdited, setSlugEdited] = useState(initial !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const errorText = useErrorText();
  const set = (patch: Partial<BlogVersionInput>) => setValue((v) => ({ ...v, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      await onSave(value);
      setErrors({});
      setNotice({ kind: 'success', text: t('blogs.editor.saved') });
    } catch (error) {
      setErrors(fieldErrors(error));
      setNotice({ kind: 'error', text: errorText(error) });
    }
    setBusy(false);
  };

  const showPreview = async () => {
    try {
      setPreview(await previewBlogBody(value.body_html));
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
  };

  return (
    <form className="blog-version-form" onSubmit={(e) => void submit(e)} noValidate>
      {chooseLocale && (
        <div className="field">
          <label htmlFor={`${uid}-locale`}>{t('blogs.editor.locale')}</label>
          <select id={`${uid}-locale`} value={locale} onChange={(e) => isUiLocale(e.target.value) && chooseLocale(e.target.value)}>
            {UI_LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {UI_LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField
        id={`${uid}-title`}
        label={t('blogs.editor.title')}
        value={value.title}
        error={errors.title}
        maxLength={BLOG_LIMITS.title}
        required
        onChange={(e) => set({ title: e.target.value, ...(slugEdited ? {} : { slug: suggestSlug(e.target.value) }) })}
      />
      <TextField
        id={`${uid}-slug`}
        label={t('blogs.editor.slug')}
        hint={t('blogs.editor.slugHint', { path: slugHintPath(locale, value.slug) })}
        value={value.slug}
        error={errors.slug}
        maxLength={BLOG_LIMITS.slug}
        required
        spellCheck={false}
        onChange={(e) => {
          setSlugEdited(true);
          set({ slug: e.target.value });
        }}
      />
      <TextareaField
        id={`${uid}-excerpt`}
        label={t('blogs.editor.excerpt')}
        hint={t('blogs.editor.excerptHint')}
        value={value.excerpt}
        error={errors.excerpt}
        rows={3}
        maxLength={BLOG_LIMITS.excerpt}
        required
        onChange={(e) => set({ excerpt: e.target.value })}
      />
      <Suspense fallback={<LoadingState />}>
        <RichTextEditor
          id={`${uid}-body`}
          label={t('blogs.editor.body')}
          hint={t('blogs.editor.bodyHint')}
          value={value.body_html}
          error={errors.body_html}
          onChange={(body_html) => set({ body_html })}
          uploadImage={uploadImage}
          errorText={errorText}
        />
      </Suspense>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('blogs.editor.saving') : submitLabel}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void showPreview()}>
          {t('blogs.editor.preview')}
        </button>
        {children}
      </div>
      <ActionNotice notice={notice} />
      {preview !== null && (
        <section className="card blog-preview" aria-labelledby={`${uid}-preview`}>
          <h3 id={`${uid}-preview`}>{t('blogs.editor.previewTitle')}</h3>
          {/* The server's sanitised HTML (the same rules as on save and on the public page). */}
          <div className="blog-body" data-testid="blog-preview" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      )}
    </form>
  );
}

function NewPost() {
  const { t } = useTranslation('admin');
  const pageLocale = useLocale();
  const [locale, setLocale] = useState<UiLocale>(pageLocale);
  const navigate = useNavigate();
  const path = useLocalizedPath();
  return (
    <AdminPage title={t('blogs.editor.newTitle')} lead={t('blogs.editor.newLead')} wide={false}>
      <p className="admin-back">
        <LocalizedLink to="adminBlogs">{t('blogs.editor.back')}</LocalizedLink>
      </p>
      <VersionForm
        locale={locale}
        initial={null}
        chooseLocale={setLocale}
        submitLabel={t('blogs.editor.create')}
        onSave={async (input) => {
          const post = await createBlogPost({ ...input, locale });
          void navigate(`${path('adminBlog', { id: String(post.id) })}?locale=${locale}`);
        }}
      />
    </AdminPage>
  );
}

function PostSettings({ post, onChange }: { post: AdminBlogPost; onChange: (post: AdminBlogPost) => void }) {
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

function EditPost({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const pageLocale = useLocale();
  const [params, setParams] = useSearchParams();
  const result = useResource((signal) => getBlogPost(id, signal), String(id));
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const errorText = useErrorText();
  const post = result.data;
  const requested = params.get('locale');
  const fallback = post?.versions.find((v) => v.locale === pageLocale)?.locale ?? post?.versions[0]?.locale ?? pageLocale;
  const locale: UiLocale = requested && isUiLocale(requested) ? requested : fallback;
  const version = post?.versions.find((v) => v.locale === locale) ?? null;

  if (result.status === 'error' && !post) {
    return (
      <AdminPage title={t('blogs.editor.editTitle')}>
        <ErrorState error={result.error} onRetry={result.reload} />
      </AdminPage>
    );
  }
  if (!post) {
    return (
      <AdminPage title={t('blogs.editor.editTitle')}>
        <LoadingState />
      </AdminPage>
    );
  }

  const title = version?.title ?? post.versions[0]?.title ?? t('blogs.editor.editTitle');
  const publicVersion = post.status === 'published' ? version : null;
  return (
    <AdminPage title={title}>
      <p className="admin-back">
        <LocalizedLink to="adminBlogs">{t('blogs.editor.back')}</LocalizedLink>
      </p>
      <div className="blog-editor">
        <PostSettings post={post} onChange={result.replace} />
        <section className="card" aria-labelledby="blog-versions">
          <h2 id="blog-versions">{t('blogs.editor.languages')}</h2>
          <nav aria-label={t('blogs.editor.languages')}>
            <ul className="blog-language-tabs">
              {UI_LOCALES.map((l) => {
                const written = post.versions.some((v) => v.locale === l);
                return (
                  <li key={l}>
                    <button
                      type="button"
                      className={`btn btn-small ${l === locale ? 'btn-primary' : 'btn-secondary'}${written ? '' : ' blog-tab-missing'}`}
                      aria-current={l === locale ? 'true' : undefined}
                      onClick={() => {
                        const next = new URLSearchParams(params);
                        next.set('locale', l);
                        setParams(next, { replace: true });
                      }}
                    >
                      {written ? UI_LOCALE_NAMES[l] : t('blogs.editor.notWritten', { language: UI_LOCALE_NAMES[l] })}
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          <h3>{t('blogs.editor.version', { language: UI_LOCALE_NAMES[locale] })}</h3>
          <VersionForm
            // One form per language: a save keeps it (and its notice); another language starts its own.
            key={locale}
            locale={locale}
            initial={version ? { slug: version.slug, title: version.title, excerpt: version.excerpt, body_html: version.body_html } : null}
            submitLabel={t('blogs.editor.save')}
            onSave={async (input) => result.replace(await saveBlogVersion(post.id, locale, input))}
            uploadImage={(file) => uploadBlogImage(post.id, file)}
          >
            {version && post.versions.length > 1 && (
              <button type="button" className="btn btn-danger-outline" onClick={() => setConfirmRemove(true)}>
                {t('blogs.editor.removeVersion')}
              </button>
            )}
            {publicVersion && (
              <a className="btn btn-secondary" href={localizedPath('blogPost', locale, { slug: publicVersion.slug })}>
                {t('blogs.editor.view')}
              </a>
            )}
          </VersionForm>
          <ActionNotice notice={notice} />
          <ConfirmDialog
            open={confirmRemove}
            title={t('blogs.editor.removeVersionTitle', { language: UI_LOCALE_NAMES[locale] })}
            text={t('blogs.editor.removeVersionText')}
            confirmLabel={t('blogs.editor.removeVersion')}
            danger
            onConfirm={async () => {
              try {
                result.replace(await deleteBlogVersion(post.id, locale));
                setNotice({ kind: 'success', text: t('blogs.editor.versionRemoved') });
              } catch (error) {
                setNotice({ kind: 'error', text: errorText(error) });
              }
              setConfirmRemove(false);
            }}
            onClose={() => setConfirmRemove(false)}
          />
        </section>
      </div>
    </AdminPage>
  );
}

export default function BlogEditorPage() {
  const { id } = useParams();
  return id ? <EditPost id={Number(id)} /> : <NewPost />;
}
