import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../admin-parts';
import type { AwardYearAdmin } from '../award-api';
import { formatDate, formatDateTime } from '../format';

/** The year's status and counts, with the action to publish or unpublish it. */
export function AwardSummary({ data, onPublish, onUnpublish }: { data: AwardYearAdmin; onPublish: () => void; onUnpublish: () => void }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const eligible = data.entries.filter((e) => e.eligible).length;
  const excluded = data.entries.filter((e) => e.excluded).length;
  const published = data.status === 'published';
  return (
    <section className="card award-summary" aria-labelledby={headingId} data-testid="award-summary">
      <h2 id={headingId}>{t('award.summaryTitle', { year: data.year })}</h2>
      <dl className="award-facts">
        <div>
          <dt>{t('award.statusLabel')}</dt>
          <dd>
            <Badge tone={published ? 'ok' : 'warn'}>{t(`award.status.${data.status}`)}</Badge>
            {published && data.published_at && <span className="award-published-on"> {t('award.publishedOn', { date: formatDate(data.published_at) })}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('award.computedAt')}</dt>
          <dd>{formatDateTime(data.computed_at)}</dd>
        </div>
        <div>
          <dt>{t('award.surveys')}</dt>
          <dd data-testid="award-count-surveys">{data.entries.length}</dd>
        </div>
        <div>
          <dt>{t('award.eligible')}</dt>
          <dd data-testid="award-count-eligible">{eligible}</dd>
        </div>
        <div>
          <dt>{t('award.notEligibleCount')}</dt>
          <dd>{data.entries.length - eligible}</dd>
        </div>
        <div>
          <dt>{t('award.excluded')}</dt>
          <dd>{excluded}</dd>
        </div>
      </dl>
      <p className="hint">{t(published ? 'award.publishedNote' : 'award.previewNote')}</p>
      <div className="actions">
        {published ? (
          <button type="button" className="btn btn-secondary btn-danger-outline" onClick={onUnpublish}>
            {t('award.unpublish')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onPublish}>
            {t('award.publish')}
          </button>
        )}
      </div>
    </section>
  );
}
