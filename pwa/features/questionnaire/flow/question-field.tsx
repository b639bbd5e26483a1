/**
 * One question of the flow's page, in its control: radio (a scale, a list or numbers, clearable where an answer may be
 * taken back), checkbox or text. The question's own words are in the question language (marked with lang); the
 * flow's words ('optional', 'No answer', the counter) in the page's.
 */
import type { TFunction } from 'i18next';
import type { QuestionLanguageCode } from '../../../../shared/locales';
import { CheckboxGroup, RadioGroup, TextAnswer } from './inputs';
import type { Question } from './questions';

interface QuestionFieldProps {
  q: Question;
  language: QuestionLanguageCode;
  t: TFunction;
  value: unknown;
  /** The mandatory message once Next showed it, else null. */
  error: string | null;
  onAnswer(value: unknown): void;
}

export function QuestionField({ q, language, t, value, error, onAnswer }: QuestionFieldProps) {
  const optional = q.required ? undefined : t('flow.optional');
  const hint = q.hint && <span lang={language}>{q.hint}</span>;
  if (q.kind === 'radio')
    return (
      <div className="q-block">
        <RadioGroup path={q.path} legend={<span lang={language}>{q.text}</span>} hint={hint} lang={language} error={error} optional={optional} options={q.options} layout={q.layout} ends={q.ends} value={value} onChange={onAnswer} />
        {q.clearable && value !== undefined && (
          <button type="button" className="btn-link q-clear" onClick={() => onAnswer(undefined)}>
            {t('flow.noAnswer')}
          </button>
        )}
      </div>
    );
  if (q.kind === 'checkbox')
    return <CheckboxGroup path={q.path} legend={<span lang={language}>{q.text}</span>} hint={hint} lang={language} error={error} optional={optional} options={q.options} value={value} onChange={(v) => onAnswer(v.length ? v : undefined)} />;
  return (
    <TextAnswer
      path={q.path}
      label={q.comment ? t('flow.comment') : <span lang={language}>{q.text}</span>}
      hint={hint}
      value={value}
      maxLength={q.maxLength}
      multiline={q.multiline}
      counter={(count, max) => t('flow.characters', { count, max })}
      error={error}
      optional={optional}
      onChange={onAnswer}
    />
  );
}
