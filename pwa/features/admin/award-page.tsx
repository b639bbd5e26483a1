/**
 * The Best Employer award cycle (admin/award): a year from the list (?year= in the URL, the newest by default),
 * its status and counts, the ranking of each size class, the special categories' winners and the surveys that
 * are not eligible with every failed rule in words. While the year is open the administrator excludes a survey
 * (with a written reason) or includes it again, and publishes; a published year can be unpublished.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AWARD_SIZE_CLASSES, AWARD_SIZE_CLASS_BOUNDS, AWARD_SPECIAL_CATEGORIES, type AwardSizeClass } from '../../../shared/award';
import { AWARD_EXCLUSION_REASON_MAX, awardExclusionSchema, type AwardEntry } from '../../../shared/schemas/award';
import { Modal } from '../../components/ui/modal';
import { useLocale } from '../../i18n/use-locale';
import { ApiError } from '../../lib/api';
import { numberFormat, type NumberFormat } from '../../lib/number-format';
import { useResource } from '../../lib/use-resource';
import { ActionNotice, AdminPage, Badge, ConfirmDialog, EmptyState, ErrorState, LoadingState, useErrorText, type Notice } from './admin-parts';
import {
  excludeFromAward,
  getAwardYear,
  includeInAward,
  listAwardYears,
  publishAwardYear,
  unpublishAwardYear,
  type AwardYearAdmin,
  type AwardYearListItem,
} from './award-api';
import { awardName, employeesText, notEligibleReasons, occupancyText, specialFigure } from './award-format';
import { formatDate, formatDateTime } from './format';
import './award-page.css';

/** The fewest characters of an exclusion's reason, as the shared schema checks it. */
const REASON_MIN = awardExclusionSchema.shape.reason.minLength ?? 1;

const byRank = (a: AwardEntry, b: AwardEntry) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.company_name.localeCompare(b.company_name);

/** The company cell: its name and the markers the administrator must see (name withheld, excluded). */
function CompanyCell({ entry }: { entry: AwardEntry }) {
  const { t } = useTranslation('admin');
  return (
    <th scope="row" className="award-company">
      <span className="award-company-name">{entry.company_name}</span>
      {entry.withdrawn_name && (
        <span className="award-markers">
          <Badge tone="neutral">{t('award.withdrawnName')}</Badge>
        </span>
      )}
      {entry.excluded && <span className="award-excluded">{t('award.excludedMarker', { reason: entry.excluded.reason })}</span>}
    </th>
  );
}

/** A table that scrolls sideways inside its own frame on narrow screens (keyboard users can focus it to scroll). */
function ScrollTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="admin-table-wrap award-table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}

function ClassTable({
  sizeClass,
  entries,
  open,
  f,
  busy,
  onExclude,
}: {
  sizeClass: AwardSizeClass;
  entries: AwardEntry[];
  open: boolean;
  f: NumberFormat;
  busy: boolean;
  onExclude: (entry: AwardEntry) => void;
}) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const name = t(`award.classes.${sizeClass}`);
  const range = employeesText(t, AWARD_SIZE_CLASS_BOUNDS[sizeClass]);
  return (
    // Not a landmark itself: its table frame is the region named by the heading.
    <section className="award-section" data-testid={`award-class-${sizeClass}`}>
      <h2 id={headingId}>
        {name} <span className="award-heading-range">({range})</span>
      </h2>
      {entries.length === 0 ? (
        <EmptyState>{t('award.classEmpty')}</EmptyState>
      ) : (
        <ScrollTable labelledBy={headingId}>
          <table className="admin-table award-table">
            <caption className="visually-hidden">{t('award.classCaption', { name, range })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('award.columns.rank')}</th>
                <th scope="col">{t('award.columns.company')}</th>
                <th scope="col">{t('award.columns.survey')}</th>
                <th scope="col" className="award-num">{t('award.columns.employees')}</th>
                <th scope="col" className="award-num">{t('award.columns.responses')}</th>
                <th scope="col" className="award-num">{t('award.columns.occupancy')}</th>
                <th scope="col" className="award-num">{t('award.columns.esi')}</th>
                <th scope="col" className="award-num">{t('award.columns.enps')}</th>
                <th scope="col">{t('award.columns.awards')}</th>
                {open && (
                  <th scope="col">
                    <span className="visually-hidden">{t('common.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.survey_id}>
                  <td className="award-num award-rank">{e.rank ?? t('common.none')}</td>
                  <CompanyCell entry={e} />
                  <td>{e.survey_name}</td>
                  <td className="award-num">{f.num(e.employees)}</td>
                  <td className="award-num">{f.num(e.responses)}</td>
                  <td className="award-num">{occupancyText(f, e)}</td>
                  <td className="award-num">{f.num(e.esi, 1)}</td>
                  <td className="award-num">{f.signed(e.enps, 1)}</td>
                  <td>
                    {e.awards.length > 0 ? (
                      <span className="badges">
                        {e.awards.map((a) => (
                          <Badge key={a.kind} tone="ok">
                            {awardName(t, a)}
                          </Badge>
                        ))}
                      </span>
                    ) : (
                      t('common.none')
                    )}
                  </td>
                  {open && (
                    <td className="admin-cell-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-small btn-danger-outline"
                        disabled={busy}
                        aria-label={t('award.excludeOf', { company: e.company_name })}
                        onClick={() => onExclude(e)}
                      >
                        {t('award.exclude')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

function NotEligibleTable({
  data,
  entries,
  f,
  busy,
  onInclude,
}: {
  data: AwardYearAdmin;
  entries: AwardEntry[];
  f: NumberFormat;
  busy: boolean;
  onInclude: (entry: AwardEntry) => void;
}) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const open = data.status === 'open';
  return (
    <section className="award-section" data-testid="award-not-eligible">
      <h2 id={headingId}>{t('award.notEligible.title')}</h2>
      {entries.length === 0 ? (
        <EmptyState>{t('award.notEligible.empty')}</EmptyState>
      ) : (
        <ScrollTable labelledBy={headingId}>
          <table className="admin-table award-table">
            <caption className="visually-hidden">{t('award.notEligible.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('award.columns.company')}</th>
                <th scope="col">{t('award.columns.survey')}</th>
                <th scope="col" className="award-num">{t('award.columns.employees')}</th>
                <th scope="col" className="award-num">{t('award.columns.responses')}</th>
                <th scope="col" className="award-num">{t('award.columns.occupancy')}</th>
                <th scope="col">{t('award.columns.finished')}</th>
                <th scope="col">{t('award.columns.reasons')}</th>
                {open && (
                  <th scope="col">
                    <span className="visually-hidden">{t('common.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const reasons = notEligibleReasons(e, { year: data.year, entries: data.entries, t, f });
                return (
                  <tr key={e.survey_id}>
                    <CompanyCell entry={e} />
                    <td>{e.survey_name}</td>
                    <td className="award-num">{f.num(e.employees)}</td>
                    <td className="award-num">{f.num(e.responses)}</td>
                    <td className="award-num">{occupancyText(f, e)}</td>
                    <td className="admin-cell-nowrap">{formatDate(e.finished_at)}</td>
                    <td className="award-reasons">
                      {reasons.length > 0 && (
                        <ul>
                          {reasons.map((text) => (
                            <li key={text}>{text}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                    {open && (
                      <td className="admin-cell-actions">
                        {e.excluded && (
                          <button
                            type="button"
                            className="btn btn-secondary btn-small"
                            disabled={busy}
                            aria-label={t('award.includeOf', { company: e.company_name })}
                            onClick={() => onInclude(e)}
                          >
                            {t('award.include')}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

function SpecialWinners({ data, f }: { data: AwardYearAdmin; f: NumberFormat }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <section className="award-section" aria-labelledby={headingId} data-testid="award-special">
      <h2 id={headingId}>{t('award.special.title')}</h2>
      <ul className="award-special-list">
        {AWARD_SPECIAL_CATEGORIES.map((category) => {
          const winners = data.entries.filter((e) => e.awards.some((a) => a.kind === category));
          return (
            <li key={category} className="card">
              <h3>{t(`award.special.categories.${category}`)}</h3>
              {winners.length === 0 ? (
                <p className="hint">{t('award.special.none')}</p>
              ) : (
                <ul className="award-special-winners">
                  {winners.map((e) => (
                    <li key={e.survey_id}>
                      <strong>{e.company_name}</strong> <span className="hint">{specialFigure(t, f, category, e)}</span>
                      {e.withdrawn_name && (
                        <>
                          {' '}
                          <Badge tone="neutral">{t('award.withdrawnName')}</Badge>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ExcludeDialog({
  entry,
  year,
  onExclude,
  onClose,
}: {
  entry: AwardEntry | null;
  year: number;
  onExclude: (entry: AwardEntry, reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const close = () => {
    if (busy) return;
    setReason('');
    setError(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = awardExclusionSchema.safeParse({ reason });
    if (!parsed.success || !entry) {
      setError(true);
      return;
    }
    setBusy(true);
    onExclude(entry, parsed.data.reason).finally(() => {
      setBusy(false);
      setReason('');
    });
  };
  return (
    <Modal
      open={entry !== null}
      title={t('award.excludeDialog.title', { company: entry?.company_name ?? '', year })}
      onClose={close}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} noValidate>
        <p>{t('award.excludeDialog.text')}</p>
        <div className="field">
          <label htmlFor={fieldId}>{t('award.excludeDialog.reason')}</label>
          <textarea
            id={fieldId}
            rows={4}
            maxLength={AWARD_EXCLUSION_REASON_MAX}
            required
            value={reason}
            aria-invalid={error || undefined}
            aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim().length >= REASON_MIN) setError(false);
            }}
          />
          <p id={`${fieldId}-hint`} className="hint">
            {t('award.excludeDialog.reasonHint', { count: REASON_MIN })}
          </p>
          {error && (
            <p id={`${fieldId}-error`} className="field-error" role="alert">
              {t('award.excludeDialog.reasonRequired', { count: REASON_MIN })}
            </p>
          )}
        </div>
        <div className="actions admin-dialog-actions">
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {t('award.excludeDialog.submit')}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={close}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function Summary({ data, onPublish, onUnpublish }: { data: AwardYearAdmin; onPublish: () => void; onUnpublish: () => void }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const eligible = data.entries.filter((e) => e.eligible).length;
  const excluded = data.entries.filter((e) => e.excluded).length;
  const published = data.status === 'published';
  return (
    <section className="card award-summary" aria-labelledby={headingId} data-testid="award-summary">
      <h2 id={headingId}>{t('award.summaryTitle', { year: data.year })}</h2>
      <dl className="award-facts">
        <div>
          <dt>{t('award.statusLabel')}</dt>
          <dd>
            <Badge tone={published ? 'ok' : 'warn'}>{t(`award.status.${data.status}`)}</Badge>
            {published && data.published_at && <span className="award-published-on"> {t('award.publishedOn', { date: formatDate(data.published_at) })}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('award.computedAt')}</dt>
          <dd>{formatDateTime(data.computed_at)}</dd>
        </div>
        <div>
          <dt>{t('award.surveys')}</dt>
          <dd data-testid="award-count-surveys">{data.entries.length}</dd>
        </div>
        <div>
          <dt>{t('award.eligible')}</dt>
          <dd data-testid="award-count-eligible">{eligible}</dd>
        </div>
        <div>
          <dt>{t('award.notEligibleCount')}</dt>
          <dd>{data.entries.length - eligible}</dd>
        </div>
        <div>
          <dt>{t('award.excluded')}</dt>
          <dd>{excluded}</dd>
        </div>
      </dl>
      <p className="hint">{t(published ? 'award.publishedNote' : 'award.previewNote')}</p>
      <div className="actions">
        {published ? (
          <button type="button" className="btn btn-secondary btn-danger-outline" onClick={onUnpublish}>
            {t('award.unpublish')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onPublish}>
            {t('award.publish')}
          </button>
        )}
      </div>
    </section>
  );
}

function YearView({
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
      <Summary data={data} onPublish={() => setConfirm('publish')} onUnpublish={() => setConfirm('unpublish')} />
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

/** The year shown: ?year= when it is in the list, else the newest. */
function pickYear(years: AwardYearListItem[], param: string | null): number | null {
  const wanted = param && /^\d{4}$/.test(param) ? Number(param) : null;
  return years.find((y) => y.year === wanted)?.year ?? years[0]?.year ?? null;
}

export default function AwardPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const yearId = useId();
  const list = useResource(listAwardYears, 'years');
  const years = list.data;
  const year = years ? pickYear(years, params.get('year')) : null;
  const view = useResource((signal) => (year === null ? Promise.resolve(null) : getAwardYear(year, signal)), String(year ?? ''));
  const [notice, setNotice] = useState<Notice>(null);
  const data = view.data && view.data.year === year ? view.data : null;

  const changed = (next: AwardYearAdmin) => {
    view.replace(next);
    const eligible = next.entries.filter((e) => e.eligible).length;
    list.update((items) => items.map((y) => (y.year === next.year ? { ...y, status: next.status, published_at: next.published_at, eligible } : y)));
  };

  return (
    <AdminPage title={t('award.title')} lead={t('award.lead')}>
      {list.status === 'error' && <ErrorState error={list.error} onRetry={list.reload} />}
      {list.status === 'loading' && !years && <LoadingState />}
      {years && years.length === 0 && <EmptyState>{t('award.empty')}</EmptyState>}
      {years && years.length > 0 && year !== null && (
        <div className="admin-filters">
          <div className="field admin-filter-status">
            <label htmlFor={yearId}>{t('award.year')}</label>
            <select
              id={yearId}
              value={year}
              onChange={(e) => {
                setNotice(null);
                const next = new URLSearchParams(params);
                next.set('year', e.target.value);
                setParams(next);
              }}
            >
              {years.map((y) => (
                <option key={y.year} value={y.year}>
                  {t(`award.yearOption.${y.status}`, { year: y.year })}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <ActionNotice notice={notice} />
      {view.status === 'error' && <ErrorState error={view.error} onRetry={view.reload} />}
      {year !== null && view.status === 'loading' && !data && <LoadingState />}
      {data && (
        <YearView
          data={data}
          onChange={changed}
          onStale={() => {
            view.reload();
            list.reload();
          }}
          setNotice={setNotice}
        />
      )}
    </AdminPage>
  );
}
