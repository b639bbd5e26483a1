import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UI_LOCALE_NAMES, isUiLocale, type UiLocale } from '../../../../shared/locales';
import { localizedPath } from '../../../../shared/routes';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { useLocale } from '../../../i18n/use-locale';
import { useResource } from '../../../lib/use-resource';
import { ActionNotice, AdminPage, ConfirmDialog, ErrorState, LoadingState, useErrorText, type Notice } from '../admin-parts';
import { deleteBlogVersion, getBlogPost, saveBlogVersion, uploadBlogImage } from '../blogs-api';
import { LanguageTabs } from './language-tabs';
import { PostSettings } from './post-settings';
import { VersionForm } from './version-form';

/** An existing post: its settings, and one language version at a time (?locale=), each with its own form. */
export function EditPost({ id }: { id: number }) {
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
          <LanguageTabs
            post={post}
            locale={locale}
            onChoose={(l) => {
              const next = new URLSearchParams(params);
              next.set('locale', l);
              setParams(next, { replace: true });
            }}
          />
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
