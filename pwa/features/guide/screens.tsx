/**
 * The bare confirmation screens (no header or footer, so each carries its own way on):
 * - success-admin / success-admin-puls: the company's survey administrator (HR) has sent an IZZ or a
 *   PULS application (the form's "Send" leads here): what happens next, and the way to the application,
 *   the guide and the survey board. The application's id is in ?application=, its name in the history
 *   state (or loaded when the page is opened again later).
 * - success-user: a new company account has been registered (the registration form leads here): confirm
 *   the e-mail address. The address comes in the history state only, never in the URL.
 * - login-review: who is signed in on this device (company user, administrator, an administrator acting
 *   as a client, an unconfirmed address, or nobody) and the way on or out. A signed-in user who opens a
 *   guest page (login, register, forgotten or reset password) is sent here (app/guards.ts).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PARAM_PATTERNS } from '../../../shared/routes';
import { isAdmin } from '../../session/guards';
import { LogoutButton } from '../../session/logout-button';
import { useShell } from '../../session/shell-store';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useResource } from '../../lib/use-resource';
import { getData } from '../../lib/api';
import type { ApplicationType, ApplicationView } from '../../../shared/schemas/application';
import type { RegisteredState, SentState } from '../../lib/screen-handoff';
import './guide.css';

/**
 * Focuses the screen's notice once it is shown. The layout moves the focus to <main> after every client-side
 * navigation (root-layout.tsx), in the same commit or the one after, so the notice takes it a frame later.
 */
function useFocusOnArrival<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return ref;
}

function CheckMark() {
  return (
    <svg className="screen-mark" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" />
      <path d="M14 25 l7 7 l13-15" />
    </svg>
  );
}

function Screen({ title, children, mark = false, testId }: { title: string; children: ReactNode; mark?: boolean; testId: string }) {
  useDocumentTitle(title);
  return (
    <div className="page screen-page" data-testid={testId}>
      <div className="container screen-container">
        <div className="card screen-card">
          {mark && <CheckMark />}
          <h1>{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}

function ApplicationSent({ type }: { type: ApplicationType }) {
  const { t } = useTranslation(['pages', 'applications']);
  const [params] = useSearchParams();
  const location = useLocation();
  const raw = params.get('application') ?? '';
  const id = PARAM_PATTERNS.id?.test(raw) ? raw : null;
  const stateName = (location.state as SentState | null)?.name?.trim() || null;
  // Opened again later (a bookmark, another tab): the name comes from the server when the user may see it.
  const loaded = useResource((signal) => (id && !stateName ? getData<Pick<ApplicationView, 'name'>>(`/api/applications/${encodeURIComponent(id)}`, { signal }).then((a) => a.name?.trim() || null) : Promise.resolve(null)), `${type}-${id ?? ''}`);
  const name = stateName ?? (loaded.status === 'ready' ? loaded.data : null);
  const steps: unknown = t(`applicationSent.steps.${type}`, { returnObjects: true });
  const board = type === 'izz' ? 'profileIzz' : 'profilePuls';
  const notice = useFocusOnArrival<HTMLParagraphElement>();

  return (
    <Screen title={t(`applicationSent.${type}.title`)} mark testId={`sent-${type}`}>
      <p ref={notice} tabIndex={-1} className="notice notice-success" role="status" data-testid="application-sent">
        {t('applications:review.sent')}
      </p>
      {name && <p className="lead">{t('applicationSent.name', { name })}</p>}
      <section className="screen-next" aria-labelledby="sent-next">
        <h2 id="sent-next">{t('applicationSent.next')}</h2>
        <ol>{Array.isArray(steps) && (steps as string[]).map((s, i) => <li key={i}>{s}</li>)}</ol>
      </section>
      <p className="screen-actions">
        {id ? (
          <LocalizedLink className="btn btn-primary" to={type === 'izz' ? 'profileIzzDetail' : 'profilePulsDetail'} params={{ id }} data-testid="sent-view">
            {t('applicationSent.view')}
          </LocalizedLink>
        ) : (
          <LocalizedLink className="btn btn-primary" to={board} data-testid="sent-view">
            {t('applicationSent.back')}
          </LocalizedLink>
        )}
        <LocalizedLink className="btn btn-secondary" to="profileInstructions" data-testid="sent-guide">
          {t('applicationSent.guide')}
        </LocalizedLink>
        {id && (
          <LocalizedLink className="btn btn-secondary" to={board}>
            {t('applicationSent.back')}
          </LocalizedLink>
        )}
      </p>
    </Screen>
  );
}

/** /success-admin: an IZZ application has been sent. */
export function IzzSentPage() {
  return <ApplicationSent type="izz" />;
}

/** /success-admin-puls: a PULS application has been sent. */
export function PulsSentPage() {
  return <ApplicationSent type="puls" />;
}

/** /success-user: the account is registered; the e-mail address must be confirmed before the profile opens. */
export function RegisteredPage() {
  const { t } = useTranslation(['account', 'pages']);
  const location = useLocation();
  const email = (location.state as RegisteredState | null)?.email ?? null;
  const notice = useFocusOnArrival<HTMLDivElement>();
  return (
    <Screen title={t('register.successTitle')} mark testId="registered">
      <div ref={notice} tabIndex={-1} className="notice notice-success" role="status" data-testid="register-success">
        {email ? t('register.successText', { email }) : t('pages:registered.text')}
      </div>
      <p className="hint">{t('register.successHint')}</p>
      <p className="screen-actions">
        <LocalizedLink className="btn btn-primary" to="login">
          {t('login.submit')}
        </LocalizedLink>
        <LocalizedLink className="btn btn-secondary" to="confirmEmail">
          {t('register.toConfirm')}
        </LocalizedLink>
      </p>
    </Screen>
  );
}

/** /login-review: who is signed in here, and the way on. */
export function LoginReviewPage() {
  const { t } = useTranslation('pages');
  const { user } = useShell();

  if (user === undefined) {
    return (
      <Screen title={t('loginReview.title')} testId="login-review">
        <p className="hint" role="status">
          {t('loginReview.lead')}
        </p>
      </Screen>
    );
  }
  if (!user) {
    return (
      <Screen title={t('loginReview.guestTitle')} testId="login-review">
        <p>{t('loginReview.guestText')}</p>
        <p className="screen-actions">
          <LocalizedLink className="btn btn-primary" to="login">
            {t('loginReview.login')}
          </LocalizedLink>
        </p>
      </Screen>
    );
  }

  const adminOnly = isAdmin(user) && !user.scope.includes('company');
  const verified = Boolean(user.email_verified_at);
  return (
    <Screen title={t('loginReview.title')} testId="login-review">
      <p className="lead">{t('loginReview.lead')}</p>
      <dl className="screen-facts" data-testid="login-review-facts">
        <dt>{t('loginReview.account')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('loginReview.role')}</dt>
        <dd>{t(adminOnly ? 'loginReview.roleAdmin' : 'loginReview.roleCompany')}</dd>
      </dl>
      {user.acting_admin && <p className="notice notice-info">{t('loginReview.acting', { admin: user.acting_admin.email })}</p>}
      {!verified && !adminOnly && <p className="notice notice-info">{t('loginReview.unverified')}</p>}
      <p className="screen-actions">
        {!verified && !adminOnly ? (
          <LocalizedLink className="btn btn-primary" to="confirmEmail">
            {t('loginReview.confirm')}
          </LocalizedLink>
        ) : (
          <LocalizedLink className="btn btn-primary" to={adminOnly ? 'admin' : 'profileIzz'} data-testid="login-review-continue">
            {t(adminOnly ? 'loginReview.continueAdmin' : 'loginReview.continue')}
          </LocalizedLink>
        )}
        {verified && !user.acting_admin && !adminOnly && (
          <LocalizedLink className="btn btn-secondary" to="profileChangePassword">
            {t('loginReview.changePassword')}
          </LocalizedLink>
        )}
      </p>
      <div className="screen-notyou">
        <p className="hint">{t('loginReview.notYou')}</p>
        <LogoutButton />
      </div>
    </Screen>
  );
}
