/** The building blocks of the application's read-only view: a titled card, label–value rows, a language's name. */
import type { ReactNode } from 'react';
import { UI_LOCALE_NAMES, type UiLocale } from '../../../../shared/locales';

/** A language's name in the administrator's UI language, else its code. */
export const languageName = (code: string) => UI_LOCALE_NAMES[code as UiLocale] ?? code.toUpperCase();

/** Label–value rows; a row without a value is left out. */
export function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="admin-dl">
      {rows
        .filter(([, value]) => value !== '' && value !== null && value !== undefined)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export function Section({ id, title, wide = false, children }: { id: string; title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={`card${wide ? ' admin-wide-card' : ''}`} aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
