import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AWARD_SIZE_CLASSES } from '../../../../shared/award';
import type { AwardEntry } from '../../../../shared/schemas/award';
import { useLocale } from '../../../i18n/use-locale';
import { ApiError } from '../../../lib/api';
import { numberFormat } from '../../../lib/number-format';
import { ConfirmDialog, useErrorText, type Notice } from '../admin-parts';
import { excludeFromAward, includeInAward, publishAwardYear, unpublishAwardYear, type AwardYearAdmin } from '../award-api';
import { AwardSummary } from './award-summary';
import { byRank } from './award-table-parts';
import { ClassTable } from './class-table';
import { ExcludeDialog } from './exclude-dialog';
import { NotEligibleTable } from './not-eligible-table';
import { SpecialWinners } from './special-winners';

/** One award year: its summary, rankings, special winners and the surveys not eligible, with the actions on them. */
export function YearView({
  data,
  onChange,
  onStale,
  setNotice,
}: {
  data: AwardYearAdmin;
  onChange: (data: AwardYearAdmin) => void;
  /** The year changed elsewhere (409): load it again. */
  onStale: () => void;
  setNotice: (notice: Notice) => void;
}) {
  const { t } = useTranslation('admin');
  const f = numberFormat(useLocale());
  const errorText = useErrorText();
  const [confirm, setConfirm] = useState<'publish' | 'unpublish' | null>(null);
  const [excluding, setExcluding] = useState<AwardEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const open = data.status === 'open';
  const year = data.year;

  /** Runs an action that answers the whole year; a failure (409 once the year was published meanwhile…) is shown in the user's language. */
  const run = async (action: () => Promise<AwardYearAdmin>, success: string): Promise<boolean> => {
    setBusy(true);
    try {
      onChange(await action());
      setNotice({ kind: 'success', text: success });
      return true;
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
      if (error instanceof ApiError && error.status === 409) onStale();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const eligible = data.entries.filter((e) => e.eligible);
  const notEligible = data.entries.filter((e) => !e.eligible).sort((a, b) => a.company_name.localeCompare(b.company_name));

  return (
    <div className="award-year stack-lg">
      <AwardSummary data={data} onPublish={() => setConfirm('publish')} onUnpublish={() => setConfirm('unpublish')} />
      {AWARD_SIZE_CLASSES.map((sizeClass) => (
        <ClassTable
          key={sizeClass}
          sizeClass={sizeClass}
          entries={eligible.filter((e) => e.size_class === sizeClass).sort(byRank)}
          open={open}
          f={f}
          busy={busy}
          onExclude={setExcluding}
        />
      ))}
      <SpecialWinners data={data} f={f} />
      <NotEligibleTable
        data={data}
        entries={notEligible}
        f={f}
        busy={busy}
        onInclude={(e) => void run(() => includeInAward(year, e.company_id), t('award.includedDone', { company: e.company_name, year }))}
      />

      <ConfirmDialog
        open={confirm === 'publish'}
        title={t('award.confirm.publishTitle', { year })}
        text={t('award.confirm.publishText')}
        confirmLabel={t('award.publish')}
        onConfirm={async () => {
          if (await run(() => publishAwardYear(year), t('award.publishedDone', { year }))) setConfirm(null);
        }}
        onClose={() => setConfirm(null)}
      >
        <ul className="award-consequences">
          <li>{t('award.confirm.publishMail', { year })}</li>
          <li>{t('award.confirm.publishPublic')}</li>
          <li>{t('award.confirm.publishChoices', { year })}</li>
        </ul>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'unpublish'}
        title={t('award.confirm.unpublishTitle', { year })}
        text={t('award.confirm.unpublishText')}
        confirmLabel={t('award.unpublish')}
        danger
        onConfirm={async () => {
          if (await run(() => unpublishAwardYear(year), t('award.unpublishedDone', { year }))) setConfirm(null);
        }}
        onClose={() => setConfirm(null)}
      >
        <p>{t('award.confirm.unpublishMail')}</p>
      </ConfirmDialog>
      <ExcludeDialog
        entry={excluding}
        year={year}
        onClose={() => setExcluding(null)}
        onExclude={async (entry, reason) => {
          if (await run(() => excludeFromAward(year, entry.company_id, reason), t('award.excludedDone', { company: entry.company_name, year }))) setExcluding(null);
        }}
      />
    </div>
  );
}
