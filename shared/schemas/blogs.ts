/**
 * Blogs: the public list and post (/api/blogs) and the administrator's posts (/api/admin/blogs). A post exists in
 * the UI locales it was written in; each version has its own slug (unique per locale), title, excerpt and body.
 * Bodies are HTML in a small, safe subset, sanitised by the server on save and on output (modules/blogs/blog-html.ts).
 */
import { z } from 'zod';
import { fieldError } from '../errors/field-messages.js';
import { UI_LOCALES } from '../locales.js';
import { PARAM_PATTERNS } from '../routes.js';

export const BLOG_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** An image source a blog body may show: the assets store, /api/assets/<uuid>[?key=<variant>] (server and editor). */
export const BLOG_ASSET_IMAGE_SRC = /^\/api\/assets\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\?key=[a-z0-9][a-z0-9_-]{0,31})?$/;

/** Posts per page of the public list. */
export const BLOG_PAGE_SIZE = 6;
export const BLOG_LIMITS = { slug: 120, title: 200, excerpt: 600, body: 100_000 } as const;
/**
 * Covers: JPEG or PNG, at most 3 MB, at least 600×300 px and at most 8000×8000 px (a larger header is refused before
 * any pixel is decoded); stored re-encoded to fit inside 1920×1920 px (`stored*`), whatever was uploaded.
 */
export const BLOG_COVER_RULES = {
  maxBytes: 3 * 1024 * 1024,
  minWidth: 600,
  minHeight: 300,
  maxWidth: 8000,
  maxHeight: 8000,
  storedMaxWidth: 1920,
  storedMaxHeight: 1920,
} as const;

/**
 * Images in a post's text: JPEG or PNG within the covers' bounds (at most 3 MB and 8000×8000 px, refused from the
 * header before decoding), at least 16×16 px, stored re-encoded to fit inside 1600×1600 px.
 */
export const BLOG_IMAGE_RULES = {
  maxBytes: BLOG_COVER_RULES.maxBytes,
  minWidth: 16,
  minHeight: 16,
  maxWidth: BLOG_COVER_RULES.maxWidth,
  maxHeight: BLOG_COVER_RULES.maxHeight,
  storedMaxWidth: 1600,
  storedMaxHeight: 1600,
} as const;

/** POST /api/admin/blogs/:id/images: the stored image, to be placed in a body as <img src width height>. */
export const blogImageSchema = z.object({
  /** /api/assets/{id} */
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type BlogImage = z.infer<typeof blogImageSchema>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const locale = z.enum(UI_LOCALES, { error: fieldError('choose-option') });
const slugPattern = PARAM_PATTERNS.slug as RegExp;
export const blogSlugField = z
  .string({ error: fieldError('required') })
  .trim()
  .min(1, { error: fieldError('required') })
  .max(BLOG_LIMITS.slug, { error: fieldError('too-long') })
  .regex(slugPattern, { error: fieldError('slug-invalid') });
const text = (max: number) => z.string({ error: fieldError('required') }).trim().min(1, { error: fieldError('required') }).max(max, { error: fieldError('too-long') });

/** GET /api/blogs?locale=&page= */
export const blogListQuerySchema = z.object({ locale, page });
/** GET /api/blogs/:locale/:slug */
export const blogPostParamsSchema = z.object({ locale, slug: z.string().regex(slugPattern).max(BLOG_LIMITS.slug) });

export const blogCardSchema = z.object({
  id: z.number().int(),
  locale: z.enum(UI_LOCALES),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** /api/assets/{id}, or null without a cover. */
  cover_url: z.string().nullable(),
  published_at: z.string(),
});
export type BlogCard = z.infer<typeof blogCardSchema>;

export const blogListSchema = z.object({
  items: z.array(blogCardSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type BlogList = z.infer<typeof blogListSchema>;

export const blogPostSchema = blogCardSchema.extend({
  body_html: z.string(),
  /** The post's other published locales and their slugs (for the language switch). */
  translations: z.array(z.object({ locale: z.enum(UI_LOCALES), slug: z.string() })),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

// ---- Administrator -----------------------------------------------------------------------------

/** :id in /api/admin/blogs/:id */
export const adminBlogParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2 ** 31) });
/** :id/:locale in /api/admin/blogs/:id/versions/:locale */
export const adminBlogVersionParamsSchema = adminBlogParamsSchema.extend({ locale: z.enum(UI_LOCALES) });

/** An ISO timestamp (with Z or an offset), stored as UTC; null clears it. */
const publishAt = z.iso.datetime({ offset: true, error: fieldError('required') }).nullable();

/** One language version as the administrator writes it. */
export const blogVersionInputSchema = z.object({
  slug: blogSlugField,
  title: text(BLOG_LIMITS.title),
  excerpt: text(BLOG_LIMITS.excerpt),
  body_html: text(BLOG_LIMITS.body),
});
export type BlogVersionInput = z.infer<typeof blogVersionInputSchema>;

/** POST /api/admin/blogs: a new draft with its first version. */
export const adminBlogCreateSchema = blogVersionInputSchema.extend({ locale, publish_at: publishAt.optional() });
export type AdminBlogCreate = z.infer<typeof adminBlogCreateSchema>;

/** PUT /api/admin/blogs/:id: the post's own fields. */
export const adminBlogUpdateSchema = z.object({ publish_at: publishAt });

/** POST /api/admin/blogs/preview: the body as it will be stored and shown. */
export const blogPreviewSchema = z.object({ body_html: z.string().max(BLOG_LIMITS.body, { error: fieldError('too-long') }) });

export const adminBlogVersionSchema = z.object({
  locale: z.enum(UI_LOCALES),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body_html: z.string(),
  updated_at: z.string(),
});
export type AdminBlogVersion = z.infer<typeof adminBlogVersionSchema>;

export const adminBlogPostSchema = z.object({
  id: z.number().int(),
  status: z.enum(BLOG_STATUSES),
  publish_at: z.string().nullable(),
  cover_asset_id: z.string().nullable(),
  cover_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  versions: z.array(adminBlogVersionSchema),
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;

export const adminBlogListItemSchema = adminBlogPostSchema.omit({ versions: true }).extend({
  versions: z.array(adminBlogVersionSchema.pick({ locale: true, slug: true, title: true })),
});
export type AdminBlogListItem = z.infer<typeof adminBlogListItemSchema>;
