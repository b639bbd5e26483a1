import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/constants';
import { formatCount, formatEur, formatPercent } from './format';
import { Page, PageLink, Section } from './page-parts';
import { useLocale } from '../../i18n/use-locale';

/**
 * The default price rules (product-decisions.md, "Prices"). The administrator can change them;
 * the working calculator, reading the configured prices, comes with its own issue.
 */
export const DEFAULT_PRICING = {
  pricePerEmployee: 8,
  minEmployees: LIMITS.minEmployeesForCalculator,
  maxEmployees: LIMITS.maxEmployees,
  discounts: [
    { above: 500, percent: 20 },
    { above: 1000, percent: 30 },
  ],
  refundCompletion: { above: 75, percent: 10 },
  refundReturning: { percent: 10 },
} as const;

const EXAMPLE_EMPLOYEES = 600;

export default function CalculatorPage() {
  const { t } = useTranslation('pages');
  const locale = useLocale();
  const p = DEFAULT_PRICING;
  const [tier1, tier2] = p.discounts;
  const pct = (n: number) => formatPercent(n, locale);
  const count = (n: number) => formatCount(n, locale);
  const gross = EXAMPLE_EMPLOYEES * p.pricePerEmployee;
  const net = gross * (1 - tier1.percent / 100);

  return (
    <Page title={t('calculator.title')} lead={t('calculator.lead')}>
      <p className="notice notice-info">{t('calculator.notice')}</p>

      <Section title={t('calculator.base.title')} id="calculator-base">
        <p className="public-price">
          {t('calculator.base.text', { price: formatEur(p.pricePerEmployee), min: count(p.minEmployees), max: count(p.maxEmployees) })}
        </p>
      </Section>

      <div className="public-columns">
        <Section title={t('calculator.discounts.title')} id="calculator-discounts">
          <ul className="public-list">
            <li>{t('calculator.discounts.tier1', { percent: pct(tier1.percent), employees: count(tier1.above) })}</li>
            <li>{t('calculator.discounts.tier2', { percent: pct(tier2.percent), employees: count(tier2.above) })}</li>
          </ul>
          <p>{t('calculator.discounts.note')}</p>
        </Section>
        <Section title={t('calculator.refunds.title')} id="calculator-refunds">
          <ul className="public-list">
            <li>
              {t('calculator.refunds.completion', {
                percent: pct(p.refundCompletion.percent),
                threshold: pct(p.refundCompletion.above),
              })}
            </li>
            <li>{t('calculator.refunds.returning', { percent: pct(p.refundReturning.percent) })}</li>
          </ul>
          <p>{t('calculator.refunds.note')}</p>
        </Section>
      </div>

      <Section title={t('calculator.example.title')} id="calculator-example">
        <p>
          {t('calculator.example.text', {
            employees: count(EXAMPLE_EMPLOYEES),
            price: formatEur(p.pricePerEmployee),
            gross: formatEur(gross),
            percent: pct(tier1.percent),
            net: formatEur(net),
          })}
        </p>
        <p className="public-muted">{t('calculator.disclaimer')}</p>
      </Section>

      <p className="public-actions">
        <PageLink to="contact" className="btn btn-primary">
          {t('calculator.contactLink')}
        </PageLink>
      </p>
    </Page>
  );
}
