import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from './display';

/** The bar over a keying or review step: the form's title (with the pass in double entry) and Cancel. */
export function EntryBar(props: { titleId: string; titleClass?: string; title: ReactNode; double: boolean; pass: 1 | 2; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <div className="pe-bar">
      <h2 id={props.titleId} className={props.titleClass}>
        {props.title}
        {props.double && <span className="pe-pass">{props.pass === 1 ? t('pass1') : t('pass2')}</span>}
      </h2>
      <button type="button" className="btn btn-secondary btn-small" onClick={props.onCancel}>
        {t('cancel')}
      </button>
    </div>
  );
}
