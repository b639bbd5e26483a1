// The respondent session of this device for a journey (IZZ or PULS), read live from Dexie.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { findRespondentSession, takeSessionCreatedHere, type RespondentSession } from './respondent-store';

/**
 * undefined while loading, null when there is none. The first screen after the code entry starts from the session
 * the code entry has just stored (on a slow phone the store's answer is a tenth of a second or more).
 */
export function useRespondentSession(type: 'izz' | 'puls'): RespondentSession | null | undefined {
  const [createdHere] = useState(() => takeSessionCreatedHere(type));
  return useLiveQuery(() => findRespondentSession(type), [type], createdHere);
}
