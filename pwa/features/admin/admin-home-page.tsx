import { useTranslation } from 'react-i18next';
import type { RouteId } from '../../../shared/routes';
import { LocalizedLink } from '../../components/ui/localized-link';
import { listCompanies, listOutbox, listTestimonials } from './admin-api';
import { listApplications } from './applications-api';
import { AdminPage } from './admin-parts';
import { useResource } from '../../lib/use-resource';

interface Counts {
  applications: number | null;
  review: number | null;
  companies: number | null;
  unverified: number | null;
  failed: number | null;
  pending: number | null;
}

async function loadCounts(signal: AbortSignal): Promise<Counts> {
  const [applications, review, companies, unverified, failed, pending] = await Promise.allSettled([
    listApplications({ state: 'all' }, signal),
    listApplications({ state: 'review' }, signal),
    listCompanies({ status: 'all' }, signal),
    listCompanies({ status: 'unverified' }, signal),
    listOutbox({ status: 'failed' }, signal),
    listTestimonials('pending', signal),
  ]);
  const value = <T,>(r: PromiseSettledResult<T>, pick: (v: T) => number) => (r.status === 'fulfilled' ? pick(r.value) : null);
  return {
    applications: value(applications, (v) => v.total),
    review: value(review, (v) => v.total),
    companies: value(companies, (v) => v.total),
    unverified: value(unverified, (v) => v.total),
    failed: value(failed, (v) => v.total),
    pending: value(pending, (v) => v.length),
  };
}

function HomeCard({ to, title, text, count, extra }: { to: RouteId; title: string; text: string; count?: number | null; extra?: string | null }) {
  return (
    <li>
      <LocalizedLink to={to} className="card admin-home-card">
        <span className="admin-home-title">
          {title}
          {count != null && <span className="admin-home-count"> ({count})</span>}
        </span>
        <span className="admin-home-text">{text}</span>
        {extra && <span className="badge badge-warn">{extra}</span>}
      </LocalizedLink>
    </li>
  );
}

export default function AdminHomePage() {
  const { t } = useTranslation('admin');
  const counts = useResource(loadCounts, 'counts').data;
  return (
    <AdminPage title={t('home.title')} lead={t('home.lead')}>
      <ul className="cards admin-home-cards">
        <HomeCard
          to="adminApplications"
          title={t('nav.applications')}
          text={t('home.applicationsText')}
          count={counts?.applications}
          extra={counts?.review ? t('home.toReview', { count: counts.review }) : null}
        />
        <HomeCard
          to="adminCompanies"
          title={t('nav.companies')}
          text={t('home.companiesText')}
          count={counts?.companies}
          extra={counts?.unverified ? t('home.unverified', { count: counts.unverified }) : null}
        />
        <HomeCard
          to="adminOutbox"
          title={t('nav.outbox')}
          text={t('home.outboxText')}
          extra={counts?.failed ? t('home.failed', { count: counts.failed }) : null}
        />
        <HomeCard
          to="adminTestimonials"
          title={t('nav.testimonials')}
          text={t('home.testimonialsText')}
          extra={counts?.pending ? t('home.pending', { count: counts.pending }) : null}
        />
        <HomeCard to="adminAward" title={t('nav.award')} text={t('home.awardText')} />
        <HomeCard to="adminBlogs" title={t('nav.blogs')} text={t('home.blogsText')} />
        <HomeCard to="adminPrices" title={t('nav.prices')} text={t('home.pricesText')} />
        <HomeCard to="adminAuditLog" title={t('nav.auditLog')} text={t('home.auditLogText')} />
        <HomeCard to="loginAsClient" title={t('nav.loginAsClient')} text={t('home.loginAsClientText')} />
      </ul>
    </AdminPage>
  );
}
