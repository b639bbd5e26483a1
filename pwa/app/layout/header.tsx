import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MARKETS_WITHOUT_AWARD, UI } from '../../../shared/constants';
import type { HeaderMode } from '../../../shared/routes';
import { LocalizedLink, LocalizedNavLink } from '../../components/ui/localized-link';
import { useShell } from '../../session/shell-store';
import { useMediaQuery, useOutsidePointer, useScrolled } from './hooks';
import { LanguageSwitcher } from './language-switcher';
import { LogoutButton } from '../../session/logout-button';
import { LogoMark, PulsMark } from './logo';
import { NavDropdown } from './nav-dropdown';

type Dropdown = 'research' | 'winners' | 'about' | null;

function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

export function HomeLogo() {
  const { t } = useTranslation('common');
  return (
    // Named by what it shows ("IZZ", and the site's name where there is room for it) and a hidden "– home": the name
    // holds the visible text, as speech input needs (an aria-label of the long name alone hid "IZZ").
    <LocalizedLink to="home" className="logo" onClick={scrollToTop}>
      <LogoMark />
      <span className="logo-text">
        <span className="logo-short">{t('siteShortName')}</span>
        <span className="logo-long">{t('siteName')}</span>
      </span>
      <span className="visually-hidden"> {t('header.logoHome')}</span>
    </LocalizedLink>
  );
}

function AuthLinks() {
  const { t } = useTranslation('common');
  const { user } = useShell();
  if (user === undefined) return <div className="auth-links" aria-hidden="true" />;
  if (!user) {
    return (
      <div className="auth-links">
        <LocalizedLink to="login" className="btn btn-secondary btn-small">
          {t('header.login')}
        </LocalizedLink>
        <LocalizedLink to="register" className="btn btn-primary btn-small">
          {t('header.register')}
        </LocalizedLink>
      </div>
    );
  }
  return (
    <div className="auth-links">
      {user.email_verified_at ? (
        <LocalizedLink to="profileIzz" className="btn btn-secondary btn-small" data-testid="profile-link">
          {t('header.profile')}
        </LocalizedLink>
      ) : (
        <LocalizedLink to="confirmEmail" className="btn btn-secondary btn-small">
          {t('nav.confirmEmail')}
        </LocalizedLink>
      )}
      <LogoutButton />
    </div>
  );
}

/** The main site header (spec section 2). mode comes from the route table. */
export function Header({ mode }: { mode: Exclude<HeaderMode, 'none'> }) {
  const { t } = useTranslation('common');
  const { config, availableYears } = useShell();
  const location = useLocation();
  const scrolled = useScrolled(UI.scrolledThresholdPx);
  const hoverMode = useMediaQuery(`(min-width: ${UI.hoverMenuMinWidthPx}px)`);
  const [menuOpen, setMenuOpen] = useState(false);
  const [dropdown, setDropdown] = useState<Dropdown>(null);
  const headerRef = useRef<HTMLElement>(null);

  // Every navigation closes the menus; so does a switch between the mobile and desktop layouts.
  useEffect(() => {
    setMenuOpen(false);
    setDropdown(null);
  }, [location.pathname, hoverMode]);
  useOutsidePointer(headerRef, menuOpen || dropdown !== null, () => {
    setDropdown(null);
    setMenuOpen(false);
  });

  const showAward = config !== null && !MARKETS_WITHOUT_AWARD.includes(config.market);
  const toggle = (id: Exclude<Dropdown, null>) => (open: boolean) => setDropdown((cur) => (open ? id : cur === id ? null : cur));

  return (
    <header ref={headerRef} className={`site-header header-${mode}${scrolled ? ' is-scrolled' : ''}${menuOpen ? ' menu-open' : ''}`}>
      <div className="container header-inner">
        {mode === 'puls' ? (
          <span className="logo logo-puls" role="img" aria-label={t('header.pulsLogoLabel')}>
            <PulsMark />
            <span className="logo-text" aria-hidden="true">
              <span className="logo-short">PULS</span>
            </span>
          </span>
        ) : (
          <HomeLogo />
        )}
        {mode === 'full' && (
          <>
            <div id="site-menu" className={`site-menu${menuOpen ? ' is-open' : ''}`} data-testid="site-menu">
              <nav aria-label={t('header.mainNav')} className="main-nav">
                <ul className="nav-list">
                  <NavDropdown
                    label={t('header.research')}
                    items={['conductingResearch', 'questionnaire', 'reports', 'puls']}
                    open={dropdown === 'research'}
                    onOpenChange={toggle('research')}
                    hoverMode={hoverMode}
                    testId="nav-research"
                  />
                  <li className="nav-item">
                    <LocalizedNavLink to="calculator" className="nav-link">
                      {t('nav.calculator')}
                    </LocalizedNavLink>
                  </li>
                  {availableYears.length > 0 && (
                    <NavDropdown
                      label={t('nav.pastWinners')}
                      items={availableYears.map((year) => ({ key: String(year), to: 'pastWinners', params: { slug: String(year) }, label: String(year) }))}
                      open={dropdown === 'winners'}
                      onOpenChange={toggle('winners')}
                      hoverMode={hoverMode}
                      testId="nav-winners"
                    />
                  )}
                  {showAward && (
                    <li className="nav-item">
                      <LocalizedNavLink to="awardConditions" className="nav-link">
                        {t('nav.awardConditions')}
                      </LocalizedNavLink>
                    </li>
                  )}
                  <NavDropdown
                    label={t('header.aboutProject')}
                    items={['projectHistory', 'feedback', 'blogs']}
                    open={dropdown === 'about'}
                    onOpenChange={toggle('about')}
                    hoverMode={hoverMode}
                    testId="nav-about"
                  />
                </ul>
              </nav>
              <AuthLinks />
            </div>
            <LanguageSwitcher />
            {/* A disclosure: it opens the menu (CSS shows .site-menu while it is open) with or without the app's script. */}
            <details className="menu-toggle" open={menuOpen} onToggle={(event) => setMenuOpen(event.currentTarget.open)}>
              <summary
                className="hamburger"
                aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
                onClick={(event) => {
                  event.preventDefault();
                  setMenuOpen((o) => !o);
                }}
              >
                <span className="hamburger-box" aria-hidden="true">
                  <span className="hamburger-line" />
                </span>
              </summary>
            </details>
          </>
        )}
      </div>
    </header>
  );
}
