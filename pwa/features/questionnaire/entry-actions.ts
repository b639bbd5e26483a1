// What the code-entry screen does once it needs the local store (loaded lazily, so the code-entry
// page's first load ships neither Dexie nor the question banks nor zod).
import type { UiLocale } from '../../../shared/locales';
import { questionnaireAccessSchema, type QuestionnaireAccess, type QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { localizedPath, type RouteId } from '../../../shared/routes';
import { checkAnswer } from '../../lib/api';
import { requestPersistentStorage } from '../../db/db';
import { startAppSync } from '../../sync/app-engine';
import { buildPages, defaultLanguage, resumePage } from './flow/pages';
import { createRespondentDraft, discardRespondentDraft, findRespondentSession } from './respondent-store';

/** Where a respondent goes next: IZZ -> the questions route (intro first); PULS -> login-review until started. */
export function nextRoute(type: 'izz' | 'puls', started: boolean): RouteId {
  if (type === 'izz') return 'employeeSatisfactionQuestionnaire';
  return started ? 'questionnairePulsQuestionnaire' : 'questionnairePulsLoginReview';
}

export interface Resumable {
  draftId: string;
  type: 'izz' | 'puls';
  /** Where 'continue' goes. */
  next: RouteId;
  name: string;
  started: boolean;
  page: number;
  total: number;
}

/** The unfinished questionnaire on this device, if any (any type when `type` is null). */
export async function findResumable(type: 'izz' | 'puls' | null): Promise<Resumable | null> {
  startAppSync();
  const s = await findRespondentSession(type);
  if (!s) return null;
  const pages = buildPages(s.package);
  return { draftId: s.draft_id, type: s.package.type, next: nextRoute(s.package.type, s.started), name: s.package.name, started: s.started, page: resumePage(pages, s.draft.current_page) + 1, total: pages.length };
}

/** The answer of POST /api/questionnaire/access, checked with the shared schema (an ApiError when it does not fit). */
export function checkAccess(answer: unknown, locale: UiLocale): QuestionnaireAccess {
  return checkAnswer(questionnaireAccessSchema, answer, locale);
}

/**
 * A code was accepted: keep the package and token with a new draft, ask for persistent storage. (Syncing starts on the
 * questionnaire's pages once they show, not on the way there.)
 */
export async function beginQuestionnaire(pkg: QuestionnairePackage, token: string, uiLocale: string): Promise<string> {
  void requestPersistentStorage();
  return createRespondentDraft({ package: pkg, token, language: defaultLanguage(pkg.languages, uiLocale) });
}

/**
 * The answer of POST /api/questionnaire/access (checked with the shared schema): its access stored with a new draft;
 * gives the path the respondent goes on to.
 */
export async function openQuestionnaire(answer: unknown, locale: UiLocale): Promise<string> {
  const access = checkAccess(answer, locale);
  await beginQuestionnaire(access.package, access.token, locale);
  return localizedPath(nextRoute(access.package.type, false), locale);
}

export const discard = discardRespondentDraft;
