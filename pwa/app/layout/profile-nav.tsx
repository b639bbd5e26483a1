import { useTranslation } from 'react-i18next';
import type { RouteId } from '../../../shared/routes';
import { LocalizedNavLink } from '../../components/ui/localized-link';
import { HomeLogo } from './header';
import { LanguageSwitcher } from './language-switcher';
import { LogoutButton } from '../../session/logout-button';

const PROFILE_LINKS: RouteId[] = [
  'profileIzz',
  'profilePuls',
  'profileAward',
  'kioskSetup',
  'profileEdit',
  'profileChangePassword',
  'profileFeedback',
  'profileInstructions',
];

/** Profile pages show this small navigation instead of the main header. */
export function ProfileNav() {
  const { t } = useTranslation('common');
  return (
    <header className="site-header profile-header">
      <div className="container header-inner">
        <HomeLogo />
        <div className="profile-header-actions">
          <LanguageSwitcher />
          <LogoutButton />
        </div>
      </div>
      <nav className="profile-nav" aria-label={t('header.profileNav')}>
        <ul className="container profile-nav-list">
          {PROFILE_LINKS.map((id) => (
            <li key={id}>
              <LocalizedNavLink to={id} className="profile-nav-link">
                {t(`nav.${id}`)}
              </LocalizedNavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
