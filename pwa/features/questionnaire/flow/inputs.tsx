// The answer controls of the question flow. Every group is a real <fieldset>/<legend> of native
// radio buttons or checkboxes (arrow keys move within a radio group), each option a large touch
// target (at least 44 px). A missing mandatory answer shows its message inside the group, and the
// group's inputs point at it with aria-describedby.
import type { ReactNode } from 'react';

export const questionDomId = (path: string) => `q-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export interface Option {
  value: string | number;
  label: string;
  /** A short label shown instead of `label` (the full one stays for screen readers). */
  short?: string;
}

interface GroupProps {
  /** The answer path, e.g. 'statements.JC01'; also the DOM id base. */
  path: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  optional?: string;
  children: ReactNode;
  className?: string;
}

/** The hint and the error under a question's label; their ids are the ones describedBy() names. */
function HintAndError({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null | undefined }) {
  return (
    <>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error q-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

export function QuestionGroup({ path, legend, hint, error, optional, children, className }: GroupProps) {
  const id = questionDomId(path);
  return (
    <fieldset id={id} className={`q-item${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`} data-path={path}>
      <legend className="q-legend">
        {legend}
        {optional && <span className="q-optional"> ({optional})</span>}
      </legend>
      <HintAndError id={id} hint={hint} error={error} />
      {children}
    </fieldset>
  );
}

function describedBy(path: string, error?: string | null, hint?: ReactNode): string | undefined {
  const id = questionDomId(path);
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

interface RadioProps extends Omit<GroupProps, 'children'> {
  options: readonly Option[];
  value: unknown;
  onChange(value: string | number): void;
  /** 'scale': options side by side (1-4, 1-5, 0-10); 'list': one per line. */
  layout?: 'scale' | 'list' | 'numbers';
  /** Labels under the two ends of a numeric scale. */
  ends?: { min: string; max: string };
  /** The language of the answers' labels (the question language) when it may differ from the page's. */
  lang?: string;
}

export function RadioGroup({ options, value, onChange, layout = 'list', ends, lang, ...group }: RadioProps) {
  const name = questionDomId(group.path);
  const describe = describedBy(group.path, group.error, group.hint);
  return (
    <QuestionGroup {...group}>
      <div className={`q-options q-options-${layout}`} data-count={options.length} lang={lang}>
        {options.map((o) => (
          <label key={String(o.value)} className="q-option">
            <input
              type="radio"
              name={name}
              value={String(o.value)}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              aria-describedby={describe}
              aria-invalid={group.error ? true : undefined}
              {...(o.short ? { 'aria-label': o.label } : {})}
            />
            {layout === 'scale' && (
              <span className="q-option-value" aria-hidden="true">
                {String(o.value)}
              </span>
            )}
            <span className="q-option-text">{o.short ?? o.label}</span>
          </label>
        ))}
      </div>
      {ends && (
        <div className="q-ends" aria-hidden="true" lang={lang}>
          <span>{ends.min}</span>
          <span>{ends.max}</span>
        </div>
      )}
    </QuestionGroup>
  );
}

interface CheckboxProps extends Omit<GroupProps, 'children'> {
  options: readonly Option[];
  value: unknown;
  onChange(value: number[]): void;
  /** The language of the answers' labels (the question language). */
  lang?: string;
}

export function CheckboxGroup({ options, value, onChange, lang, ...group }: CheckboxProps) {
  const selected = Array.isArray(value) ? value.map(Number) : [];
  const describe = describedBy(group.path, group.error, group.hint);
  return (
    <QuestionGroup {...group}>
      <div className="q-options q-options-list" lang={lang}>
        {options.map((o) => {
          const v = Number(o.value);
          return (
            <label key={v} className="q-option">
              <input
                type="checkbox"
                checked={selected.includes(v)}
                onChange={(e) => onChange(e.target.checked ? [...selected, v].sort((a, b) => a - b) : selected.filter((s) => s !== v))}
                aria-describedby={describe}
              />
              <span className="q-option-text">{o.label}</span>
            </label>
          );
        })}
      </div>
    </QuestionGroup>
  );
}

interface TextProps {
  path: string;
  label: ReactNode;
  hint?: ReactNode;
  value: unknown;
  maxLength: number;
  multiline: boolean;
  counter: (count: number, max: number) => string;
  error?: string | null;
  optional?: string;
  onChange(value: string | undefined): void;
}

/** A free-text answer with a live character counter; an emptied answer is removed. */
export function TextAnswer({ path, label, hint, value, maxLength, multiline, counter, error, optional, onChange }: TextProps) {
  const id = questionDomId(path);
  const text = typeof value === 'string' ? value : '';
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', `${id}-count`].filter(Boolean).join(' ');
  const common = {
    id: `${id}-input`,
    value: text,
    maxLength,
    'aria-describedby': ids,
    'aria-invalid': error ? true : undefined,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value === '' ? undefined : e.target.value),
  } as const;
  return (
    <div className={`field q-item q-text${error ? ' has-error' : ''}`} id={id} data-path={path}>
      <label htmlFor={`${id}-input`} className="q-legend">
        {label}
        {optional && <span className="q-optional"> ({optional})</span>}
      </label>
      <HintAndError id={id} hint={hint} error={error} />
      {multiline ? <textarea rows={5} {...common} /> : <input type="text" {...common} />}
      <p className="hint q-count" id={`${id}-count`}>
        {counter(text.length, maxLength)}
      </p>
    </div>
  );
}
