/**
 * Small building blocks shared by the administration pages: the page frame, loading / error /
 * empty states, pagination, status badges and a confirmation dialog.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { Modal } from '../../components/ui/modal';
import { ApiError } from '../../lib/api';
import { pageCount, pageRange } from './format';
import './admin.css';

export function AdminPage({ title, lead, children, wide = true }: { title: string; lead?: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('admin');
  useDocumentTitle(`${title} – ${t('nav.title')}`);
  return (
    <div className={`page admin-page${wide ? ' admin-page-wide' : ''}`}>
      <div className="container">
        <header className="page-header">
          <h1>{title}</h1>
          {lead && <p className="lead">{lead}</p>}
        </header>
        {children}
      </div>
    </div>
  );
}

/** The message of an API failure (already in the request's language), else a generic text. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('admin');
  return (error: unknown) => (error instanceof ApiError && error.message ? error.message : t('common.loadFailed'));
}

export function LoadingState() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('admin');
  const text = useErrorText();
  return (
    <div className="notice notice-error admin-error" role="alert">
      <p>{text(error)}</p>
      {onRetry && (
        <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
          {t('common.retryLoad')}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <p>{children}</p>
    </div>
  );
}

/** A short-lived status line after an action (role=status for success, role=alert for failures). */
export function ActionNotice({ notice }: { notice: { kind: 'success' | 'error'; text: string } | null }) {
  if (!notice) return null;
  return (
    <div className={`notice notice-${notice.kind} admin-action-notice`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <p>{notice.text}</p>
    </div>
  );
}

export type Notice = { kind: 'success' | 'error'; text: string } | null;

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const pages = pageCount(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  return (
    <nav className="admin-pagination" aria-label={t('common.pagination')}>
      <p className="hint" aria-live="polite">
        {t('common.shown', { from, to, total })}
      </p>
      {pages > 1 && (
        <div className="admin-pagination-buttons">
          <button type="button" className="btn btn-secondary btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <span aria-hidden="true">‹</span> {t('common.previous')}
          </button>
          <span className="admin-page-of">{t('common.pageOf', { page, pages })}</span>
          <button type="button" className="btn btn-secondary btn-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('common.next')} <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </nav>
  );
}

export type BadgeTone = 'ok' | 'warn' | 'bad' | 'neutral';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

/** A confirmation dialog for actions with consequences; the confirm button shows progress. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** More about the consequences, after the text. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} title={title} onClose={() => !busy && onClose()} closeLabel={t('common.close')}>
      <p>{text}</p>
      {children}
      <div className="actions admin-dialog-actions">
        <button
          type="button"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            onConfirm().finally(() => setBusy(false));
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}
