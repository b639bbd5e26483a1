/**
 * The code entry of the own-phone journeys (IZZ and PULS). Deliberately light: the code-entry
 * page's first load must stay within the JS budget, so this imports no zod, no shared schemas and no
 * question banks; the local store (Dexie) and the flow are loaded after the code is accepted, or
 * when this device already has a local store (to offer 'continue').
 *
 * A `?code=` in the URL (invitation links, QR codes) fills the field. Case and dashes do not matter.
 * Server errors arrive in the UI language (X-Locale).
 */
import { useId } from 'react';
import { localizedPath } from '../../../shared/routes';
import { CodeAccepted, CodeForm, ResumeOffer } from './code-entry-views';
import { useCodeEntry } from './use-code-entry';

type Kind = 'izz' | 'puls';

export function CodeEntry({ kind, headingLevel = 2 }: { kind: Kind; headingLevel?: 1 | 2 }) {
  const { t, ready, locale, navigate, pathname, inputRef, accepted, code, setCode, error, busy, resume, submit, discard } = useCodeEntry();
  const id = useId();
  if (!ready || resume === undefined) return <div className="spinner" role="status" aria-label={ready ? t('entry.loading') : '…'} />;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (accepted !== undefined && busy) return <CodeAccepted t={t} id={id} Heading={Heading} kind={kind} />;
  if (resume) return <ResumeOffer t={t} id={id} Heading={Heading} resume={resume} onContinue={() => navigate(localizedPath(resume.next, locale))} onDiscard={discard} />;
  return <CodeForm t={t} id={id} Heading={Heading} kind={kind} action={pathname} code={code} onCode={setCode} error={error} busy={busy} inputRef={inputRef} onSubmit={submit} />;
}
