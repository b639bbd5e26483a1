/**
 * GET /api/blogs?locale=&page= and GET /api/blogs/:locale/:slug (public; one call gives a post by locale and slug),
 * /api/admin/blogs/* (administrators only: 401 logged out, 403 for everyone else; every change is audited).
 */
import { Router } from 'express';
import {
  adminBlogCreateSchema,
  adminBlogParamsSchema,
  adminBlogUpdateSchema,
  adminBlogVersionParamsSchema,
  BLOG_COVER_RULES,
  BLOG_IMAGE_RULES,
  blogListQuerySchema,
  blogPostParamsSchema,
  blogPreviewSchema,
  blogVersionInputSchema,
} from '../../../shared/schemas/blogs.js';
import { requireAdmin, sessionOf } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { imageBody } from '../assets/index.js';
import type { BlogsService } from './blogs.service.js';


export function blogsRoutes(deps: { blogs: BlogsService }): Router {
  const { blogs } = deps;
  const router = Router();

  router.get('/blogs', validate({ query: blogListQuerySchema }, async (req, res) => {
    const { locale, page } = req.query;
    res.set('Cache-Control', 'no-cache');
    res.json({ data: await blogs.list(locale, page) });
  }));

  router.get('/blogs/:locale/:slug', validate({ params: blogPostParamsSchema }, async (req, res) => {
    const { locale, slug } = req.params;
    res.set('Cache-Control', 'no-cache');
    res.json({ data: await blogs.post(locale, slug) });
  }));

  return router;
}

export function adminBlogsRoutes(deps: { blogs: BlogsService }): Router {
  const { blogs } = deps;
  const router = Router();
  router.use(requireAdmin, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });
  const withId = { params: adminBlogParamsSchema };
  const params = validate(withId);
  const actor = (res: Parameters<typeof sessionOf>[0]) => sessionOf(res).actor;

  router.get('/', async (_req, res) => {
    res.json({ data: await blogs.adminList() });
  });
  router.post('/', validate({ body: adminBlogCreateSchema }, async (req, res) => {
    res.status(201).json({ data: await blogs.create(actor(res), req.body) });
  }));
  router.post('/preview', validate({ body: blogPreviewSchema }, (req, res) => {
    res.json({ data: { body_html: blogs.preview(req.body.body_html) } });
  }));
  router.get('/:id', validate(withId, async (req, res) => {
    res.json({ data: await blogs.adminPost(req.params.id) });
  }));
  router.put('/:id', validate({ ...withId, body: adminBlogUpdateSchema }, async (req, res) => {
    res.json({ data: await blogs.update(actor(res), req.params.id, req.body) });
  }));
  router.delete('/:id', validate(withId, async (req, res) => {
    await blogs.remove(actor(res), req.params.id);
    res.status(204).end();
  }));
  router.put('/:id/versions/:locale', validate({ params: adminBlogVersionParamsSchema, body: blogVersionInputSchema }, async (req, res) => {
    res.json({ data: await blogs.saveVersion(actor(res), req.params.id, req.params.locale, req.body) });
  }));
  router.delete('/:id/versions/:locale', validate({ params: adminBlogVersionParamsSchema }, async (req, res) => {
    res.json({ data: await blogs.deleteVersion(actor(res), req.params.id, req.params.locale) });
  }));
  router.post('/:id/publish', validate(withId, async (req, res) => {
    res.json({ data: await blogs.setPublished(actor(res), req.params.id, true) });
  }));
  router.post('/:id/unpublish', validate(withId, async (req, res) => {
    res.json({ data: await blogs.setPublished(actor(res), req.params.id, false) });
  }));
  router.put('/:id/cover', params, imageBody(BLOG_COVER_RULES.maxBytes), validate(withId, async (req, res) => {
    res.json({ data: await blogs.setCover(actor(res), req.params.id, req.body) });
  }));
  router.post('/:id/images', params, imageBody(BLOG_IMAGE_RULES.maxBytes), validate(withId, async (req, res) => {
    res.status(201).json({ data: await blogs.addImage(actor(res), req.params.id, req.body) });
  }));
  router.delete('/:id/cover', validate(withId, async (req, res) => {
    res.json({ data: await blogs.deleteCover(actor(res), req.params.id) });
  }));

  return router;
}
