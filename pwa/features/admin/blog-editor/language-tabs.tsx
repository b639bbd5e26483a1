import { useTranslation } from 'react-i18next';
import { UI_LOCALE_NAMES, UI_LOCALES, type UiLocale } from '../../../../shared/locales';
import type { AdminBlogPost } from '../blogs-api';

/** A button per UI language, the one edited marked current; a language not written yet says so. */
export function LanguageTabs({ post, locale, onChoose }: { post: AdminBlogPost; locale: UiLocale; onChoose: (locale: UiLocale) => void }) {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('blogs.editor.languages')}>
      <ul className="blog-language-tabs">
        {UI_LOCALES.map((l) => {
          const written = post.versions.some((v) => v.locale === l);
          return (
            <li key={l}>
              <button
                type="button"
                className={`btn btn-small ${l === locale ? 'btn-primary' : 'btn-secondary'}${written ? '' : ' blog-tab-missing'}`}
                aria-current={l === locale ? 'true' : undefined}
                onClick={() => onChoose(l)}
              >
                {written ? UI_LOCALE_NAMES[l] : t('blogs.editor.notWritten', { language: UI_LOCALE_NAMES[l] })}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
