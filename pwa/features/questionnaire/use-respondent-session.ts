// The respondent session of this device for a journey (IZZ or PULS), read live from Dexie.
import { useLiveQuery } from 'dexie-react-hooks';
import { findRespondentSession, type RespondentSession } from './respondent-store';

/** undefined while loading, null when there is none. */
export function useRespondentSession(type: 'izz' | 'puls'): RespondentSession | null | undefined {
  return useLiveQuery(() => findRespondentSession(type), [type]);
}
