/**
 * The company's testimonial: one representative (photo, name, title, comment up to 2000
 * characters). It is public only after the administrator approves it; any change sends it back
 * to 'pending'. The photo can be added once the text exists.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/constants';
import { testimonialSchema } from '../../../shared/schemas/account';
import type { Testimonial } from '../../../shared/schemas/user';
import { FormSummary, TextField, TextareaField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { checkPhoto } from '../../lib/image-checks';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
import { useResource } from '../../lib/use-resource';
import { ImageUpload } from './image-upload';
import { deleteTestimonial, getTestimonial, saveTestimonial, uploadPhoto } from './profile-api';
import './profile.css';

const FIELDS = ['name', 'title', 'comment'] as const;
const STATUS_BADGE = { pending: 'badge-warning', approved: 'badge-success', hidden: 'badge-muted' } as const;

function TestimonialForm({ initial }: { initial: Testimonial | null }) {
  const { t } = useTranslation('account');
  const [current, setCurrent] = useState(initial);
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)]));
  const form = useFormState('testimonial', { name: initial?.name ?? '', title: initial?.title ?? '', comment: initial?.comment ?? '' }, { labels });
  const [notice, setNotice] = useState<string | null>(null);
  const [noticeTick, setNoticeTick] = useState(0);
  const noticeRef = useFocusOnChange<HTMLParagraphElement>(noticeTick);
  const length = form.values.comment.length;

  const update = setCurrent;
  const announce = (text: string) => {
    setNotice(text);
    setNoticeTick((n) => n + 1);
  };

  const onSubmit = form.submit({
    schema: testimonialSchema,
    onStart: () => setNotice(null),
    send: async (data) => {
      update(await saveTestimonial(data));
      announce(t('testimonial.sent'));
    },
  });

  const remove = async () => {
    form.setBusy(true);
    try {
      await deleteTestimonial();
      update(null);
      form.setValues({ name: '', title: '', comment: '' });
      announce(t('testimonial.deleted'));
    } catch (err) {
      announce(err instanceof Error ? err.message : String(err));
    } finally {
      form.setBusy(false);
    }
  };

  const status = current?.status;
  return (
    <div className="stack-lg">
      <p className="testimonial-status">
        <strong>{t('testimonial.statusLabel')}:</strong>{' '}
        <span className={`badge ${status ? STATUS_BADGE[status] : 'badge-muted'}`} data-testid="testimonial-status">
          {t(`testimonial.status.${status ?? 'none'}`)}
        </span>
      </p>
      {notice && (
        <p ref={noticeRef} tabIndex={-1} className="notice notice-success" role="status">
          {notice}
        </p>
      )}
      <form className="card" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
        <FormSummary form={form} />
        <div className="form-grid">
          <TextField {...form.field('name')} autoComplete="name" required />
          <TextField {...form.field('title')} autoComplete="organization-title" required />
        </div>
        <TextareaField
          {...form.field('comment')}
          rows={8}
          hint={
            <span className={`char-counter${length > LIMITS.testimonialMaxLength ? ' is-over' : ''}`} aria-live="polite">
              {t('testimonial.commentCounter', { length, max: LIMITS.testimonialMaxLength })}
            </span>
          }
          required
        />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {t('testimonial.submit')}
          </button>
          {current && (
            <button type="button" className="btn btn-secondary" onClick={() => void remove()} disabled={form.busy}>
              {t('testimonial.delete')}
            </button>
          )}
        </div>
      </form>
      <section className="card testimonial-photo" aria-labelledby="photo-title">
        <h2 id="photo-title">{t('testimonial.photoTitle')}</h2>
        {current?.photo_url && <img src={current.photo_url} alt={t('testimonial.photoAlt', { name: current.name })} />}
        {current ? (
          <ImageUpload
            id="testimonial-photo"
            label={t('fields.photo')}
            hint={t('testimonial.photoHint')}
            check={checkPhoto}
            uploadingText={t('testimonial.photoUploading')}
            upload={async (file) => {
              update(await uploadPhoto(file));
              announce(t('testimonial.photoUploaded'));
            }}
          />
        ) : (
          <p className="hint">{t('testimonial.photoNeedsText')}</p>
        )}
      </section>
    </div>
  );
}

export default function TestimonialPage() {
  const { t } = useTranslation('account');
  const resource = useResource((signal) => getTestimonial(signal), 'testimonial');
  useDocumentTitle(t('testimonial.title'));

  return (
    <div className="page profile-page">
      <div className="container profile-container">
        <header className="page-header">
          <h1>{t('testimonial.title')}</h1>
          <p className="lead">{t('testimonial.lead')}</p>
        </header>
        {resource.status === 'loading' && (
          <p className="hint" role="status">
            {t('form.loading')}
          </p>
        )}
        {resource.status === 'error' && (
          <div className="notice notice-error" role="alert">
            <p>{resource.error instanceof Error ? resource.error.message : String(resource.error)}</p>
            <button type="button" className="btn btn-secondary btn-small" onClick={resource.reload}>
              {t('form.retry')}
            </button>
          </div>
        )}
        {resource.status === 'ready' && <TestimonialForm initial={resource.data} />}
      </div>
    </div>
  );
}
