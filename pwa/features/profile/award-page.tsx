/**
 * The company's Best Employer award (profile/award), one card per year it had an IZZ survey. Before a year is
 * published the company chooses how it appears (its name withheld, its ESI and eNPS figures shown or only the
 * ESI band) and saves; once published the choices are locked and the card shows the result: eligible or which
 * conditions failed, the place in the size class, the awards won with their certificate (PDF) and badge (SVG).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AWARD_MIN_EMPLOYEES, AWARD_SIZE_CLASS_BOUNDS, type AwardRule, type AwardSizeClass } from '../../../shared/award';
import { awardChoicesSchema, type AwardCompanyYear, type AwardWon } from '../../../shared/schemas/award';
import { CheckField, FormSummary } from '../../components/ui/form';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { ApiError } from '../../lib/api';
import { boundsText, esiBandExample, finishByDate, placeKey } from '../../lib/award';
import { formatDate } from '../../lib/dates';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
import { useResource } from '../../lib/use-resource';
import { useLocale } from '../../i18n/use-locale';
import { awardFileUrl, getAwardYears, saveAwardChoices } from './profile-api';
import './profile.css';

/** A size class with its bounds: "Small companies (20–50 employees)". */
function sizeClassText(t: TFunction, sizeClass: AwardSizeClass): string {
  const bounds = boundsText(AWARD_SIZE_CLASS_BOUNDS[sizeClass]);
  const range = bounds.open ? t('award.employeesFrom', bounds) : t('award.employeesRange', bounds);
  return t('award.classWithRange', { name: t(`award.classes.${sizeClass}`), range });
}

/** Why the survey did not take part, rule by rule (the company sees the rules, not the administrator's notes). */
function ruleText(t: TFunction, rule: AwardRule, year: number): string {
  switch (rule) {
    case 'izz':
      return t('award.rules.izz');
    case 'first_of_year':
      return t('award.rules.firstOfYear', { year });
    case 'min_employees':
      return t('award.rules.minEmployees', { count: AWARD_MIN_EMPLOYEES });
    case 'finished_by':
      return t('award.rules.finishedBy', { date: formatDate(finishByDate(year)) });
    case 'occupancy':
      return t('award.rules.occupancy');
  }
}

function awardName(t: TFunction, award: AwardWon, sizeClass: AwardSizeClass | null): string {
  if (award.kind !== 'class') return t(`award.categories.${award.kind}`);
  const place = t(`award.place.${placeKey(award.place)}`, { place: award.place });
  return sizeClass ? t('award.classPlace', { place, name: t(`award.classes.${sizeClass}`) }) : place;
}

function Result({ item }: { item: AwardCompanyYear }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const result = item.result;
  if (!result) return null;
  return (
    <div className="award-result" data-testid="award-result">
      <h3>{t('award.result.title')}</h3>
      {result.eligible ? (
        <p className="award-verdict award-verdict-ok">{t('award.result.eligible')}</p>
      ) : (
        <>
          <p className="award-verdict">{t('award.result.notEligible')}</p>
          <ul className="award-failed">
            {result.failed.map((rule) => (
              <li key={rule}>{ruleText(t, rule, item.year)}</li>
            ))}
            {result.excluded && <li>{t('award.result.excluded')}</li>}
          </ul>
        </>
      )}
      {result.eligible && result.size_class && (
        <dl className="award-facts">
          <div>
            <dt>{t('award.result.sizeClass')}</dt>
            <dd>{sizeClassText(t, result.size_class)}</dd>
          </div>
          {result.rank !== null && (
            <div>
              <dt>{t('award.result.rank')}</dt>
              <dd data-testid="award-rank">
                {result.class_count === null ? result.rank : t('award.result.rankOf', { rank: result.rank, total: result.class_count })}
              </dd>
            </div>
          )}
        </dl>
      )}
      {result.awards.length > 0 ? (
        <>
          <h3>{t('award.result.awards')}</h3>
          <ul className="award-won">
            {result.awards.map((award) => {
              const name = awardName(t, award, result.size_class);
              return (
                <li key={award.kind} className="award-won-item">
                  <span className="award-won-name">{name}</span>
                  <span className="download-list">
                    <a
                      className="btn btn-secondary btn-small"
                      href={awardFileUrl(item.year, 'certificate', award.kind, locale)}
                      download
                      aria-label={t('award.certificateOf', { award: name })}
                    >
                      {t('award.certificate')}
                    </a>
                    <a className="btn btn-secondary btn-small" href={awardFileUrl(item.year, 'badge', award.kind, locale)} download aria-label={t('award.badgeOf', { award: name })}>
                      {t('award.badge')}
                    </a>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        result.eligible && <p>{t('award.result.none')}</p>
      )}
    </div>
  );
}

function Choices({
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

function YearCard({ item, onSaved, onStale }: { item: AwardCompanyYear; onSaved: (item: AwardCompanyYear) => void; onStale: () => void }) {
  const { t } = useTranslation('account');
  const headingId = `award-${String(item.year)}`;
  const [stale, setStale] = useState<string | null>(null);
  return (
    <section className="card profile-section award-year" aria-labelledby={headingId} data-testid={`award-year-${String(item.year)}`}>
      <h2 id={headingId}>{t('award.yearTitle', { year: item.year })}</h2>
      <p className="hint">{t('award.survey', { name: item.survey_name })}</p>
      {stale && (
        <div className="notice notice-error" role="alert">
          <p>{stale}</p>
        </div>
      )}
      {item.published ? <Result item={item} /> : <p>{t('award.pending', { year: item.year })}</p>}
      {/* Published meanwhile (a reload after a 409): the form starts again from the stored choices, locked. */}
      <Choices
        key={String(item.published)}
        item={item}
        onSaved={onSaved}
        onStale={(message) => {
          setStale(message);
          onStale();
        }}
      />
    </section>
  );
}

export default function AwardPage() {
  const { t } = useTranslation('account');
  const years = useResource(getAwardYears, 'award');
  useDocumentTitle(t('award.title'));
  const items = years.data;

  return (
    <div className="page profile-page">
      <div className="container profile-container">
        <header className="page-header">
          <h1>{t('award.title')}</h1>
          <p className="lead">{t('award.lead')}</p>
        </header>
        {years.status === 'loading' && !items && (
          <p className="hint" role="status">
            {t('form.loading')}
          </p>
        )}
        {years.status === 'error' && (
          <div className="notice notice-error" role="alert">
            <p>{years.error instanceof Error ? years.error.message : String(years.error)}</p>
            <button type="button" className="btn btn-secondary btn-small" onClick={years.reload}>
              {t('form.retry')}
            </button>
          </div>
        )}
        {items && items.length === 0 && (
          <div className="empty-state" data-testid="award-empty">
            <h2>{t('award.empty.title')}</h2>
            <p>{t('award.empty.text')}</p>
            <p className="actions award-empty-actions">
              <LocalizedLink to="profileIzz" className="btn btn-primary">
                {t('award.empty.link')}
              </LocalizedLink>
              <LocalizedLink to="awardConditions" className="btn btn-secondary">
                {t('award.conditionsLink')}
              </LocalizedLink>
            </p>
          </div>
        )}
        {items && items.length > 0 && (
          <div className="stack-lg">
            {items.map((item) => (
              <YearCard
                key={item.year}
                item={item}
                onSaved={(next) => years.update((list) => list.map((y) => (y.year === next.year ? next : y)))}
                onStale={years.reload}
              />
            ))}
            <p>
              <LocalizedLink to="awardConditions">{t('award.conditionsLink')}</LocalizedLink>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
