/**
 * The administrator's actions on an application: approve or ask for changes while it waits for review, reissue the
 * codes or close it while it runs; each asks first in a dialog.
 */
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../admin-parts';
import { approveApplication, closeApplication, reissueCodes, requestChanges, type AdminApplicationDetail } from '../applications-api';
import { CloseRoundsNote } from '../puls-rounds-card';
import { ChangesDialog } from './changes-dialog';

export type Confirm = 'approve' | 'reissue' | 'close' | 'changes' | null;

/** The buttons that open the dialogs, by the application's state. */
export function ActionsCard({ reviewable, running, onConfirm }: { reviewable: boolean; running: boolean; onConfirm: (confirm: Confirm) => void }) {
  const { t } = useTranslation('admin');
  return (
    <section className="card admin-actions-card" aria-labelledby="application-actions">
      <h2 id="application-actions">{t('application.actions')}</h2>
      {reviewable || running ? (
        <div className="actions">
          {reviewable && (
            <>
              <button type="button" className="btn btn-primary" onClick={() => onConfirm('approve')}>
                {t('application.approve')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => onConfirm('changes')}>
                {t('application.requestChanges')}
              </button>
            </>
          )}
          {running && (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => onConfirm('reissue')}>
                {t('application.reissueCodes')}
              </button>
              <button type="button" className="btn btn-secondary btn-danger-outline" onClick={() => onConfirm('close')}>
                {t('application.close')}
              </button>
            </>
          )}
        </div>
      ) : (
        <p className="hint">{t('application.noActions')}</p>
      )}
    </section>
  );
}

/** The dialogs of the actions; `run` carries out the request and answers with the success text. */
export function ActionDialogs({
  id,
  app,
  name,
  confirm,
  onClose,
  run,
}: {
  /** The application's id, as in the address. */
  id: number;
  app: AdminApplicationDetail;
  name: string;
  confirm: Confirm;
  onClose: () => void;
  run: (action: () => Promise<string>) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <ConfirmDialog
        open={confirm === 'approve'}
        title={t('application.confirm.approveTitle', { name })}
        text={t('application.confirm.approveText')}
        confirmLabel={t('application.approve')}
        onConfirm={() => run(() => approveApplication(id).then(() => t('application.approved')))}
        onClose={onClose}
      />
      <ConfirmDialog
        open={confirm === 'reissue'}
        title={t('application.confirm.reissueTitle', { name })}
        text={t('application.confirm.reissueText')}
        confirmLabel={t('application.reissueCodes')}
        onConfirm={() => run(() => reissueCodes(id).then((r) => t('application.codesReissued', { online: r.online, offline: r.offline })))}
        onClose={onClose}
      />
      <ConfirmDialog
        open={confirm === 'close'}
        title={t('application.confirm.closeTitle', { name })}
        text={t('application.confirm.closeText')}
        confirmLabel={t('application.close')}
        danger
        onConfirm={() => run(() => closeApplication(id).then(() => t('application.closed')))}
        onClose={onClose}
      >
        {app.type === 'puls' && <CloseRoundsNote rounds={app.rounds ?? []} />}
      </ConfirmDialog>
      <ChangesDialog
        open={confirm === 'changes'}
        onSend={(comment) => run(() => requestChanges(id, comment).then(() => t('application.changesRequested')))}
        onClose={onClose}
      />
    </>
  );
}
