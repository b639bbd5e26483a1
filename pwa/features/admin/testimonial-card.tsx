import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Testimonial } from '../../../shared/schemas/user';
import { Badge, type BadgeTone } from './admin-parts';
import { formatDate } from './format';

const TONES: Record<Testimonial['status'], BadgeTone> = { pending: 'warn', approved: 'ok', hidden: 'neutral' };

export function TestimonialStatus({ status }: { status: Testimonial['status'] }) {
  const { t } = useTranslation('admin');
  return <Badge tone={TONES[status]}>{t(`testimonials.statuses.${status}`)}</Badge>;
}

/** A testimonial with its photo, as the public site would show it, plus its moderation state. */
export function TestimonialCard({
  testimonial,
  headingLevel = 2,
  children,
}: {
  testimonial: Testimonial;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="admin-testimonial" data-testid="admin-testimonial">
      {testimonial.photo_url ? (
        <img className="admin-testimonial-photo" src={testimonial.photo_url} alt={t('testimonials.photoAlt', { name: testimonial.name })} width={96} height={96} loading="lazy" />
      ) : (
        <div className="admin-testimonial-photo admin-testimonial-nophoto" aria-hidden="true">
          {testimonial.name.slice(0, 1).toUpperCase()}
        </div>
      )}
      <div className="admin-testimonial-body">
        <Heading className="admin-testimonial-name">{testimonial.name}</Heading>
        <p className="hint">
          {[testimonial.title, testimonial.company_name].filter(Boolean).join(', ')}
        </p>
        <blockquote className="admin-testimonial-comment">{testimonial.comment}</blockquote>
        <p className="badges">
          <TestimonialStatus status={testimonial.status} />
          <span className="hint">{t('testimonials.updated', { date: formatDate(testimonial.updated_at) })}</span>
        </p>
        {children}
      </div>
    </article>
  );
}
