/** The small blocks every section of the web report is built from: a section card, a scrolling table region, a hidden-value mark. */
import { HIDDEN_MARK } from './charts';

export function Hidden({ label }: { label: string }) {
  return (
    <span className="hidden-mark" title={label}>
      <span aria-hidden="true">{HIDDEN_MARK}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="card report-section" id={id} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {children}
    </section>
  );
}

export function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // A wide table scrolls on its own on a phone; focusable so the keyboard can scroll it.
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
