/**
 * Building blocks of the public pages. The texts live in shared/i18n/<locale>/pages.json; lists and
 * sections are read with `returnObjects: true` so a page's structure is the same in every locale.
 */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RouteId } from '../../../shared/routes';
import { useLocalizedPath } from '../../i18n/use-locale';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { ApiError } from '../../lib/api';
import './public-pages.css';

export interface TitledText {
  title: string;
  text: string;
}

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/** Reads a list from pages.json (or another namespace); anything that is not an array (a missing key) becomes []. */
export function useList<T = string>(key: string, namespace = 'pages'): T[] {
  const { t } = useTranslation(namespace);
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The page wrapper: sets the document title and renders the h1 with its lead. */
export function Page({
  title,
  lead,
  eyebrow,
  className,
  children,
}: {
  title: string;
  lead?: string;
  eyebrow?: string;
  className?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className={['page', 'public-page', className].filter(Boolean).join(' ')}>
      <div className="container">
        <header className="page-header">
          {eyebrow && <p className="public-eyebrow">{eyebrow}</p>}
          <h1>{title}</h1>
          {lead && <p className="lead">{lead}</p>}
        </header>
        {children}
      </div>
    </div>
  );
}

export function Section({ title, id, children, className }: { title: string; id?: string; children: ReactNode; className?: string }) {
  return (
    <section className={['section', className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function TextList({ items, ordered = false }: { items: string[]; ordered?: boolean }) {
  const content = items.map((item, i) => <li key={i}>{item}</li>);
  return ordered ? <ol className="public-list">{content}</ol> : <ul className="public-list">{content}</ul>;
}

/** Titled cards in the shell's responsive grid. */
export function CardList({ items, headingLevel = 3 }: { items: TitledText[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="cards public-cards">
      {items.map((item, i) => (
        <li key={i} className="card">
          <Heading>{item.title}</Heading>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps (a timeline on wide screens, a vertical list on phones). */
export function StepList({ items }: { items: TitledText[] }) {
  return (
    <ol className="public-steps">
      {items.map((item, i) => (
        <li key={i} className="public-step">
          <span className="public-step-number" aria-hidden="true">
            {i + 1}
          </span>
          <div>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Legal texts: numbered or plain sections with paragraphs and lists, plus an in-page table of contents. */
export function LegalSections({ sections, idPrefix }: { sections: LegalSection[]; idPrefix: string }) {
  const { t } = useTranslation('pages');
  return (
    <>
      <nav className="public-toc" aria-label={t('common.contents')}>
        <h2 className="public-toc-title">{t('common.contents')}</h2>
        <ol>
          {sections.map((s, i) => (
            <li key={i}>
              <a href={`#${idPrefix}-${i + 1}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose">
        {sections.map((s, i) => (
          <section key={i}>
            <h2 id={`${idPrefix}-${i + 1}`}>{s.heading}</h2>
            {s.paragraphs?.map((p, j) => <p key={j}>{p}</p>)}
            {s.items && s.items.length > 0 && <TextList items={s.items} />}
          </section>
        ))}
      </div>
    </>
  );
}

/** A link to a route of the shared route table in the current locale. */
export function PageLink({ to, children, className }: { to: RouteId; children: ReactNode; className?: string }) {
  const path = useLocalizedPath();
  return (
    <Link to={path(to)} className={className}>
      {children}
    </Link>
  );
}

/**
 * The honest empty state of a page whose content arrives with a later issue
 * (blogs, past winners, testimonials): what will be here, and where to go meanwhile.
 */
export function EmptyStatePage({
  title,
  lead,
  emptyTitle,
  emptyText,
  link,
  linkText,
  children,
}: {
  title: string;
  lead?: string;
  emptyTitle: string;
  emptyText: string;
  link: RouteId;
  linkText: string;
  /** More after the empty state (past winners: the years that are published). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('pages');
  return (
    <Page title={title} lead={lead}>
      <div className="empty-state public-empty">
        <h2>{emptyTitle}</h2>
        <p>{emptyText}</p>
        <p className="public-actions">
          <PageLink to={link} className="btn btn-primary">
            {linkText}
          </PageLink>
          <PageLink to="home" className="btn btn-secondary">
            {t('common.backHome')}
          </PageLink>
        </p>
      </div>
      {children}
    </Page>
  );
}

/** A legal text page (terms, privacy): title, lead, numbered sections from pages.json, a contact button. */
export function LegalPage({ textKey, idPrefix }: { textKey: 'gdpr' | 'termsOfService'; idPrefix: string }) {
  const { t } = useTranslation('pages');
  const sections = useList<LegalSection>(`${textKey}.sections`);
  return (
    <Page title={t(`${textKey}.title`)} lead={t(`${textKey}.lead`)} className="legal-page">
      <LegalSections sections={sections} idPrefix={idPrefix} />
      <p>
        <PageLink to="contact" className="btn btn-secondary">
          {t('common.contactUs')}
        </PageLink>
      </p>
    </Page>
  );
}

/**
 * A page's content that could not be loaded. Without a connection (the request never reached the server) it says so
 * and loads again by itself once the browser is back online (and again every two seconds while a try fails online); what the service worker kept from an earlier visit
 * (GET /api/blogs, /api/leaderboards/:year, network-first) never gets here. Any other failure: the server's message
 * or `failedText`, with a retry.
 */
export function LoadFailedNotice({ error, failedText, retryText, onRetry }: { error: unknown; failedText: string; retryText: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const offline = error instanceof ApiError && error.network;
  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', onRetry);
    // The first request after the connection is back can still fail (the network is not up yet): while the browser
    // says it is online, each failed try schedules the next (a new error re-runs this effect).
    const again = navigator.onLine ? window.setTimeout(onRetry, 2_000) : undefined;
    return () => {
      window.removeEventListener('online', onRetry);
      window.clearTimeout(again);
    };
  }, [offline, onRetry, error]);
  if (offline) {
    return (
      <div className="notice notice-info" role="status" data-testid="offline-content">
        <p>{t('offline.pageUnavailable')}</p>
      </div>
    );
  }
  return (
    <div className="notice notice-error" role="alert">
      <p>{error instanceof ApiError && error.message ? error.message : failedText}</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
        {retryText}
      </button>
    </div>
  );
}
