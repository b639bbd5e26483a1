import { useTranslation } from 'react-i18next';
import { getData } from '../../lib/api';
import { useResource } from '../../lib/use-resource';
import { EmptyStatePage, Page } from './page-parts';

/** One approved testimonial as GET /api/testimonials lists it. */
export interface PublicTestimonial {
  name: string;
  title: string;
  comment: string;
  photo_url: string | null;
  company_name: string;
}

/** Client testimonials ('user experiences'): the approved ones; the empty state when there are none. */
export default function FeedbackPage() {
  const { t } = useTranslation('pages');
  const { status, data } = useResource((signal) => getData<PublicTestimonial[]>('/api/testimonials', { signal }), 'testimonials');
  // A failure shows the empty state, as does an answer that is not a list.
  const items = status === 'error' ? [] : status === 'ready' ? (Array.isArray(data) ? data : []) : null;

  if (items && items.length === 0) {
    return (
      <EmptyStatePage
        title={t('feedback.title')}
        lead={t('feedback.lead')}
        emptyTitle={t('feedback.emptyTitle')}
        emptyText={t('feedback.emptyText')}
        link="conductingResearch"
        linkText={t('feedback.emptyLink')}
      />
    );
  }
  return (
    <Page title={t('feedback.title')} lead={t('feedback.lead')}>
      {items === null ? (
        <p className="hint" role="status">
          {t('feedback.loading')}
        </p>
      ) : (
        <ul className="testimonial-list" data-testid="testimonial-list">
          {items.map((item, i) => (
            <li key={i} className="card testimonial-card">
              <figure>
                <blockquote>
                  <p>{item.comment}</p>
                </blockquote>
                <figcaption>
                  {item.photo_url && <img src={item.photo_url} alt="" width={64} height={64} loading="lazy" />}
                  <span>
                    <strong>{item.name}</strong>
                    <span className="testimonial-meta">
                      {item.title}, {item.company_name}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
