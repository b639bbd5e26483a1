/**
 * The blog (/blogi, /<locale>/blogs): every published post as a card (cover, title, date, excerpt), the page's
 * language's first, then the others' marked with their language, newest first, paged with ?page=. Without any public
 * post the honest empty state.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { UiLocale } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import { blogListSchema, type BlogCard, type BlogList } from '../../../shared/schemas/blogs';
import { useLocale } from '../../i18n/use-locale';
import { getData } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useResource } from '../../lib/use-resource';
import { EmptyStatePage, LoadFailedNotice, Page } from './page-parts';

function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/**
 * A post's card. A post not written in the page's language is shown in the language it is read in (the server's
 * choice, the card's locale): its title and excerpt carry that `lang`, a visible label names it, and the link opens
 * the post in its own language.
 */
function Card({ post, locale }: { post: BlogCard; locale: UiLocale }) {
  const { t } = useTranslation('pages');
  const titleId = `blog-card-${String(post.id)}`;
  const other = post.locale !== locale;
  const lang = other ? post.locale : undefined;
  return (
    <li className="card blog-card" data-testid="blog-card">
      {post.cover_url && <img className="blog-card-cover" src={post.cover_url} alt="" loading="lazy" width={1200} height={630} />}
      <div className="blog-card-body">
        <h2 id={titleId} className="blog-card-title" lang={lang}>
          <Link to={localizedPath('blogPost', post.locale, { slug: post.slug })} hrefLang={lang}>
            {post.title}
          </Link>
        </h2>
        {other && (
          <p className="blog-card-language" data-testid="blog-card-language">
            {t(`blogs.writtenIn.${post.locale}`)}
          </p>
        )}
        <p className="public-muted blog-date">
          <time dateTime={post.published_at}>{t('blogs.published', { date: formatDate(post.published_at) })}</time>
        </p>
        <p className="blog-card-excerpt" lang={lang}>
          {post.excerpt}
        </p>
      </div>
    </li>
  );
}

/** The page's address with ?page=n (none for the first). */
function pageHref(params: URLSearchParams, page: number): string {
  const search = new URLSearchParams(params);
  if (page > 1) search.set('page', String(page));
  else search.delete('page');
  const query = search.toString();
  return query ? `?${query}` : '?';
}

/** Links, not buttons: the blog is a page the browser gets without the app (it works the same with it). */
function Paging({ data, params }: { data: BlogList; params: URLSearchParams }) {
  const { t } = useTranslation('pages');
  if (data.total_pages <= 1) return null;
  const newer = (
    <>
      <span aria-hidden="true">‹</span> {t('blogs.newer')}
    </>
  );
  const older = (
    <>
      {t('blogs.older')} <span aria-hidden="true">›</span>
    </>
  );
  return (
    <nav className="blog-paging" aria-label={t('blogs.pagination')}>
      {data.page > 1 ? (
        <Link className="btn btn-secondary btn-small" to={pageHref(params, data.page - 1)}>
          {newer}
        </Link>
      ) : (
        <span className="btn btn-secondary btn-small" aria-disabled="true">
          {newer}
        </span>
      )}
      <span aria-live="polite">{t('blogs.pageOf', { page: data.page, pages: data.total_pages })}</span>
      {data.page < data.total_pages ? (
        <Link className="btn btn-secondary btn-small" to={pageHref(params, data.page + 1)}>
          {older}
        </Link>
      ) : (
        <span className="btn btn-secondary btn-small" aria-disabled="true">
          {older}
        </span>
      )}
    </nav>
  );
}

export default function BlogsPage() {
  const { t } = useTranslation('pages');
  const locale = useLocale();
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const result = useResource((signal) => getData(`/api/blogs`, { query: { locale, page }, signal, schema: blogListSchema }), `${locale}:${String(page)}`);
  const data = result.data;

  if (result.status === 'ready' && data && data.total === 0) {
    return (
      <EmptyStatePage
        title={t('blogs.title')}
        lead={t('blogs.lead')}
        emptyTitle={t('blogs.emptyTitle')}
        emptyText={t('blogs.emptyText')}
        link="conductingResearch"
        linkText={t('blogs.emptyLink')}
      />
    );
  }

  return (
    <Page title={t('blogs.title')} lead={t('blogs.lead')} className="blogs-page">
      {result.status === 'error' && <LoadFailedNotice error={result.error} failedText={t('blogs.loadFailed')} retryText={t('blogs.retry')} onRetry={result.reload} />}
      {result.status === 'loading' && !data && (
        <p className="public-muted" role="status">
          {t('blogs.loading')}
        </p>
      )}
      {data && (
        <>
          {data.items.some((post) => post.locale !== locale) && <p className="public-muted blog-other-languages">{t('blogs.otherLanguagesNote')}</p>}
          <ul className="blog-cards" aria-label={t('blogs.listLabel')} aria-busy={result.status === 'loading' || undefined}>
            {data.items.map((post) => (
              <Card key={post.id} post={post} locale={locale} />
            ))}
          </ul>
          <Paging data={data} params={params} />
        </>
      )}
    </Page>
  );
}
