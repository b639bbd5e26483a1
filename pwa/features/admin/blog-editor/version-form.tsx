import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_LOCALE_NAMES, UI_LOCALES, isUiLocale, type UiLocale } from '../../../../shared/locales';
import { localizedPath } from '../../../../shared/routes';
import { BLOG_LIMITS } from '../../../../shared/schemas/blogs';
import { TextField, TextareaField } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api';
import { ActionNotice, LoadingState, useErrorText, type Notice } from '../admin-parts';
import { suggestSlug } from '../blog-format';
import { previewBlogBody, type BlogVersionInput } from '../blogs-api';
import type { UploadedImage } from '../rich-text/rich-text-editor';

// The rich-text editor (ProseMirror) is its own chunk, loaded only when a version is edited.
const RichTextEditor = lazy(() => import('../rich-text/rich-text-editor'));

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
export function VersionForm({
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
