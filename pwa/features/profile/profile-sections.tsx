/** The profile edit page's smaller parts: logo, e-mail change and active sessions. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailChangeSchema } from '../../../shared/schemas/account';
import type { Profile } from '../../../shared/schemas/user';
import { FormSummary, TextField } from '../../components/ui/form';
import { useLocale } from '../../i18n/use-locale';
import { checkLogo } from '../../lib/image-checks';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
import { useResource } from '../../lib/use-resource';
import { ImageUpload } from './image-upload';
import { changeEmail, deleteLogo, endSession, getSessions, uploadLogo, type SessionInfo } from './profile-api';
import { formatDateTime } from '../../lib/dates';

export function LogoSection({ profile, onChange }: { profile: Profile; onChange: (p: Profile) => void }) {
  const { t } = useTranslation('account');
  const [status, setStatus] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  const remove = async () => {
    setRemoving(true);
    setStatus(null);
    try {
      onChange(await deleteLogo());
      setStatus(t('profile.logo.removed'));
    } catch (err) {
      setStatus(err instanceof Error ? err.message : String(err));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section className="card profile-section" aria-labelledby="logo-title">
      <h2 id="logo-title">{t('profile.logo.title')}</h2>
      <div className="logo-row">
        <div className="logo-preview" data-testid="logo-preview">
          {profile.logo_url ? (
            <img src={profile.logo_url} alt={t('profile.logo.alt', { company: profile.company_name })} />
          ) : (
            <p className="hint">{t('profile.logo.none')}</p>
          )}
        </div>
        <div className="logo-controls">
          <ImageUpload
            id="profile-logo"
            label={t('fields.logo')}
            hint={t('profile.logo.hint')}
            check={checkLogo}
            uploadingText={t('profile.logo.uploading')}
            upload={async (file) => {
              setStatus(null);
              onChange(await uploadLogo(file));
              setStatus(t('profile.logo.uploaded'));
            }}
          />
          {profile.logo_url && (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void remove()} disabled={removing}>
              {t('profile.logo.remove')}
            </button>
          )}
          <p className="form-status" role="status" data-testid="logo-status">
            {status}
          </p>
        </div>
      </div>
    </section>
  );
}

const EMPTY_EMAIL_CHANGE = { new_email: '', current_password: '' };

export function EmailChangeSection({ profile, onRequested }: { profile: Profile; onRequested: (email: string) => void }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const form = useFormState('email-change', EMPTY_EMAIL_CHANGE, { labels: { new_email: t('fields.new_email'), current_password: t('fields.current_password') } });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.submit({
    schema: emailChangeSchema,
    input: (values) => ({ ...values, locale }),
    codeFields: { 'wrong-password': 'current_password', 'email-taken': 'new_email' },
    onStart: () => setSentTo(null),
    send: async (data) => {
      await changeEmail(data);
      setSentTo(data.new_email);
      onRequested(data.new_email);
      form.setValues(EMPTY_EMAIL_CHANGE);
    },
  });

  return (
    <section className="card profile-section" aria-labelledby="email-title">
      <h2 id="email-title">{t('profile.email.title')}</h2>
      <p>{t('profile.email.current', { email: profile.email })}</p>
      {profile.pending_email && !sentTo && <p className="notice notice-info">{t('profile.email.pending', { email: profile.pending_email })}</p>}
      <form noValidate onSubmit={onSubmit} aria-busy={form.busy}>
        <FormSummary form={form} />
        <div className="form-grid">
          <TextField {...form.field('new_email')} type="email" autoComplete="email" required />
          <TextField {...form.field('current_password')} type="password" autoComplete="current-password" required />
        </div>
        <p className="hint">{t('profile.email.hint')}</p>
        <div className="actions profile-actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {t('profile.email.submit')}
          </button>
        </div>
        {sentTo && (
          <p className="notice notice-success" role="status" data-testid="email-change-sent">
            {t('profile.email.sent', { email: sentTo })}
          </p>
        )}
      </form>
    </section>
  );
}

export { formatDateTime };

export function describeDevice(s: SessionInfo, unknown: string): string {
  const parts = [s.browser, s.device, s.platform].filter((p): p is string => Boolean(p && p.trim()));
  return [...new Set(parts)].join(' · ') || s.user_agent?.slice(0, 80) || unknown;
}

export function SessionsSection() {
  const { t } = useTranslation('account');
  const resource = useResource((signal) => getSessions(signal), 'sessions');
  const sessions = resource.data;
  const failed = resource.status === 'error';
  const [status, setStatus] = useState<string | null>(null);
  const [statusTick, setStatusTick] = useState(0);
  const statusRef = useFocusOnChange<HTMLParagraphElement>(statusTick);

  const end = async (s: SessionInfo) => {
    setStatus(null);
    try {
      await endSession(s.id);
      resource.update((list) => list.filter((x) => x.id !== s.id));
      setStatus(t('profile.sessions.ended'));
    } catch (err) {
      setStatus(err instanceof Error ? err.message : String(err));
    }
    setStatusTick((n) => n + 1);
  };

  return (
    <section className="card profile-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('profile.sessions.title')}</h2>
      <p className="hint">{t('profile.sessions.lead')}</p>
      {failed && (
        <p className="notice notice-error" role="alert">
          {t('form.loadError')}{' '}
          <button type="button" className="link-button" onClick={resource.reload}>
            {t('form.retry')}
          </button>
        </p>
      )}
      {!sessions && !failed && <p className="hint">{t('form.loading')}</p>}
      {sessions && (
        <ul className="session-list" data-testid="session-list">
          {sessions.map((s) => (
            <li key={s.id} className="session-item">
              <div>
                <p className="session-device">
                  {describeDevice(s, t('profile.sessions.unknownDevice'))}
                  {s.current && <span className="badge badge-info">{t('profile.sessions.current')}</span>}
                </p>
                <p className="hint">
                  {s.screen_width && s.screen_height ? `${t('profile.sessions.screen', { width: s.screen_width, height: s.screen_height })} · ` : ''}
                  {t('profile.sessions.started', { date: formatDateTime(s.created_at) })} · {t('profile.sessions.lastSeen', { date: formatDateTime(s.last_seen_at) })}
                </p>
              </div>
              {!s.current && (
                <button type="button" className="btn btn-secondary btn-small" onClick={() => void end(s)}>
                  {t('profile.sessions.end')}
                </button>
              )}
            </li>
          ))}
          {sessions.filter((s) => !s.current).length === 0 && <li className="hint">{t('profile.sessions.none')}</li>}
        </ul>
      )}
      <p ref={statusRef} tabIndex={-1} className="form-status" role="status">
        {status}
      </p>
    </section>
  );
}
