/**
 * GET /api/blogs?locale=&page= and GET /api/blogs/:locale/:slug (public; one call gives a post by locale and slug),
 * /api/admin/blogs/* (administrators only: 401 logged out, 403 for everyone else; every change is audited).
 */
import { Router, type Request } from 'express';
import type { UiLocale } from '../../../shared/locales.js';
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

const idOf = (req: Request) => (req.params as unknown as { id: number }).id;
const localeParam = (req: Request) => (req.params as unknown as { locale: UiLocale }).locale;

export function blogsRoutes(deps: { blogs: BlogsService }): Router {
  const { blogs } = deps;
  const router = Router();

  router.get('/blogs', validate({ query: blogListQuerySchema }), async (req, res) => {
    const { locale, page } = req.query as unknown as { locale: UiLocale; page: number };
    res.set('Cache-Control', 'no-cache');
    res.json({ data: await blogs.list(locale, page) });
  });

  router.get('/blogs/:locale/:slug', validate({ params: blogPostParamsSchema }), async (req, res) => {
    const { locale, slug } = req.params as unknown as { locale: UiLocale; slug: string };
    res.set('Cache-Control', 'no-cache');
    res.json({ data: await blogs.post(locale, slug) });
  });

  return router;
}

export function adminBlogsRoutes(deps: { blogs: BlogsService }): Router {
  const { blogs } = deps;
  const router = Router();
  router.use(requireAdmin, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });
  const params = validate({ params: adminBlogParamsSchema });
  const actor = (res: Parameters<typeof sessionOf>[0]) => sessionOf(res).actor;

  router.get('/', async (_req, res) => {
    res.json({ data: await blogs.adminList() });
  });
  router.post('/', validate({ body: adminBlogCreateSchema }), async (req, res) => {
    res.status(201).json({ data: await blogs.create(actor(res), req.body) });
  });
  router.post('/preview', validate({ body: blogPreviewSchema }), (req, res) => {
    res.json({ data: { body_html: blogs.preview((req.body as { body_html: string }).body_html) } });
  });
  router.get('/:id', params, async (req, res) => {
    res.json({ data: await blogs.adminPost(idOf(req)) });
  });
  router.put('/:id', params, validate({ body: adminBlogUpdateSchema }), async (req, res) => {
    res.json({ data: await blogs.update(actor(res), idOf(req), req.body) });
  });
  router.delete('/:id', params, async (req, res) => {
    await blogs.remove(actor(res), idOf(req));
    res.status(204).end();
  });
  router.put('/:id/versions/:locale', validate({ params: adminBlogVersionParamsSchema, body: blogVersionInputSchema }), async (req, res) => {
    res.json({ data: await blogs.saveVersion(actor(res), idOf(req), localeParam(req), req.body) });
  });
  router.delete('/:id/versions/:locale', validate({ params: adminBlogVersionParamsSchema }), async (req, res) => {
    res.json({ data: await blogs.deleteVersion(actor(res), idOf(req), localeParam(req)) });
  });
  router.post('/:id/publish', params, async (req, res) => {
    res.json({ data: await blogs.setPublished(actor(res), idOf(req), true) });
  });
  router.post('/:id/unpublish', params, async (req, res) => {
    res.json({ data: await blogs.setPublished(actor(res), idOf(req), false) });
  });
  router.put('/:id/cover', params, imageBody(BLOG_COVER_RULES.maxBytes), async (req, res) => {
    res.json({ data: await blogs.setCover(actor(res), idOf(req), req.body) });
  });
  router.post('/:id/images', params, imageBody(BLOG_IMAGE_RULES.maxBytes), async (req, res) => {
    res.status(201).json({ data: await blogs.addImage(actor(res), idOf(req), req.body) });
  });
  router.delete('/:id/cover', params, async (req, res) => {
    res.json({ data: await blogs.deleteCover(actor(res), idOf(req)) });
  });

  return router;
}
