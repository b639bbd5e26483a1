/** A text of an extra question in one language, marked (and described) when it is missing. */
export function LangText(props: { id: string; label: string; value: string; onChange: (v: string) => void; missing: boolean; missingText: string; multiline?: boolean; hint?: string }) {
  const { id, label, value, onChange, missing, missingText, multiline, hint } = props;
  const describedBy = [missing ? `${id}-missing` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} rows={2} value={value} maxLength={1000} aria-describedby={describedBy} aria-invalid={missing || undefined} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input id={id} type="text" value={value} maxLength={1000} aria-describedby={describedBy} aria-invalid={missing || undefined} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {missing && (
        <p id={`${id}-missing`} className="field-error">
          {missingText}
        </p>
      )}
    </div>
  );
}
