import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TESTIMONIAL_STATUSES } from '../../../shared/schemas/user';
import { useResource } from '../../lib/use-resource';
import { changeTestimonial, listTestimonials, type AdminTestimonial } from './admin-api';
import { AdminFilters, AdminListPage, SelectFilter, oneOf, useListParams } from './admin-list-page';
import { ActionNotice, useErrorText, type Notice } from './admin-parts';
import { TestimonialCard } from './testimonial-card';

export default function TestimonialsPage() {
  const { t } = useTranslation('admin');
  const { params, update } = useListParams();
  const status = oneOf(TESTIMONIAL_STATUSES, params.get('status'), '');
  const list = useResource((signal) => listTestimonials(status, signal), status);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const errorText = useErrorText();

  const act = async (item: AdminTestimonial, action: 'approve' | 'hide') => {
    setBusy(item.id);
    try {
      const updated = await changeTestimonial(item.id, action);
      const next = (list.data ?? [])
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
    <AdminListPage
      title={t('testimonials.title')}
      lead={t('testimonials.lead')}
      filters={
        <AdminFilters>
          <SelectFilter
            label={t('common.statusFilter')}
            value={status}
            options={TESTIMONIAL_STATUSES}
            optionLabel={(s) => t(`testimonials.statuses.${s}`)}
            allLabel={t('common.all')}
            onChange={(value) => update({ status: value })}
          />
        </AdminFilters>
      }
      above={<ActionNotice notice={notice} />}
      list={list}
      empty={t('testimonials.empty')}
    >
      {(items, loading) => (
        <ul className="admin-testimonial-list" aria-busy={loading || undefined}>
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
    </AdminListPage>
  );
}
