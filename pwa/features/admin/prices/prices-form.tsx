import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/constants';
import { DEFAULT_PRICE_SETTINGS, priceSettingsSchema, type PriceSettings } from '../../../../shared/pricing';
import { ErrorSummary, TextField, type SummaryItem } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api';
import { ActionNotice, useErrorText, type Notice } from '../admin-parts';
import { updatePrices } from '../admin-api';
import { DiscountTiers } from './discount-tiers';
import { fromDraft, newTier, toDraft, type Draft, type Errors, type TierDraft } from './price-draft';
import { priceErrorMessage, priceFieldLabel, priceLabels } from './price-errors';
import { PricePreview } from './price-preview';

/** The price list's form: checked with the shared schema (errors summarised and by field) before it is saved. */
export function PricesForm({ saved, onSaved }: { saved: PriceSettings; onSaved: (s: PriceSettings) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary, errors]);

  const parsed = priceSettingsSchema.safeParse(fromDraft(draft));
  const fieldId = (path: string) => `${id}-${path.replace(/\./g, '-')}`;

  const collect = (issues: { path: string; code: string }[]): Errors => {
    const out: Errors = {};
    for (const issue of issues) out[issue.path] ??= priceErrorMessage(t, issue.path, issue.code);
    return out;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!parsed.success) {
      setErrors(collect(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), code: i.code }))));
      setSummary(true);
      return;
    }
    setBusy(true);
    try {
      const result = await updatePrices(parsed.data);
      setErrors({});
      setSummary(false);
      setDraft(toDraft(result));
      onSaved(result);
      setNotice({ kind: 'success', text: t('prices.saved') });
    } catch (error) {
      const details = error instanceof ApiError && error.code === 'validation-failed' && Array.isArray(error.details) ? (error.details as { path: string; code?: string }[]) : [];
      if (details.length > 0) {
        setErrors(collect(details.map((d) => ({ path: d.path, code: d.code ?? '' }))));
        setSummary(true);
      } else setNotice({ kind: 'error', text: errorText(error) });
    }
    setBusy(false);
  };

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setTier = (key: number, patch: Partial<TierDraft>) => setDraft((d) => ({ ...d, tiers: d.tiers.map((x) => (x.key === key ? { ...x, ...patch } : x)) }));

  const labels = priceLabels(t);
  const summaryItems: SummaryItem[] = Object.entries(errors).map(([path, message]) => ({ id: fieldId(path), label: priceFieldLabel(t, path), message }));

  const number = (path: string, value: string, onChange: (v: string) => void, extra: { hint?: string; decimal?: boolean } = {}) => (
    <TextField
      id={fieldId(path)}
      label={labels[path]}
      hint={extra.hint}
      error={errors[path]}
      value={value}
      inputMode={extra.decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      required
      onChange={(e) => onChange(e.target.value)}
    />
  );

  return (
    <form className="admin-prices-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      {summary && Object.keys(errors).length > 0 && <ErrorSummary ref={summaryRef} title={t('prices.invalid')} items={summaryItems} />}
      <ActionNotice notice={notice} />

      <fieldset className="admin-prices-group">
        <legend>{t('prices.base')}</legend>
        <div className="admin-prices-fields">
          {number('price_per_employee_eur', draft.price, (v) => set({ price: v }), { hint: t('prices.pricePerEmployeeHint'), decimal: true })}
          {number('min_employees', draft.min, (v) => set({ min: v }))}
          {number('max_employees', draft.max, (v) => set({ max: v }), { hint: t('prices.maxEmployeesHint', { max: LIMITS.maxEmployees }) })}
        </div>
      </fieldset>

      <DiscountTiers
        tiers={draft.tiers}
        errors={errors}
        fieldId={fieldId}
        onChange={setTier}
        onAdd={() => set({ tiers: [...draft.tiers, newTier()] })}
        onRemove={(key) => {
          setDraft((d) => ({ ...d, tiers: d.tiers.filter((x) => x.key !== key) }));
          setErrors({});
        }}
      />

      <fieldset className="admin-prices-group">
        <legend>{t('prices.refunds')}</legend>
        <div className="admin-prices-fields">
          {number('refund_completion_percent', draft.completionPercent, (v) => set({ completionPercent: v }))}
          {number('refund_completion_threshold', draft.completionThreshold, (v) => set({ completionThreshold: v }))}
          {number('refund_returning_percent', draft.returningPercent, (v) => set({ returningPercent: v }))}
        </div>
      </fieldset>

      <PricePreview settings={parsed.success ? parsed.data : null} />

      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('prices.saving') : t('prices.save')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => {
            setDraft(toDraft(DEFAULT_PRICE_SETTINGS));
            setErrors({});
            setSummary(false);
          }}
        >
          {t('prices.reset')}
        </button>
      </div>
    </form>
  );
}
