/**
 * The comparative report's settings: the variant (radio buttons with their hints), the question group for
 * 'groups' (this survey's groups) and 'group-years' (the groups released in at least two surveys), and the report
 * language (any of the eight, as in the basic report; the options' default selected first). 'years' is disabled, and
 * says why, while the company has fewer than two finished surveys.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../shared/locales';
import { COMPARATIVE_VARIANTS, type ComparativeVariant } from '../../../shared/schemas/comparison';
import { dimensionName } from '../../../shared/schemas/report';
import type { ComparativeOptions, ComparativeSettingsState } from './report-api';

/** The question groups one may pick for a variant ('years' has none). */
export function groupChoices(options: ComparativeOptions, variant: ComparativeVariant): string[] {
  if (variant === 'groups') return options.groups;
  if (variant === 'group-years') return options.groups_over_years.map((g) => g.question);
  return [];
}

/** 'years' needs two finished surveys of the company. */
export const yearsAvailable = (options: ComparativeOptions) => options.surveys.length >= 2;

/** The settings a page opens with: all years when there are two surveys, else the groups of this survey; the options' default language. */
export function initialComparativeSettings(options: ComparativeOptions): ComparativeSettingsState {
  const variant: ComparativeVariant = yearsAvailable(options) ? 'years' : 'groups';
  return { variant, group: groupChoices(options, variant)[0] ?? null, language: options.default_language };
}

export function ComparativeSettingsForm({ options, initial, busy, onApply }: { options: ComparativeOptions; initial: ComparativeSettingsState; busy: boolean; onApply: (s: ComparativeSettingsState) => void }) {
  const { t } = useTranslation('reports');
  const uid = useId();
  const [s, setS] = useState<ComparativeSettingsState>(initial);
  const choices = groupChoices(options, s.variant);
  const needsGroup = s.variant !== 'years';
  const group = s.group !== null && choices.includes(s.group) ? s.group : (choices[0] ?? null);
  const groupLabel = (question: string) =>
    dimensionName(question, { group: (id) => t(`labels.groups.${id}`, { defaultValue: id }), extraTitle: (id) => options.extra_titles[`extra:${id}`] });
  const cannotApply = needsGroup && group === null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (cannotApply) return;
    onApply({ variant: s.variant, group: needsGroup ? group : null, language: s.language });
  };

  return (
    <form className="card report-settings" onSubmit={submit} aria-labelledby={`${uid}-title`} data-testid="report-settings">
      <h2 id={`${uid}-title`}>{t('settings.title')}</h2>
      <fieldset className="report-fieldset" data-testid="variants">
        <legend>{t('comparative.variant')}</legend>
        <div className="variant-choices">
          {COMPARATIVE_VARIANTS.map((v) => {
            const disabled = v === 'years' && !yearsAvailable(options);
            return (
              <div key={v} className="variant-choice" data-disabled={disabled || undefined}>
                <input
                  type="radio"
                  id={`${uid}-${v}`}
                  name={`${uid}-variant`}
                  value={v}
                  checked={s.variant === v}
                  disabled={disabled}
                  aria-describedby={`${uid}-${v}-hint`}
                  onChange={() => setS({ ...s, variant: v, group: groupChoices(options, v).includes(group ?? '') ? group : (groupChoices(options, v)[0] ?? null) })}
                />
                <label htmlFor={`${uid}-${v}`}>{t(`comparative.variants.${v}`)}</label>
                <p className="hint" id={`${uid}-${v}-hint`}>
                  {t(`comparative.variantHints.${v}`)}
                  {disabled && (
                    <>
                      {' '}
                      <strong data-testid="years-unavailable">{t('comparative.notAvailableHint')}</strong>
                    </>
                  )}
                </p>
              </div>
            );
          })}
        </div>
      </fieldset>

      {needsGroup &&
        (choices.length === 0 ? (
          <p className="notice notice-info" data-testid="no-groups">
            {t(s.variant === 'groups' ? 'comparative.noGroups' : 'comparative.noGroupsOverYears')}
          </p>
        ) : (
          <div className="field">
            <label htmlFor={`${uid}-group`}>{t('comparative.group')}</label>
            <select id={`${uid}-group`} value={group ?? ''} onChange={(e) => setS({ ...s, group: e.target.value })}>
              {choices.map((q) => (
                <option key={q} value={q}>
                  {groupLabel(q)}
                </option>
              ))}
            </select>
          </div>
        ))}

      <div className="field">
        <label htmlFor={`${uid}-lang`}>{t('labels.reportLanguage')}</label>
        <select id={`${uid}-lang`} value={s.language} onChange={(e) => setS({ ...s, language: e.target.value as QuestionLanguageCode })}>
          {QUESTION_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </div>

      <button type="submit" className="btn btn-primary" disabled={busy || cannotApply} aria-busy={busy || undefined}>
        {busy ? t('settings.loading') : t('settings.apply')}
      </button>
    </form>
  );
}
