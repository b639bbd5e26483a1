/**
 * The price calculator (/kalkulator, /en/calculator). Prices come from GET /api/prices (the
 * administrator edits them); the price itself is shared/pricing.ts calculatePrice(), the same code
 * the application's review step uses, and every amount is shown with formatEur (de-DE: 1.234,50 €).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  calculatePrice,
  eurToCents,
  formatEur,
  nextDiscountTier,
  priceInputProblem,
  type PriceErrorReason,
  type PriceQuote,
  type PriceSettings,
} from '../../../shared/pricing';
import { describedBy } from '../../components/ui/form';
import { useLocale } from '../../i18n/use-locale';
import { formatNumber, formatPercent } from '../../../shared/format';
import { Page, PageLink, Section } from './page-parts';
import { usePriceSettings } from './use-price-settings';
import './calculator.css';

const ERROR_KEYS: Record<PriceErrorReason, string> = {
  'not-whole': 'calculator.errors.notWhole',
  'below-one': 'calculator.errors.belowOne',
  'above-maximum': 'calculator.errors.aboveMaximum',
};

type Outcome = { kind: 'empty' } | { kind: 'error'; reason: PriceErrorReason } | { kind: 'quote'; quote: PriceQuote };

/** The typed text as a quote, a refusal or nothing yet. */
function evaluate(text: string, settings: PriceSettings): Outcome {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const employees = Number(trimmed);
  const problem = priceInputProblem(employees, settings);
  return problem ? { kind: 'error', reason: problem } : { kind: 'quote', quote: calculatePrice(employees, settings) };
}

function QuoteView({ quote, settings }: { quote: PriceQuote; settings: PriceSettings }) {
  const { t } = useTranslation('pages');
  const locale = useLocale();
  const pct = (n: number) => formatPercent(n, locale);
  const count = (n: number) => formatNumber(n, locale);
  const next = nextDiscountTier(quote.employees, settings);
  const minimumApplies = quote.billed_employees > quote.employees;
  const refundText = (kind: 'completion' | 'returning', percent: number, cents: number) =>
    kind === 'completion'
      ? t('calculator.refunds.completion', { percent: pct(percent), amount: formatEur(cents), threshold: pct(settings.refund_completion_threshold) })
      : t('calculator.refunds.returning', { percent: pct(percent), amount: formatEur(cents) });

  return (
    <>
      <dl className="calculator-lines">
        <div className="calculator-line">
          <dt>{t('calculator.result.perEmployee')}</dt>
          <dd data-testid="calculator-per-employee">{formatEur(quote.price_per_employee_cents)}</dd>
        </div>
        <div className="calculator-line">
          <dt>{t('calculator.result.billed')}</dt>
          <dd data-testid="calculator-billed">
            {count(quote.billed_employees)}
            {minimumApplies && <span className="calculator-note">{t('calculator.result.minimumApplies', { min: count(settings.min_employees) })}</span>}
          </dd>
        </div>
        <div className="calculator-line">
          <dt>{t('calculator.result.base')}</dt>
          <dd data-testid="calculator-base">{formatEur(quote.base_cents)}</dd>
        </div>
        <div className="calculator-line">
          <dt>{t('calculator.result.discount')}</dt>
          <dd data-testid="calculator-discount">
            {quote.discount_percent > 0
              ? t('calculator.result.discountValue', { percent: pct(quote.discount_percent), amount: formatEur(quote.discount_cents) })
              : t('calculator.result.noDiscount')}
            {next && (
              <span className="calculator-note">
                {t('calculator.result.nextTier', { percent: pct(next.percent), employees: count(next.from_employees) })}
              </span>
            )}
          </dd>
        </div>
        <div className="calculator-line calculator-total">
          <dt>{t('calculator.result.total')}</dt>
          <dd data-testid="calculator-total">{formatEur(quote.total_cents)}</dd>
        </div>
      </dl>

      {quote.refunds.length > 0 && (
        <div className="calculator-refunds">
          <h3>{t('calculator.refunds.title')}</h3>
          <ul className="public-list" data-testid="calculator-refunds">
            {quote.refunds.map((r) => (
              <li key={r.kind}>{refundText(r.kind, r.percent, r.cents)}</li>
            ))}
          </ul>
          {quote.refunds.length > 1 && <p>{t('calculator.refunds.max', { amount: formatEur(quote.max_refund_cents) })}</p>}
          <p className="public-muted">{t('calculator.refunds.note')}</p>
        </div>
      )}
    </>
  );
}

export default function CalculatorPage() {
  const { t } = useTranslation('pages');
  const locale = useLocale();
  const { settings, status } = usePriceSettings();
  const [text, setText] = useState('');
  const id = useId();
  const inputId = `${id}-employees`;
  const outcome = evaluate(text, settings);
  const pct = (n: number) => formatPercent(n, locale);
  const count = (n: number) => formatNumber(n, locale);
  const error = outcome.kind === 'error' ? t(ERROR_KEYS[outcome.reason], { max: count(settings.max_employees) }) : undefined;
  const hint = t('calculator.form.hint', { max: count(settings.max_employees), min: count(settings.min_employees) });
  const tiers = [...settings.discount_tiers].sort((a, b) => a.above - b.above);

  return (
    <Page title={t('calculator.title')} lead={t('calculator.lead')} className="calculator-page">
      <div className="calculator-panel">
        <form className="calculator-form" onSubmit={(e) => e.preventDefault()} noValidate>
          <div className="field">
            <label htmlFor={inputId}>{t('calculator.form.label')}</label>
            <input
              id={inputId}
              name="employees"
              type="number"
              inputMode="numeric"
              min={1}
              max={settings.max_employees}
              step={1}
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.target.value)}
              {...describedBy(inputId, error, hint)}
            />
            <p id={`${inputId}-hint`} className="hint">
              {hint}
            </p>
          </div>
        </form>

        <section className="calculator-result" aria-labelledby={`${id}-result`}>
          <h2 id={`${id}-result`}>{t('calculator.result.title')}</h2>
          <div role="status" aria-live="polite" data-testid="calculator-result">
            {outcome.kind === 'quote' && <QuoteView quote={outcome.quote} settings={settings} />}
            {outcome.kind === 'empty' && <p className="public-muted">{t('calculator.result.prompt')}</p>}
            {/* The input's error lives here (aria-describedby points at it), so it is announced too. */}
            {error && (
              <p id={`${inputId}-error`} className="field-error calculator-refused" data-testid="calculator-error">
                {error}
              </p>
            )}
          </div>
          {status === 'fallback' && <p className="public-muted calculator-offline">{t('calculator.offline')}</p>}
        </section>
      </div>

      <div className="public-columns">
        <Section title={t('calculator.rules.title')} id="calculator-rules">
          <p className="public-price">
            {t('calculator.rules.base', {
              price: formatEur(eurToCents(settings.price_per_employee_eur)),
              min: count(settings.min_employees),
              max: count(settings.max_employees),
            })}
          </p>
          {tiers.length > 0 && (
            <>
              <ul className="public-list">
                {tiers.map((tier) => (
                  <li key={tier.above}>{t('calculator.rules.tier', { percent: pct(tier.percent), employees: count(tier.above) })}</li>
                ))}
              </ul>
              <p>{t('calculator.rules.tierNote')}</p>
            </>
          )}
        </Section>
        <Section title={t('calculator.rules.refundsTitle')} id="calculator-refund-rules">
          <ul className="public-list">
            {settings.refund_completion_percent > 0 && (
              <li>
                {t('calculator.rules.completion', { percent: pct(settings.refund_completion_percent), threshold: pct(settings.refund_completion_threshold) })}
              </li>
            )}
            {settings.refund_returning_percent > 0 && <li>{t('calculator.rules.returning', { percent: pct(settings.refund_returning_percent) })}</li>}
          </ul>
          <p className="public-muted">{t('calculator.disclaimer')}</p>
        </Section>
      </div>

      <p className="public-actions">
        <PageLink to="contact" className="btn btn-primary">
          {t('calculator.contactLink')}
        </PageLink>
      </p>
    </Page>
  );
}
