import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Link, NavLink } from 'react-router';
import type { RouteId, RouteParams } from '../../../shared/routes';
import { useLocalizedPath } from '../../i18n/use-locale';

type LinkProps = Omit<ComponentPropsWithoutRef<typeof Link>, 'to'>;

export interface LocalizedLinkProps extends LinkProps {
  /** A route id of the shared route table, never a hard-coded URL. */
  to: RouteId;
  params?: RouteParams;
  /** Appended as is, e.g. '?next=%2Fprofil' or '#section'. */
  search?: string;
  hash?: string;
}

/** <LocalizedLink to="blogPost" params={{ slug }}>…</LocalizedLink> links to the route in the current locale. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, LocalizedLinkProps>(function LocalizedLink(
  { to, params, search = '', hash = '', ...rest },
  ref,
) {
  const path = useLocalizedPath();
  return <Link ref={ref} to={path(to, params) + search + hash} {...rest} />;
});

type NavLinkProps = Omit<ComponentPropsWithoutRef<typeof NavLink>, 'to'>;

/** Same as LocalizedLink, with NavLink's active state (aria-current="page"). */
export const LocalizedNavLink = forwardRef<HTMLAnchorElement, NavLinkProps & { to: RouteId; params?: RouteParams }>(
  function LocalizedNavLink({ to, params, ...rest }, ref) {
    const path = useLocalizedPath();
    return <NavLink ref={ref} to={path(to, params)} {...rest} />;
  },
);
