/**
 * Imported first by pwa/main.tsx, so it runs before the rest of the app's script is evaluated (a slow phone's CPU
 * needs a third of a second for that): on a respondent's code entry, what follows the code starts loading at once
 * (route-modules.ts `loadRespondentJourney`), while the app takes the page over.
 */
import { CODE_ENTRY_ROUTES, matchRoute } from '../../shared/routes';
import { loadRespondentJourney } from './route-modules';

/** Whether the path is a respondent's code entry (the invitation's link). */
export function isCodeEntryPath(pathname: string): boolean {
  const match = matchRoute(pathname);
  return match !== null && CODE_ENTRY_ROUTES.includes(match.id);
}

if (typeof window !== 'undefined' && isCodeEntryPath(window.location.pathname)) loadRespondentJourney();
