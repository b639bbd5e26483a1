import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UI } from '../../../shared/constants';
import { UI_LOCALES, UI_LOCALE_NAMES } from '../../../shared/locales';
import { switchLocalePath } from '../../../shared/routes';
import { useLocale } from '../../i18n/use-locale';
import { useAlternatePaths } from '../../lib/alternate-paths';
import { useOutsidePointer } from './hooks';

/** Lists the other locales; each link opens the same page in that locale. */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDetailsElement>(null);
  const buttonRef = useRef<HTMLElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const current = `${location.pathname}${location.search}${location.hash}`;
  // A page with addresses of its own per language (a blog post's slugs) names them; otherwise the route is translated.
  const alternates = useAlternatePaths();

  useOutsidePointer(rootRef, open, () => setOpen(false));
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    // A disclosure (<details>): the list of languages opens without the app's script too.
    <details className="lang-switcher" ref={rootRef} onKeyDown={onKeyDown} data-testid="language-switcher" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary
        ref={buttonRef}
        className="lang-button"
        onClick={(event) => {
          event.preventDefault();
          setOpen((o) => !o);
        }}
      >
        <svg className="globe" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M2.5 10h15M10 2.5c2.2 2.4 2.2 12.6 0 15M10 2.5c-2.2 2.4-2.2 12.6 0 15" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
        <span aria-hidden="true">{locale.toUpperCase()}</span>
        <span className="visually-hidden">
          {t('language.choose')} – {t('language.current', { language: UI_LOCALE_NAMES[locale] })}
        </span>
      </summary>
      <ul id={menuId} className="lang-menu">
        {UI_LOCALES.filter((l) => l !== locale).map((l) => (
          <li key={l}>
            <Link
              to={alternates?.[l] ?? switchLocalePath(current, l)}
              lang={l}
              hrefLang={l}
              className="lang-link"
              onClick={() => {
                window.clearTimeout(closeTimer.current);
                closeTimer.current = window.setTimeout(() => setOpen(false), UI.switcherCloseDelayMs);
              }}
            >
              <span className="lang-code" aria-hidden="true">
                {l.toUpperCase()}
              </span>
              {UI_LOCALE_NAMES[l]}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
