/**
 * One blog post (/blogi/:slug, /<locale>/blogs/:slug), fetched by locale and slug in one call: title, date, cover,
 * the body (HTML the server sanitised on save and again on output), its other languages and the way back. An unknown,
 * withdrawn or not yet published slug is a 404 page (and the server answers such a URL with status 404).
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UI_LOCALES, UI_LOCALE_NAMES, type UiLocale } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import { blogPostSchema, type BlogPost } from '../../../shared/schemas/blogs';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale } from '../../i18n/use-locale';
import { useSetAlternatePaths, type AlternatePaths } from '../../lib/alternate-paths';
import { ApiError, getData } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useServerNotFound } from '../../lib/ssr-data';
import { useResource } from '../../lib/use-resource';
import { LoadFailedNotice, Page } from './page-parts';

/** The blog's own 404: the app's not-found page with a way to the other posts. */
function PostNotFound() {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('blogPost.emptyTitle'));
  return (
    <div className="page container error-page" data-testid="not-found">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1>{t('blogPost.emptyTitle')}</h1>
      <p className="lead">{t('blogPost.emptyText')}</p>
      <p className="public-actions">
        <LocalizedLink to="blogs" className="btn btn-primary">
          {t('blogPost.emptyLink')}
        </LocalizedLink>
        <LocalizedLink to="home" className="btn btn-secondary">
          {t('common.backHome')}
        </LocalizedLink>
      </p>
    </div>
  );
}

/** Where the language switch goes from this post: its version in that language, else that language's blog. */
function postInEachLanguage(translations: BlogPost['translations'], locale: UiLocale): AlternatePaths {
  const slugs = new Map(translations.map((tr) => [tr.locale, tr.slug]));
  return Object.fromEntries(
    UI_LOCALES.filter((l) => l !== locale).map((l) => {
      const slug = slugs.get(l);
      return [l, slug ? localizedPath('blogPost', l, { slug }) : localizedPath('blogs', l)];
    }),
  );
}

export default function BlogPostPage() {
  const { t } = useTranslation('pages');
  const locale = useLocale();
  const { slug = '' } = useParams();
  // The server already knows this post is not public here (it answered 404 with this page): nothing to load.
  const serverNotFound = useServerNotFound();
  const result = useResource(
    (signal): Promise<BlogPost | null> =>
      serverNotFound ? Promise.resolve(null) : getData(`/api/blogs/${locale}/${encodeURIComponent(slug)}`, { signal, schema: blogPostSchema }),
    `${locale}:${slug}:${String(serverNotFound)}`,
  );
  const post = result.data && result.data.slug === slug && result.data.locale === locale ? result.data : null;
  useSetAlternatePaths(post ? postInEachLanguage(post.translations, locale) : null);

  if (serverNotFound || (result.status === 'error' && result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 422))) return <PostNotFound />;

  return (
    <Page title={post?.title ?? t('blogPost.title')} className="blog-post-page">
      {result.status === 'error' && <LoadFailedNotice error={result.error} failedText={t('blogs.loadFailed')} retryText={t('blogs.retry')} onRetry={result.reload} />}
      {result.status === 'loading' && !post && (
        <p className="public-muted" role="status">
          {t('blogs.loading')}
        </p>
      )}
      {post && (
        <article className="blog-post">
          <p className="public-muted blog-date">
            <time dateTime={post.published_at}>{t('blogs.published', { date: formatDate(post.published_at) })}</time>
          </p>
          {post.cover_url && <img className="blog-post-cover" src={post.cover_url} alt="" width={1200} height={630} />}
          {/* Sanitised by the server (modules/blogs/blog-html.ts) on save and on output: a small, safe subset. */}
          <div className="blog-body" data-testid="blog-body" dangerouslySetInnerHTML={{ __html: post.body_html }} />
          {post.translations.length > 0 && (
            <nav className="blog-languages" aria-label={t('blogPost.otherLanguages')}>
              <h2 className="blog-languages-title">{t('blogPost.otherLanguages')}</h2>
              <ul>
                {post.translations.map((tr) => (
                  <li key={tr.locale}>
                    <a href={localizedPath('blogPost', tr.locale, { slug: tr.slug })} lang={tr.locale} hrefLang={tr.locale}>
                      {UI_LOCALE_NAMES[tr.locale]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </article>
      )}
      <p className="public-actions">
        <LocalizedLink to="blogs" className="btn btn-secondary">
          <span aria-hidden="true">‹</span> {t('blogPost.back')}
        </LocalizedLink>
      </p>
    </Page>
  );
}
