/** How the company appears in a year's award (name withheld, figures shown): saved before the year is published, locked after. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { awardChoicesSchema, type AwardCompanyYear } from '../../../shared/schemas/award';
import { CheckField, FormSummary } from '../../components/ui/form';
import { ApiError } from '../../lib/api';
import { esiBandExample } from '../../lib/award';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
import { saveAwardChoices } from './profile-api';

export function AwardChoices({
  item,
  onSaved,
  onStale,
}: {
  item: AwardCompanyYear;
  onSaved: (item: AwardCompanyYear) => void;
  /** The year was published meanwhile (409): the card says so and loads the years again. */
  onStale: (message: string) => void;
}) {
  const { t } = useTranslation('account');
  const labels = { withdraw_name: t('award.choices.withdrawName'), show_figures: t('award.choices.showFigures') };
  const form = useFormState(`award-${String(item.year)}`, { withdraw_name: item.withdraw_name, show_figures: item.show_figures }, { labels });
  const [saved, setSaved] = useState(0);
  const savedRef = useFocusOnChange<HTMLParagraphElement>(saved);
  const locked = item.published;
  const band = esiBandExample();

  const onSubmit = form.submit({
    schema: awardChoicesSchema,
    onStart: () => setSaved(0),
    send: async (data) => {
      onSaved(await saveAwardChoices(item.year, data));
      setSaved((n) => n + 1);
    },
    onError: (err, failure) => {
      if (err instanceof ApiError && err.code === 'award-year-published') {
        onStale(t('award.choices.lockedMeanwhile', { year: item.year }));
        return null;
      }
      return failure;
    },
  });

  return (
    <form className="award-choices" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
      <FormSummary form={form} />
      <fieldset disabled={locked}>
        <legend>{t('award.choices.legend')}</legend>
        <CheckField {...form.check('withdraw_name')} hint={t('award.choices.withdrawNameHint')} disabled={locked || form.busy} />
        <CheckField {...form.check('show_figures')} hint={t('award.choices.showFiguresHint', band)} disabled={locked || form.busy} />
      </fieldset>
      {locked ? (
        <p className="hint">{t('award.choices.locked')}</p>
      ) : (
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {t('award.choices.save')}
          </button>
          {saved > 0 && (
            <p ref={savedRef} tabIndex={-1} className="award-saved" role="status">
              {t('award.choices.saved', { year: item.year })}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
