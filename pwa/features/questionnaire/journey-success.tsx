/** The thank-you page: the truth about the response's delivery (received, kept on this device, refused and why), and the sync status. */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { localizedPath } from '../../../shared/routes';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { getDb } from '../../db/db';
import { useLocale } from '../../i18n/use-locale';
import { getSyncEngine, startAppSync } from '../../sync/app-engine';
import { responseDelivery } from './answers-store';
import { useRespondentT } from './flow';
import { Loading, Shell, type SuccessState } from './journey-frame';
import { SyncStatusPanel } from './sync-status';

export function SuccessStep() {
  const locale = useLocale();
  const { state } = useLocation() as { state: SuccessState | null };
  const t = useRespondentT();
  useDocumentTitle(t ? t('success.title') : '');
  const responseId = state?.responseId;
  const [delivery, setDelivery] = useState<'received' | 'saved' | 'rejected' | 'unknown' | null>(null);
  const [rejectCode, setRejectCode] = useState<string | null>(null);

  useEffect(() => {
    const engine = startAppSync();
    if (!responseId) return;
    let live = true;
    const check = () =>
      void responseDelivery(responseId).then(async (d) => {
        if (!live) return;
        setDelivery(d);
        if (d === 'rejected') setRejectCode((await getDb().outbox.get(responseId))?.reject_code ?? null);
      });
    check();
    const off = engine.subscribe(check);
    void getSyncEngine().syncNow();
    return () => {
      live = false;
      off();
    };
  }, [responseId]);

  if (!t) return <Loading />;
  const rejectText = rejectCode && t(`sync.rejectCodes.${rejectCode}`, { defaultValue: '' });
  return (
    <Shell>
      <div className="qf qf-success">
        <div className="qf-success-mark" aria-hidden="true">
          ✓
        </div>
        <h1 className="qf-title">{t('success.title')}</h1>
        <div role="status" aria-live="polite" data-testid="delivery" data-delivery={delivery ?? 'loading'}>
          {delivery === 'received' && <p className="notice notice-success">{t('success.received')}</p>}
          {delivery === 'saved' && <p className="notice notice-info">{t('success.saved')}</p>}
          {delivery === 'rejected' && <p className="notice notice-error">{t('success.rejected', { reason: rejectText || t('sync.reasons.refused') })}</p>}
          {(delivery === 'unknown' || !responseId) && <p className="notice notice-info">{t('success.unknown')}</p>}
        </div>
        <p>{t('success.close')}</p>
        <SyncStatusPanel t={t} />
        <p>
          <Link to={localizedPath('home', locale)} className="btn btn-secondary">
            {t('success.home')}
          </Link>
        </p>
      </div>
    </Shell>
  );
}
