/**
 * The administrator's blog (/admin/blogi): every post, newest first, with its title (in the administrator's language
 * when written in it), its languages, status and publish date; a link to write a new one.
 */
import { useTranslation } from 'react-i18next';
import { UI_LOCALE_NAMES, type UiLocale } from '../../../shared/locales';
import type { BlogStatus } from '../../../shared/schemas/blogs';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useLocale } from '../../i18n/use-locale';
import { useResource } from '../../lib/use-resource';
import { AdminListPage, AdminTable } from './admin-list-page';
import { Badge, type BadgeTone } from './admin-parts';
import { listBlogPosts, type AdminBlogListItem } from './blogs-api';
import { formatDateTime } from './format';

const TONE: Record<BlogStatus, BadgeTone> = { draft: 'neutral', published: 'ok', unpublished: 'warn' };

/** The post's title in the administrator's language, else in its first language. */
export function titleOf(post: Pick<AdminBlogListItem, 'versions'>, locale: UiLocale): string {
  return (post.versions.find((v) => v.locale === locale) ?? post.versions[0])?.title ?? '';
}

export function StatusBadge({ status, publishAt }: { status: BlogStatus; publishAt: string | null }) {
  const { t } = useTranslation('admin');
  const scheduled = status === 'published' && publishAt !== null && new Date(publishAt).getTime() > Date.now();
  return (
    <span className="badges">
      <Badge tone={scheduled ? 'warn' : TONE[status]}>{t(`blogs.statuses.${status}`)}</Badge>
      {scheduled && <span className="hint">{t('blogs.scheduled', { date: formatDateTime(publishAt) })}</span>}
    </span>
  );
}

export default function BlogsAdminPage() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const list = useResource((signal) => listBlogPosts(signal), 'blogs');

  return (
    <AdminListPage
      title={t('blogs.title')}
      lead={t('blogs.lead')}
      above={
        <p>
          <LocalizedLink to="adminBlogNew" className="btn btn-primary">
            {t('blogs.newPost')}
          </LocalizedLink>
        </p>
      }
      list={list}
      empty={t('blogs.empty')}
    >
      {(items, busy) => (
        <AdminTable
          testId="blogs-table"
          caption={t('blogs.caption')}
          columns={[t('blogs.colTitle'), t('blogs.colLanguages'), t('blogs.colStatus'), t('blogs.colDate')]}
          busy={busy}
        >
          {items.map((post) => (
            <tr key={post.id} data-testid="blog-row">
              <th scope="row" className="admin-cell-title">
                <LocalizedLink to="adminBlog" params={{ id: String(post.id) }}>
                  {titleOf(post, locale)}
                </LocalizedLink>
              </th>
              <td data-label={t('blogs.colLanguages')}>{post.versions.map((v) => UI_LOCALE_NAMES[v.locale]).join(', ')}</td>
              <td data-label={t('blogs.colStatus')}>
                <StatusBadge status={post.status} publishAt={post.publish_at} />
              </td>
              <td data-label={t('blogs.colDate')} className="admin-cell-nowrap">
                {post.publish_at ? formatDateTime(post.publish_at) : t('common.none')}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminListPage>
  );
}
