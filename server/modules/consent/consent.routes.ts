/**
 * POST /api/consent: the cookie banner's and the cookie settings' plain form (application/x-www-form-urlencoded), for
 * a page without the app's JavaScript. Sets the consent cookie and answers 303 to the page the form came from; a body
 * the form cannot have sent is a 4xx in the request's language (validate's 422, the parser's 413/415).
 */
import express, { Router } from 'express';
import { COOKIE_CONSENT_NAME } from '../../../shared/constants.js';
import { consentFormSchema, type ConsentForm } from '../../../shared/schemas/consent.js';
import { validate } from '../../middleware/validate.js';
import { decideConsent } from './consent.service.js';

/** The form has four fields of a few bytes and a return path. */
const formBody = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 6 });

export function consentRoutes(): Router {
  const router = Router();
  router.post('/consent', formBody, validate({ body: consentFormSchema, bodyType: 'application/x-www-form-urlencoded' }), (req, res) => {
    const outcome = decideConsent(req.body as ConsentForm, req.headers.cookie ?? '');
    for (const name of outcome.clear) res.clearCookie(name, { path: '/' });
    // Readable by the page's script (it reads the choice, as the browser's own writes it); set as the browser does.
    res.cookie(COOKIE_CONSENT_NAME, outcome.value, { maxAge: outcome.maxAgeMs, path: '/', sameSite: 'lax', secure: req.secure, encode: String });
    res.set('Cache-Control', 'no-store').redirect(303, outcome.back);
  });
  return router;
}
