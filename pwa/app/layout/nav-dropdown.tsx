import { useId, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteId, RouteParams } from '../../../shared/routes';
import { LocalizedNavLink } from '../../components/ui/localized-link';

/** A link of the menu: a route (labelled nav.<id>), or a route with parameters and its own label (a past winners year). */
export type NavDropdownItem = RouteId | { key: string; to: RouteId; params: RouteParams; label: string };

export interface NavDropdownProps {
  label: string;
  items: NavDropdownItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Wide screens (> 1200px): open on hover. Otherwise only on click/keyboard. */
  hoverMode: boolean;
  testId?: string;
}

/**
 * A disclosure menu of the main navigation: <details> with the label as its <summary> and the links inside, so it opens
 * without the app's script too; when the app runs, its state is React's (hover on wide screens, keys, outside clicks).
 */
export function NavDropdown({ label, items, open, onOpenChange, hoverMode, testId }: NavDropdownProps) {
  const { t } = useTranslation('common');
  const menuId = useId();
  const buttonRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const openedByHover = useRef(false);

  const links = () => [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  const focusLink = (index: number) => {
    // The list becomes visible on the next render; focus after it.
    requestAnimationFrame(() => {
      const all = links();
      all[(index + all.length) % all.length]?.focus();
    });
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openedByHover.current = false;
      if (open) onOpenChange(false);
      else {
        onOpenChange(true);
        focusLink(0);
      }
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      onOpenChange(true);
      focusLink(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      onOpenChange(true);
      focusLink(-1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      onOpenChange(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      all[(index + 1) % all.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      all[(index - 1 + all.length) % all.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      all[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      all[all.length - 1]?.focus();
    }
  };

  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) onOpenChange(false);
  };

  return (
    <li
      className={`nav-item has-dropdown${open ? ' is-open' : ''}`}
      data-testid={testId}
      onMouseEnter={
        hoverMode
          ? () => {
              openedByHover.current = !open;
              onOpenChange(true);
            }
          : undefined
      }
      onMouseLeave={hoverMode ? () => onOpenChange(false) : undefined}
      onBlur={onBlur}
    >
      <details open={open} onToggle={(event) => onOpenChange(event.currentTarget.open)}>
        <summary
          ref={buttonRef}
          className="nav-link nav-button"
          onKeyDown={onButtonKeyDown}
          onClick={(event) => {
            event.preventDefault();
            // A click right after hover-opening keeps the menu open instead of closing it.
            if (hoverMode && openedByHover.current) {
              openedByHover.current = false;
              return;
            }
            onOpenChange(!open);
          }}
        >
          {label}
          <svg className="chevron" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </summary>
        <ul ref={listRef} id={menuId} className="submenu" onKeyDown={onListKeyDown}>
          {items.map((item) =>
            typeof item === 'string' ? (
              <li key={item}>
                <LocalizedNavLink to={item} className="submenu-link" onClick={() => onOpenChange(false)}>
                  {t(`nav.${item}`)}
                </LocalizedNavLink>
              </li>
            ) : (
              <li key={item.key}>
                <LocalizedNavLink to={item.to} params={item.params} className="submenu-link" onClick={() => onOpenChange(false)}>
                  {item.label}
                </LocalizedNavLink>
              </li>
            ),
          )}
        </ul>
      </details>
    </li>
  );
}
