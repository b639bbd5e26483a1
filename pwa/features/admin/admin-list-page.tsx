/**
 * The one frame of every administration list (companies, applications, outbox, testimonials, audit log, blogs): the
 * page's title and lead, its filters (kept in the URL with useListParams), the loading / error / empty states, the
 * list itself and, for a paged list, the pagination. A list page declares only its filters, its query and its rows.
 */
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Paged } from './admin-api';
import { AdminPage, EmptyState, ErrorState, LoadingState, Pagination } from './admin-parts';
import { parsePage } from './format';

/** What a list page loads (a useResource result): one page of a paged list, or the whole list. */
export interface ListResource<T> {
  status: 'loading' | 'ready' | 'error';
  data: Paged<T> | readonly T[] | null;
  error: unknown;
  reload: () => void;
}

function isPaged<T>(data: Paged<T> | readonly T[]): data is Paged<T> {
  return !Array.isArray(data);
}

export function AdminListPage<T>({
  title,
  lead,
  filters,
  above,
  list,
  empty,
  onPage,
  children,
  after,
}: {
  title: string;
  lead?: string;
  /** The filters (AdminFilters), above everything else. */
  filters?: ReactNode;
  /** Between the filters and the list: a link, the notice of an action. */
  above?: ReactNode;
  list: ListResource<T>;
  /** The text when the list is empty. */
  empty: ReactNode;
  /** A paged list's page change (useListParams().setPage). */
  onPage?: (page: number) => void;
  /** The list itself (AdminTable or the page's own markup); `busy` while a newer answer loads. */
  children: (items: readonly T[], busy: boolean) => ReactNode;
  /** After the list: its dialogs. */
  after?: ReactNode;
}) {
  const data = list.data;
  const items = data === null ? null : isPaged(data) ? data.items : data;
  const paged = data !== null && isPaged(data) ? data : null;
  return (
    <AdminPage title={title} lead={lead}>
      {filters}
      {above}
      {list.status === 'error' && <ErrorState error={list.error} onRetry={list.reload} />}
      {list.status === 'loading' && !data && <LoadingState />}
      {items && items.length === 0 && list.status !== 'loading' && <EmptyState>{empty}</EmptyState>}
      {items && items.length > 0 && children(items, list.status === 'loading')}
      {paged && paged.total > 0 && onPage && <Pagination page={paged.page} pageSize={paged.page_size} total={paged.total} onPage={onPage} />}
      {after}
    </AdminPage>
  );
}

/** A list's table: a frame that shows busy while reloading, a hidden caption, the column headers and the rows. */
export function AdminTable({
  testId,
  caption,
  columns,
  busy,
  children,
}: {
  testId: string;
  caption: ReactNode;
  columns: ReactNode[];
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap" aria-busy={busy || undefined}>
      <table className="admin-table admin-table-cards" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The filters' form; `search` makes it the page's search landmark, `onSubmit` runs on Enter. */
export function AdminFilters({ search = false, onSubmit, children }: { search?: boolean; onSubmit?: () => void; children: ReactNode }) {
  return (
    <form
      className="admin-filters"
      role={search ? 'search' : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit?.();
      }}
    >
      {children}
    </form>
  );
}

/** A labelled choice of one filter value; `allLabel` adds a first option "all" with the value ''. */
export function SelectFilter<V extends string | number>({
  label,
  value,
  options,
  optionLabel,
  allLabel,
  onChange,
}: {
  label: string;
  value: V | '';
  options: readonly V[];
  optionLabel: (option: V) => string;
  allLabel?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field admin-filter-status">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `value` when it is one of `values`, else `fallback`. */
export function oneOf<V extends string, F extends V | ''>(values: readonly V[], value: string | null, fallback: F): V | F {
  return (values as readonly string[]).includes(value ?? '') ? (value as V) : fallback;
}

/**
 * A list's filters and page in the URL. `update` sets some (a value that is empty or the filter's default leaves the
 * URL, so does page 1) and goes back to the first page unless it sets the page; `replace` replaces the history entry.
 */
export function useListParams(defaults: Record<string, string> = {}) {
  const [params, setParams] = useSearchParams();
  const update = (patch: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '' || value === defaults[key] || (key === 'page' && value === '1')) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace });
  };
  return {
    params,
    page: parsePage(params.get('page')),
    update,
    setPage: (page: number) => update({ page: String(page) }),
  };
}
