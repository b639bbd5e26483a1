/**
 * /api/paper-entry/* (docs/api.md "Paper data entry"):
 *   GET /api/paper-entry/surveys/:id   company session; the entry package (no codes)
 * Paper responses themselves go through POST /api/responses (server/modules/responses hands them to the paper-entry service).
 */
import { Router } from 'express';
import { z } from 'zod';
import { companyOf, requireCompany } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import type { PaperEntryService } from './paper-entry.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export function paperEntryRoutes(options: { paperEntry: PaperEntryService }): Router {
  const router = Router();
  router.get('/surveys/:id', requireCompany, validate({ params: idParams }, async (req, res) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    const { companyId } = companyOf(res);
    res.json({ data: await options.paperEntry.entryPackage(companyId, req.params.id) });
  }));
  return router;
}
