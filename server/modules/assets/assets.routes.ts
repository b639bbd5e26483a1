/**
 * GET /api/assets/:id[?key=variant]: stored bytes with their content type, a strong ETag and
 * immutable caching (an id's bytes never change; a replaced logo gets a new id). 304 on If-None-Match.
 */
import { Router } from 'express';
import { assetParamsSchema, assetQuerySchema } from '../../../shared/schemas/asset.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { validate } from '../../middleware/validate.js';
import { createAssetsRepo } from './assets.repo.js';

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function assetsRoutes(deps: { db: Db }): Router {
  const repo = createAssetsRepo(deps.db);
  const router = Router();

  router.get('/assets/:id', validate({ params: assetParamsSchema, query: assetQuerySchema }, async (req, res) => {
    const { id } = req.params;
    const { key } = req.query;
    const asset = key === undefined ? await repo.findById(id) : await repo.findVariant(id, key);
    if (!asset) throw new AppError('not-found');

    res.set({
      ETag: asset.etag,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened directly must not run scripts.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    if (matchesEtag(req.get('if-none-match'), asset.etag)) {
      res.status(304).end();
      return;
    }
    res.type(asset.content_type).send(asset.bytes);
  }));

  return router;
}
