/**
 * Which requests are a respondent's: entering a code (the API's and the code form's page, also an
 * invitation link's GET with ?code=), sending responses (a phone's, a kiosk's sync, paper entry's), and a kiosk's
 * check of a code before a respondent starts. The request log (middleware/pipeline.ts) writes them at debug only,
 * with the time to the hour and without the query, so that no log line says when a person answered.
 */
import type { Request } from 'express';
import { CODE_ENTRY_ROUTES, matchRoute } from '../../../shared/routes.js';

const RESPONDENT_API = new Set(['/api/responses', '/api/questionnaire/access', '/api/kiosk/code-check']);

export function isRespondentRequest(req: Pick<Request, 'method' | 'path'>): boolean {
  if (req.path.startsWith('/api/')) return req.method === 'POST' && RESPONDENT_API.has(req.path);
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return false;
  const match = matchRoute(req.path);
  return match !== null && CODE_ENTRY_ROUTES.includes(match.id);
}
