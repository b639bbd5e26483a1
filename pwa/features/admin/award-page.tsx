/**
 * The Best Employer award cycle (admin/award): a year from the list (?year= in the URL, the newest by default),
 * its status and counts, the ranking of each size class, the special categories' winners and the surveys that
 * are not eligible with every failed rule in words. While the year is open the administrator excludes a survey
 * (with a written reason) or includes it again, and publishes; a published year can be unpublished.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useResource } from '../../lib/use-resource';
import { AdminFilters, SelectFilter } from './admin-list-page';
import { ActionNotice, AdminPage, EmptyState, ErrorState, LoadingState, type Notice } from './admin-parts';
import { getAwardYear, listAwardYears, type AwardYearAdmin, type AwardYearListItem } from './award-api';
import { YearView } from './award/year-view';
import './award-page.css';

/** The year shown: ?year= when it is in the list, else the newest. */
function pickYear(years: AwardYearListItem[], param: string | null): number | null {
  const wanted = param && /^\d{4}$/.test(param) ? Number(param) : null;
  return years.find((y) => y.year === wanted)?.year ?? years[0]?.year ?? null;
}

export default function AwardPage() {
  const { t } = useTranslation('admin');
  const yearLabel = (items: AwardYearListItem[], year: number) => {
    const item = items.find((y) => y.year === year);
    return item ? t(`award.yearOption.${item.status}`, { year }) : String(year);
  };
  const [params, setParams] = useSearchParams();
  const list = useResource(listAwardYears, 'years');
  const years = list.data;
  const year = years ? pickYear(years, params.get('year')) : null;
  const view = useResource((signal) => (year === null ? Promise.resolve(null) : getAwardYear(year, signal)), String(year ?? ''));
  const [notice, setNotice] = useState<Notice>(null);
  const data = view.data && view.data.year === year ? view.data : null;

  const changed = (next: AwardYearAdmin) => {
    view.replace(next);
    const eligible = next.entries.filter((e) => e.eligible).length;
    list.update((items) => items.map((y) => (y.year === next.year ? { ...y, status: next.status, published_at: next.published_at, eligible } : y)));
  };

  return (
    <AdminPage title={t('award.title')} lead={t('award.lead')}>
      {list.status === 'error' && <ErrorState error={list.error} onRetry={list.reload} />}
      {list.status === 'loading' && !years && <LoadingState />}
      {years && years.length === 0 && <EmptyState>{t('award.empty')}</EmptyState>}
      {years && years.length > 0 && year !== null && (
        <AdminFilters>
          <SelectFilter
            label={t('award.year')}
            value={year}
            options={years.map((y) => y.year)}
            optionLabel={(option) => yearLabel(years, option)}
            onChange={(value) => {
              setNotice(null);
              const next = new URLSearchParams(params);
              next.set('year', value);
              setParams(next);
            }}
          />
        </AdminFilters>
      )}
      <ActionNotice notice={notice} />
      {view.status === 'error' && <ErrorState error={view.error} onRetry={view.reload} />}
      {year !== null && view.status === 'loading' && !data && <LoadingState />}
      {data && (
        <YearView
          data={data}
          onChange={changed}
          onStale={() => {
            view.reload();
            list.reload();
          }}
          setNotice={setNotice}
        />
      )}
    </AdminPage>
  );
}
