/**
 * The company's Best Employer award (profile/award), one card per year it had an IZZ survey. Before a year is
 * published the company chooses how it appears (its name withheld, its ESI and eNPS figures shown or only the
 * ESI band) and saves; once published the choices are locked and the card shows the result: eligible or which
 * conditions failed, the place in the size class, the awards won with their certificate (PDF) and badge (SVG).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AwardCompanyYear } from '../../../shared/schemas/award';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useResource } from '../../lib/use-resource';
import { AwardChoices } from './award-choices';
import { AwardResult } from './award-result';
import { getAwardYears } from './profile-api';
import './profile.css';

function YearCard({ item, onSaved, onStale }: { item: AwardCompanyYear; onSaved: (item: AwardCompanyYear) => void; onStale: () => void }) {
  const { t } = useTranslation('account');
  const headingId = `award-${String(item.year)}`;
  const [stale, setStale] = useState<string | null>(null);
  return (
    <section className="card profile-section award-year" aria-labelledby={headingId} data-testid={`award-year-${String(item.year)}`}>
      <h2 id={headingId}>{t('award.yearTitle', { year: item.year })}</h2>
      <p className="hint">{t('award.survey', { name: item.survey_name })}</p>
      {stale && (
        <div className="notice notice-error" role="alert">
          <p>{stale}</p>
        </div>
      )}
      {item.published ? <AwardResult item={item} /> : <p>{t('award.pending', { year: item.year })}</p>}
      {/* Published meanwhile (a reload after a 409): the form starts again from the stored choices, locked. */}
      <AwardChoices
        key={String(item.published)}
        item={item}
        onSaved={onSaved}
        onStale={(message) => {
          setStale(message);
          onStale();
        }}
      />
    </section>
  );
}

export default function AwardPage() {
  const { t } = useTranslation('account');
  const years = useResource(getAwardYears, 'award');
  useDocumentTitle(t('award.title'));
  const items = years.data;

  return (
    <div className="page profile-page">
      <div className="container profile-container">
        <header className="page-header">
          <h1>{t('award.title')}</h1>
          <p className="lead">{t('award.lead')}</p>
        </header>
        {years.status === 'loading' && !items && (
          <p className="hint" role="status">
            {t('form.loading')}
          </p>
        )}
        {years.status === 'error' && (
          <div className="notice notice-error" role="alert">
            <p>{years.error instanceof Error ? years.error.message : String(years.error)}</p>
            <button type="button" className="btn btn-secondary btn-small" onClick={years.reload}>
              {t('form.retry')}
            </button>
          </div>
        )}
        {items && items.length === 0 && (
          <div className="empty-state" data-testid="award-empty">
            <h2>{t('award.empty.title')}</h2>
            <p>{t('award.empty.text')}</p>
            <p className="actions award-empty-actions">
              <LocalizedLink to="profileIzz" className="btn btn-primary">
                {t('award.empty.link')}
              </LocalizedLink>
              <LocalizedLink to="awardConditions" className="btn btn-secondary">
                {t('award.conditionsLink')}
              </LocalizedLink>
            </p>
          </div>
        )}
        {items && items.length > 0 && (
          <div className="stack-lg">
            {items.map((item) => (
              <YearCard
                key={item.year}
                item={item}
                onSaved={(next) => years.update((list) => list.map((y) => (y.year === next.year ? next : y)))}
                onStale={years.reload}
              />
            ))}
            <p>
              <LocalizedLink to="awardConditions">{t('award.conditionsLink')}</LocalizedLink>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
