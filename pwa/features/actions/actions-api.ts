/** The calls of the action plan and the results page (docs/api.md "Focus areas, actions and the results page"). */
import type { QuestionLanguageCode } from '../../../shared/locales';
import {
  actionsOverviewSchema,
  sharedResultsSchema,
  type ActionInput,
  type ActionNoteInput,
  type ActionPatch,
  type ActionsOverview,
  type FocusAreaInput,
  type SharedResults,
} from '../../../shared/schemas/actions';
import { getData } from '../../lib/api';

const base = (id: string | number) => `/api/surveys/${encodeURIComponent(String(id))}`;
const overview = actionsOverviewSchema;

export const getOverview = (id: string, signal?: AbortSignal): Promise<ActionsOverview> => getData(`${base(id)}/actions`, { signal, schema: overview });
export const addFocusArea = (id: number, input: FocusAreaInput) => getData(`${base(id)}/focus-areas`, { method: 'POST', body: input, schema: overview });
export const removeFocusArea = (id: number, areaId: number) => getData(`${base(id)}/focus-areas/${String(areaId)}`, { method: 'DELETE', schema: overview });
export const addAction = (id: number, areaId: number, input: ActionInput) => getData(`${base(id)}/focus-areas/${String(areaId)}/actions`, { method: 'POST', body: input, schema: overview });
export const updateAction = (id: number, actionId: number, patch: ActionPatch) => getData(`${base(id)}/actions/${String(actionId)}`, { method: 'PATCH', body: patch, schema: overview });
export const removeAction = (id: number, actionId: number) => getData(`${base(id)}/actions/${String(actionId)}`, { method: 'DELETE', schema: overview });
export const addNote = (id: number, actionId: number, input: ActionNoteInput) => getData(`${base(id)}/actions/${String(actionId)}/notes`, { method: 'POST', body: input, schema: overview });
export const saveResultsPage = (id: number, message: string) => getData(`${base(id)}/results-page`, { method: 'PUT', body: { message }, schema: overview });
export const setPublished = (id: number, published: boolean) => getData(`${base(id)}/results-page/${published ? 'publish' : 'unpublish'}`, { method: 'POST', schema: overview });
export const getPreview = (id: number, language: QuestionLanguageCode, signal?: AbortSignal): Promise<SharedResults> =>
  getData(`${base(id)}/results-page/preview`, { query: { language }, signal, schema: sharedResultsSchema });
export const posterUrl = (id: number, language: QuestionLanguageCode) => `${base(id)}/results-page/poster?language=${language}`;
export const qrUrl = (id: number, language: QuestionLanguageCode) => `${base(id)}/results-page/qr.svg?language=${language}`;

export const createPulse = (id: number, areaId: number) =>
  getData<{ application_id: number }>(`${base(id)}/focus-areas/${String(areaId)}/puls`, { method: 'POST' });

/** The public page's data (no session needed). */
export const getShared = (token: string, language: QuestionLanguageCode, signal?: AbortSignal): Promise<SharedResults> =>
  getData(`/api/results/${encodeURIComponent(token)}`, { query: { language }, signal, schema: sharedResultsSchema });
