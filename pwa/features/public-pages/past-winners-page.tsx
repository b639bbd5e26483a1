/**
 * The published winners of a year (/pretekli-nagrajenci/:slug, the slug is the year): per size class the places
 * (ties share one) with logo, name and ESI, then the special categories. A company that withdrew its name is
 * listed without name or logo; its ESI is a band (AWARD_ESI_BAND_WIDTH wide) unless it agreed to its figures.
 * A year that is not published (or never held, or not a year) is the site's not-found page with the published years
 * as the way on: the server answers it 404 with that page rendered (pages.routes.ts, useServerNotFound), and a year
 * opened in the app whose results answer 404 shows the same page.
 */
import { useParams } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AWARD_ESI_BAND_WIDTH, AWARD_SIZE_CLASS_BOUNDS, type AwardSizeClass, type AwardSpecialCategory } from '../../../shared/award';
import type { PublicAwardYear, PublicWinner } from '../../../shared/schemas/award';
import { NotFoundPage } from '../../components/error-pages';
import { useShell } from '../../session/shell-store';
import { LocalizedNavLink } from '../../components/ui/localized-link';
import { useLocale } from '../../i18n/use-locale';
import { ApiError, getData } from '../../lib/api';
import { boundsText, placeKey } from '../../lib/award';
import { formatDate } from '../../lib/dates';
import { numberFormat, type NumberFormat } from '../../lib/number-format';
import { useServerNotFound } from '../../lib/ssr-data';
import { useResource } from '../../lib/use-resource';
import { LoadFailedNotice, Page, PageLink, Section } from './page-parts';

const YEAR = /^\d{4}$/;

function loadYear(year: string | null, signal: AbortSignal): Promise<PublicAwardYear | null> {
  return year === null ? Promise.resolve(null) : getData<PublicAwardYear>(`/api/leaderboards/${year}`, { signal });
}

/** The published years as links; the one shown is marked as the current page. */
function YearLinks() {
  const { t } = useTranslation('pages');
  const { availableYears } = useShell();
  if (availableYears.length === 0) return null;
  return (
    <nav className="award-years" aria-label={t('pastWinners.years')}>
      <ul className="award-year-links">
        {availableYears.map((year) => (
          <li key={year}>
            <LocalizedNavLink className="btn btn-secondary btn-small" to="pastWinners" params={{ slug: String(year) }}>
              {String(year)}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The first letter of a name, for a winner without a logo. */
function initial(name: string): string {
  return (Array.from(name.trim())[0] ?? '').toLocaleUpperCase();
}

/** The ESI as the company allowed it: its figures, or the band. */
function esiText(winner: PublicWinner, f: NumberFormat, t: TFunction): string {
  if (winner.esi === null) return t('pastWinners.esiBand', { from: f.num(winner.esi_band.from), to: f.num(winner.esi_band.to) });
  const parts = [t('pastWinners.esi', { value: f.num(winner.esi, 1) })];
  if (winner.enps !== null) parts.push(t('pastWinners.enps', { value: f.signed(winner.enps, 1) }));
  return parts.join(' · ');
}

/** A special category's own figure, when the company agreed to figures. */
function specialValue(category: AwardSpecialCategory, value: number, f: NumberFormat): string {
  if (category === 'highest_occupancy') return f.pct(value);
  return f.signed(value, 1);
}

function Winner({ winner, figure }: { winner: PublicWinner; figure: string }) {
  const { t } = useTranslation('pages');
  const name = winner.company_name;
  return (
    <li className="award-winner" data-testid="winner">
      <span className={`award-place award-place-${Math.min(winner.place, 4)}`}>
        <span aria-hidden="true">{winner.place}</span>
        <span className="visually-hidden">{t(`pastWinners.place.${placeKey(winner.place)}`, { place: winner.place })}</span>
      </span>
      {name && winner.logo_asset_id ? (
        <img
          className="award-logo"
          src={`/api/assets/${encodeURIComponent(winner.logo_asset_id)}`}
          alt={name}
          loading="lazy"
          width={winner.logo_width ?? undefined}
          height={winner.logo_height ?? undefined}
        />
      ) : (
        <span className={`award-logo award-logo-placeholder${name ? '' : ' award-logo-anonymous'}`} aria-hidden="true">
          {name ? initial(name) : ''}
        </span>
      )}
      <span className="award-winner-text">
        <span className={`award-winner-name${name ? '' : ' award-winner-anonymous'}`}>{name ?? t('pastWinners.anonymous')}</span>
        <span className="award-winner-figure">{figure}</span>
      </span>
    </li>
  );
}

function ClassSection({ sizeClass, eligible, winners }: { sizeClass: AwardSizeClass; eligible: number; winners: PublicWinner[] }) {
  const { t } = useTranslation('pages');
  const f = numberFormat(useLocale());
  const bounds = boundsText(AWARD_SIZE_CLASS_BOUNDS[sizeClass]);
  const id = `winners-${sizeClass}`;
  return (
    <section className="card award-class" aria-labelledby={id}>
      <h2 id={id}>{t(`pastWinners.classes.${sizeClass}`)}</h2>
      <p className="public-muted award-class-meta">
        {bounds.open ? t('pastWinners.rangeOpen', bounds) : t('pastWinners.range', bounds)}
        {' · '}
        {t('pastWinners.classEligible', { count: eligible })}
      </p>
      {winners.length > 0 ? (
        <ol className="award-winners">
          {winners.map((w, i) => (
            <Winner key={i} winner={w} figure={esiText(w, f, t)} />
          ))}
        </ol>
      ) : (
        <p>{t('pastWinners.noWinners')}</p>
      )}
    </section>
  );
}

function SpecialSection({ category, winners }: { category: AwardSpecialCategory; winners: PublicWinner[] }) {
  const { t } = useTranslation('pages');
  const f = numberFormat(useLocale());
  const id = `winners-${category}`;
  return (
    <section className="card award-class" aria-labelledby={id}>
      <h3 id={id}>{t(`pastWinners.special.categories.${category}`)}</h3>
      {winners.length > 0 ? (
        <ol className="award-winners">
          {winners.map((w, i) => (
            <Winner
              key={i}
              winner={w}
              figure={w.value === null ? esiText(w, f, t) : t(`pastWinners.special.values.${category}`, { value: specialValue(category, w.value, f) })}
            />
          ))}
        </ol>
      ) : (
        <p>{t('pastWinners.special.none')}</p>
      )}
    </section>
  );
}

function Results({ data }: { data: PublicAwardYear }) {
  const { t } = useTranslation('pages');
  return (
    <>
      <p className="public-muted award-published">
        {t('pastWinners.published', { date: formatDate(data.published_at) })} {t('pastWinners.eligible', { count: data.eligible })}
      </p>
      <div className="award-classes">
        {data.classes.map((c) => (
          <ClassSection key={c.size_class} sizeClass={c.size_class} eligible={c.eligible} winners={c.winners} />
        ))}
      </div>
      <Section title={t('pastWinners.special.title')} id="winners-special">
        <p>{t('pastWinners.special.text')}</p>
        <div className="award-classes">
          {data.special.map((s) => (
            <SpecialSection key={s.category} category={s.category} winners={s.winners} />
          ))}
        </div>
      </Section>
      <p className="public-muted">{t('pastWinners.figuresNote', { width: AWARD_ESI_BAND_WIDTH })}</p>
      <p className="public-actions">
        <PageLink to="awardConditions" className="btn btn-secondary">
          {t('pastWinners.conditionsLink')}
        </PageLink>
      </p>
    </>
  );
}

export default function PastWinnersPage() {
  const { t } = useTranslation('pages');
  const { slug = '' } = useParams();
  // The server already knows this year has no published results: nothing to load.
  const serverNotFound = useServerNotFound();
  const year = YEAR.test(slug) && !serverNotFound ? slug : null;
  const result = useResource((signal) => loadYear(year, signal), `${slug}:${String(serverNotFound)}`);
  const notFound = result.status === 'error' && result.error instanceof ApiError && result.error.status === 404;
  // While another year loads, the last one's winners are not shown under the new year's title.
  const data = result.data && String(result.data.year) === year ? result.data : null;

  if (year === null || notFound) {
    return (
      <NotFoundPage>
        <YearLinks />
      </NotFoundPage>
    );
  }

  return (
    <Page title={t('pastWinners.titleWithYear', { year })} lead={t('pastWinners.lead', { year })} className="past-winners-page">
      <YearLinks />
      {result.status === 'error' && <LoadFailedNotice error={result.error} failedText={t('pastWinners.loadFailed')} retryText={t('pastWinners.retry')} onRetry={result.reload} />}
      {result.status === 'loading' && !data && (
        <p className="public-muted" role="status">
          {t('pastWinners.loading')}
        </p>
      )}
      {data && <Results data={data} />}
    </Page>
  );
}
