/**
 * The administrator's price list: the settings GET /api/prices answers and the calculator and the
 * application's review step price with (shared/pricing.ts). Checked with the shared schema before
 * PUT /api/admin/prices; a preview prices a few company sizes with the same calculatePrice().
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/constants';
import { formatPercent } from '../../../shared/format';
import {
  DEFAULT_PRICE_SETTINGS,
  calculatePrice,
  formatEur,
  priceSettingsSchema,
  type PriceSettings,
} from '../../../shared/pricing';
import { ApiError } from '../../lib/api';
import { ErrorSummary, TextField, type SummaryItem } from '../../components/ui/form';
import { useLocale } from '../../i18n/use-locale';
import { getPrices, updatePrices } from './admin-api';
import { ActionNotice, AdminPage, ErrorState, LoadingState, useErrorText, type Notice } from './admin-parts';
import { useResource } from '../../lib/use-resource';

interface TierDraft {
  key: number;
  above: string;
  percent: string;
}

interface Draft {
  price: string;
  min: string;
  max: string;
  tiers: TierDraft[];
  completionPercent: string;
  completionThreshold: string;
  returningPercent: string;
}

let tierKey = 0;
const toTier = (t: { above: number; percent: number }): TierDraft => ({ key: ++tierKey, above: String(t.above), percent: String(t.percent) });

function toDraft(s: PriceSettings): Draft {
  return {
    price: s.price_per_employee_eur.toFixed(2),
    min: String(s.min_employees),
    max: String(s.max_employees),
    tiers: s.discount_tiers.map(toTier),
    completionPercent: String(s.refund_completion_percent),
    completionThreshold: String(s.refund_completion_threshold),
    returningPercent: String(s.refund_returning_percent),
  };
}

/** '' and text that is not a number stay NaN, so the schema reports them; a decimal comma is accepted. */
const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

function fromDraft(d: Draft): unknown {
  return {
    price_per_employee_eur: num(d.price),
    min_employees: num(d.min),
    max_employees: num(d.max),
    discount_tiers: d.tiers.map((t) => ({ above: num(t.above), percent: num(t.percent) })),
    refund_completion_percent: num(d.completionPercent),
    refund_completion_threshold: num(d.completionThreshold),
    refund_returning_percent: num(d.returningPercent),
  };
}

/** Field errors keyed by the schema path ('discount_tiers.0.percent'); the texts are the page's own. */
type Errors = Record<string, string>;

const PREVIEW_SIZES = [1, 500, 501, 1000, 1001];

function PricesForm({ saved, onSaved }: { saved: PriceSettings; onSaved: (s: PriceSettings) => void }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
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
  const percent = (n: number) => formatPercent(n, locale);
  const fieldId = (path: string) => `${id}-${path.replace(/\./g, '-')}`;

  const messageFor = (path: string, code: string): string => {
    if (path === 'price_per_employee_eur') return t('prices.errors.price');
    if (path === 'min_employees' && code === 'custom') return t('prices.errors.minAboveMax');
    if (path === 'min_employees' || path === 'max_employees' || /^discount_tiers\.\d+\.above$/.test(path))
      return code === 'custom' ? t('prices.errors.tierDuplicate') : t('prices.errors.whole');
    if (/^discount_tiers\.\d+\.percent$/.test(path)) return t('prices.errors.tierPercent');
    return t('prices.errors.percent');
  };

  const collect = (issues: { path: string; code: string }[]): Errors => {
    const out: Errors = {};
    for (const issue of issues) out[issue.path] ??= messageFor(issue.path, issue.code);
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

  const labels: Record<string, string> = {
    price_per_employee_eur: t('prices.pricePerEmployee'),
    min_employees: t('prices.minEmployees'),
    max_employees: t('prices.maxEmployees'),
    refund_completion_percent: t('prices.completionPercent'),
    refund_completion_threshold: t('prices.completionThreshold'),
    refund_returning_percent: t('prices.returningPercent'),
  };
  const labelOf = (path: string) => {
    const tier = /^discount_tiers\.(\d+)\.(above|percent)$/.exec(path);
    if (tier) return `${t('prices.tierLabel', { number: Number(tier[1]) + 1 })}, ${t(tier[2] === 'above' ? 'prices.tierAbove' : 'prices.tierPercent')}`;
    return labels[path] ?? path;
  };
  const summaryItems: SummaryItem[] = Object.entries(errors).map(([path, message]) => ({ id: fieldId(path), label: labelOf(path), message }));

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

  const previewSizes = parsed.success ? [...PREVIEW_SIZES.filter((n) => n <= parsed.data.max_employees), parsed.data.max_employees].filter((n, i, a) => a.indexOf(n) === i) : [];

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

      <fieldset className="admin-prices-group">
        <legend>{t('prices.discounts')}</legend>
        <p className="hint">{t('prices.discountsHint')}</p>
        {draft.tiers.length === 0 && <p>{t('prices.noTiers')}</p>}
        <ul className="admin-prices-tiers">
          {draft.tiers.map((tier, i) => (
            <li key={tier.key} className="admin-prices-tier" aria-label={t('prices.tierLabel', { number: i + 1 })}>
              <TextField
                id={fieldId(`discount_tiers.${i}.above`)}
                label={t('prices.tierAbove')}
                error={errors[`discount_tiers.${i}.above`]}
                value={tier.above}
                inputMode="numeric"
                autoComplete="off"
                onChange={(e) => setTier(tier.key, { above: e.target.value })}
              />
              <TextField
                id={fieldId(`discount_tiers.${i}.percent`)}
                label={t('prices.tierPercent')}
                error={errors[`discount_tiers.${i}.percent`]}
                value={tier.percent}
                inputMode="numeric"
                autoComplete="off"
                onChange={(e) => setTier(tier.key, { percent: e.target.value })}
              />
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => {
                  setDraft((d) => ({ ...d, tiers: d.tiers.filter((x) => x.key !== tier.key) }));
                  setErrors({});
                }}
              >
                {t('prices.removeTier', { number: i + 1 })}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-secondary btn-small" disabled={draft.tiers.length >= 10} onClick={() => set({ tiers: [...draft.tiers, { key: ++tierKey, above: '', percent: '' }] })}>
          {t('prices.addTier')}
        </button>
      </fieldset>

      <fieldset className="admin-prices-group">
        <legend>{t('prices.refunds')}</legend>
        <div className="admin-prices-fields">
          {number('refund_completion_percent', draft.completionPercent, (v) => set({ completionPercent: v }))}
          {number('refund_completion_threshold', draft.completionThreshold, (v) => set({ completionThreshold: v }))}
          {number('refund_returning_percent', draft.returningPercent, (v) => set({ returningPercent: v }))}
        </div>
      </fieldset>

      <section className="admin-prices-preview" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`}>{t('prices.preview')}</h2>
        {parsed.success ? (
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="prices-preview">
              <caption className="visually-hidden">{t('prices.previewCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('prices.employees')}</th>
                  <th scope="col">{t('prices.discount')}</th>
                  <th scope="col">{t('prices.total')}</th>
                </tr>
              </thead>
              <tbody>
                {previewSizes.map((n) => {
                  const quote = calculatePrice(n, parsed.data);
                  return (
                    <tr key={n}>
                      <th scope="row">{n}</th>
                      <td>{percent(quote.discount_percent)}</td>
                      <td>{formatEur(quote.total_cents)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="hint">{t('prices.previewInvalid')}</p>
        )}
      </section>

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

export default function PricesPage() {
  const { t } = useTranslation('admin');
  const prices = useResource((signal) => getPrices(signal), 'prices');
  return (
    <AdminPage title={t('prices.title')} lead={t('prices.lead')} wide={false}>
      {prices.status === 'error' && <ErrorState error={prices.error} onRetry={prices.reload} />}
      {prices.status === 'loading' && !prices.data && <LoadingState />}
      {prices.data && <PricesForm saved={prices.data} onSaved={prices.replace} />}
    </AdminPage>
  );
}
