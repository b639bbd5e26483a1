import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../../shared/locales';

const languageName = (code: QuestionLanguageCode) => QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;

/** One tab per survey language with its count of missing texts; arrows, Home and End move between tabs. */
export function LanguageTabs({ uid, languages, language, missingByLanguage, onSelect }: { uid: string; languages: readonly QuestionLanguageCode[]; language: QuestionLanguageCode | undefined; missingByLanguage: (l: QuestionLanguageCode) => number; onSelect: (l: QuestionLanguageCode) => void }) {
  const { t } = useTranslation('applications');
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onTabKey = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? languages.length - 1 : (index + delta + languages.length) % languages.length;
    const code = languages[next]!;
    onSelect(code);
    tabRefs.current[code]?.focus();
  };

  return (
  <div role="tablist" aria-label={t('builder.languageTabs')} className="eq-tabs">
    {languages.map((l, i) => {
      const count = missingByLanguage(l);
      return (
        <button
          key={l}
          ref={(el) => {
            tabRefs.current[l] = el;
          }}
          type="button"
          role="tab"
          id={`${uid}-tab-${l}`}
          aria-selected={l === language}
          aria-controls={`${uid}-panel`}
          tabIndex={l === language ? 0 : -1}
          className="eq-tab"
          onClick={() => onSelect(l)}
          onKeyDown={(e) => onTabKey(e, i)}
        >
          {languageName(l)}
          {count > 0 && (
            <span className="eq-tab-count" aria-label={t('builder.missingCount', { count })}>
              {count}
            </span>
          )}
        </button>
      );
    })}
  </div>
  );
}
