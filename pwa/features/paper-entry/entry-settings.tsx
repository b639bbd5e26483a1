import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { questionLanguageName } from '../../../shared/locales';
import { NS } from './display';
import { updateSettings, type PaperEntryConfig } from './entry-store';

/** This device's entry settings: double entry and the paper's language. */
export function EntrySettings({ config, surveyId, onChange }: { config: PaperEntryConfig; surveyId: string; onChange: (c: PaperEntryConfig) => void }) {
  const { t } = useTranslation(NS);
  const id = useId();
  const set = async (patch: Partial<Pick<PaperEntryConfig, 'double_entry' | 'language'>>) => {
    onChange({ ...config, ...patch }); // at once: the box follows the click, the write follows
    const next = await updateSettings(surveyId, patch);
    if (next) onChange(next);
  };
  return (
    <div className="pe-settings">
      <div className="check">
        <input id={`${id}-double`} type="checkbox" checked={config.double_entry} onChange={(e) => void set({ double_entry: e.target.checked })} />
        <label htmlFor={`${id}-double`}>{t('settings.double')}</label>
      </div>
      <p className="hint">{t('settings.doubleHint')}</p>
      {config.package.languages.length > 1 && (
        <div className="field pe-language">
          <label htmlFor={`${id}-lang`}>{t('settings.language')}</label>
          <select id={`${id}-lang`} value={config.language ?? config.package.languages[0]} onChange={(e) => void set({ language: e.target.value })}>
            {config.package.languages.map((l) => (
              <option key={l} value={l} lang={l}>
                {questionLanguageName(l)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
