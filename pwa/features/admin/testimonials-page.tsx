import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TESTIMONIAL_STATUSES } from '../../../shared/schemas/user';
import { changeTestimonial, listTestimonials, type AdminTestimonial } from './admin-api';
import { ActionNotice, AdminPage, EmptyState, ErrorState, LoadingState, useErrorText, type Notice } from './admin-parts';
import { TestimonialCard } from './testimonial-card';
import { useResource } from '../../lib/use-resource';

export default function TestimonialsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? '';
  const status = (TESTIMONIAL_STATUSES as readonly string[]).includes(statusParam) ? statusParam : '';
  const statusId = useId();
  const list = useResource((signal) => listTestimonials(status, signal), status);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const errorText = useErrorText();
  const items = list.data;

  const act = async (item: AdminTestimonial, action: 'approve' | 'hide') => {
    setBusy(item.id);
    try {
      const updated = await changeTestimonial(item.id, action);
      const next = (items ?? [])
        .map((x) => (x.id === item.id ? { ...x, ...updated } : x))
        .filter((x) => !status || x.status === status);
      list.replace(next);
      setNotice({ kind: 'success', text: t(action === 'approve' ? 'testimonials.approved' : 'testimonials.hidden') });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
    setBusy(null);
  };

  return (
    <AdminPage title={t('testimonials.title')} lead={t('testimonials.lead')}>
      <div className="admin-filters">
        <div className="field admin-filter-status">
          <label htmlFor={statusId}>{t('common.statusFilter')}</label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => {
              const next = new URLSearchParams(params);
              if (e.target.value) next.set('status', e.target.value);
              else next.delete('status');
              setParams(next);
            }}
          >
            <option value="">{t('common.all')}</option>
            {TESTIMONIAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`testimonials.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ActionNotice notice={notice} />
      {list.status === 'error' && <ErrorState error={list.error} onRetry={list.reload} />}
      {list.status === 'loading' && !items && <LoadingState />}
      {items && items.length === 0 && list.status !== 'loading' && <EmptyState>{t('testimonials.empty')}</EmptyState>}
      {items && items.length > 0 && (
        <ul className="admin-testimonial-list" aria-busy={list.status === 'loading' || undefined}>
          {items.map((item) => (
            <li key={item.id} className="card">
              <TestimonialCard testimonial={item}>
                <div className="actions">
                  {item.status !== 'approved' && (
                    <button
                      type="button"
                      className="btn btn-primary btn-small"
                      disabled={busy === item.id}
                      aria-label={t('testimonials.approveOf', { name: item.name })}
                      onClick={() => void act(item, 'approve')}
                    >
                      {t('testimonials.approve')}
                    </button>
                  )}
                  {item.status !== 'hidden' && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      disabled={busy === item.id}
                      aria-label={t('testimonials.hideOf', { name: item.name })}
                      onClick={() => void act(item, 'hide')}
                    >
                      {t('testimonials.hide')}
                    </button>
                  )}
                </div>
              </TestimonialCard>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
