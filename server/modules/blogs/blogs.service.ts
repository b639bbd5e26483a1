/**
 * Blogs: the public list and post of a locale (only published posts whose publish date has come) and the
 * administrator's writing (posts, language versions, publishing, cover). Bodies are sanitised on save and again on
 * output (blog-html.ts); excerpts and titles are plain text. Every administrator action is audited.
 */
import { BLOG_COVER_RULES, BLOG_IMAGE_RULES, BLOG_PAGE_SIZE, type BlogImage, type AdminBlogCreate, type AdminBlogListItem, type AdminBlogPost, type BlogCard, type BlogList, type BlogPost, type BlogVersionInput } from '../../../shared/schemas/blogs.js';
import { UI_LOCALES, type UiLocale } from '../../../shared/locales.js';
import { localizedPath } from '../../../shared/routes.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { createAuditRepo } from '../admin/index.js';
import { createAssetsRepo, inspectImage, reencodeImage } from '../assets/index.js';
import type { UserRow } from '../auth/index.js';
import { plainText, sanitizeBlogHtml } from './blog-html.js';
import { createBlogsRepo, isUniqueViolation, type BlogPostRow, type BlogVersionRow, type PublicBlogRow } from './blogs.repo.js';

/** A public post's page head (the page server's PageArticle): plain-text title and excerpt, paths on this origin. */
export interface BlogPageArticle {
  title: string;
  description: string;
  /** /blogi/<slug>, /en/blogs/<slug>, … for each locale the post is written in (publication is per post). */
  paths: Partial<Record<UiLocale, string>>;
  /** /api/assets/{id}, or null without a cover. */
  image: string | null;
}

/**
 * The languages a reader of a locale is offered a post in when it is not written in theirs, most readable first
 * (Croatian, Serbian and Bosnian readers read each other's; Macedonian readers read Serbian best), then English; after
 * them any other (the blog of a language without posts of its own lists the others', marked).
 */
const READABLE: Record<UiLocale, readonly UiLocale[]> = {
  sl: ['hr', 'en'],
  en: [],
  hr: ['bs', 'sr', 'sl'],
  sr: ['bs', 'hr', 'mk'],
  bs: ['hr', 'sr'],
  mk: ['sr', 'bs', 'hr'],
  de: ['en'],
  fr: ['en'],
};

/** The order a locale's blog list picks each post's version in: the locale, its readable ones, English, the rest. */
export function blogLanguageOrder(locale: UiLocale): UiLocale[] {
  return [...new Set<UiLocale>([locale, ...READABLE[locale], 'en', ...UI_LOCALES])];
}

const coverUrl = (assetId: string | null) => (assetId ? `/api/assets/${assetId}` : null);

function toCard(row: PublicBlogRow): BlogCard {
  return {
    id: row.id,
    locale: row.locale,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    cover_url: coverUrl(row.cover_asset_id),
    published_at: row.publish_at,
  };
}

/** What the administrator wrote, as it is stored: a sanitised body, plain-text title and excerpt. */
export function cleanVersion(input: BlogVersionInput): BlogVersionInput {
  const body = sanitizeBlogHtml(input.body_html);
  return { slug: input.slug, title: plainText(input.title), excerpt: plainText(input.excerpt), body_html: body };
}

function toAdminPost(row: BlogPostRow, versions: BlogVersionRow[]): AdminBlogPost {
  return {
    id: row.id,
    status: row.status,
    publish_at: row.publish_at,
    cover_asset_id: row.cover_asset_id,
    cover_url: coverUrl(row.cover_asset_id),
    created_at: row.created_at,
    updated_at: row.updated_at,
    versions: versions.map((v) => ({ locale: v.locale, slug: v.slug, title: v.title, excerpt: v.excerpt, body_html: sanitizeBlogHtml(v.body_html), updated_at: v.updated_at })),
  };
}

export function createBlogsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const repo = createBlogsRepo(db);
  const audit = createAuditRepo(db);
  const assets = createAssetsRepo(db);
  const nowIso = () => (deps.now ? deps.now() : new Date()).toISOString();
  const record = async (actor: UserRow, action: string, id: number, details?: Record<string, unknown>) =>
    await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action, targetType: 'blog_post', targetId: id, details });

  const postOrThrow = async (id: number) => {
    const row = await repo.post(id);
    if (!row) throw new AppError('not-found');
    return row;
  };
  const adminPost = async (id: number): Promise<AdminBlogPost> => toAdminPost(await postOrThrow(id), await repo.versions([id]));

  /**
   * JPEG/PNG by content, at most `rules.maxBytes`, between its minimum and maximum size (422
   * image-dimensions-too-large, from the header, before decoding), re-encoded to fit inside its stored maximum.
   */
  const checkedImage = async (body: unknown, rules: typeof BLOG_COVER_RULES | typeof BLOG_IMAGE_RULES) => {
    const image = inspectImage(body, rules.maxBytes);
    if (image.width > rules.maxWidth || image.height > rules.maxHeight) {
      const vars = { width: String(image.width), height: String(image.height), maxWidth: String(rules.maxWidth), maxHeight: String(rules.maxHeight) };
      throw new AppError('image-dimensions-too-large', { details: { width: image.width, height: image.height, rules }, vars });
    }
    if (image.width < rules.minWidth || image.height < rules.minHeight) {
      throw new AppError('image-dimensions', { details: { width: image.width, height: image.height, rules } });
    }
    const stored = await reencodeImage(image, { width: rules.storedMaxWidth, height: rules.storedMaxHeight }, rules.maxWidth * rules.maxHeight);
    return { image, stored };
  };

  /** 409 slug-taken when another post uses the slug in this locale. */
  const checkSlug = async (locale: UiLocale, slug: string, postId: number | null) => {
    const owner = await repo.slugOwner(locale, slug);
    if (owner !== undefined && owner !== postId) throw new AppError('slug-taken');
  };
  /** Writes inside a transaction; a slug taken at the same moment by another request is still a 409, not a 500. */
  const guarded = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('slug-taken', { cause: error });
      throw error;
    }
  };

  return {
    async list(locale: UiLocale, page: number): Promise<BlogList> {
      // Every public post, in this language where it is written in it, else in the most readable one (the card's locale).
      const { rows, total } = await repo.publicPageAnyLanguage(blogLanguageOrder(locale), nowIso(), BLOG_PAGE_SIZE, (page - 1) * BLOG_PAGE_SIZE);
      return { items: rows.map(toCard), page, page_size: BLOG_PAGE_SIZE, total, total_pages: Math.ceil(total / BLOG_PAGE_SIZE) };
    },

    /** One published post of a locale; 404 when unknown, a draft, unpublished, scheduled for later or not in this locale. */
    async post(locale: UiLocale, slug: string): Promise<BlogPost> {
      const now = nowIso();
      const row = await repo.publicPost(locale, slug, now);
      if (!row) throw new AppError('not-found');
      const translations = (await repo.localesOf(row.id)).filter((v) => v.locale !== locale);
      return { ...toCard(row), body_html: sanitizeBlogHtml(row.body_html), translations };
    },

    /**
     * What a locale's post page says before any script runs (the page server's head: title, excerpt, the post's page
     * in each of its locales, the cover); undefined when the post is not public there now (the page server answers 404).
     */
    async pageArticle(locale: UiLocale, slug: string): Promise<BlogPageArticle | undefined> {
      const row = await repo.publicPostHead(locale, slug, nowIso());
      if (!row) return undefined;
      const paths: Partial<Record<UiLocale, string>> = {};
      for (const v of await repo.localesOf(row.id)) paths[v.locale] = localizedPath('blogPost', v.locale, { slug: v.slug });
      return { title: row.title, description: row.excerpt, paths, image: coverUrl(row.cover_asset_id) };
    },

    /** The public posts for the sitemap: one page per post, its path in each locale it is published in (hreflang). */
    async sitemapPages(): Promise<{ paths: Partial<Record<UiLocale, string>>; lastmod: string | null }[]> {
      const pages = new Map<number, { paths: Partial<Record<UiLocale, string>>; lastmod: string }>();
      for (const v of await repo.publicVersions(nowIso())) {
        const page = pages.get(v.id) ?? { paths: {}, lastmod: v.updated_at };
        page.paths[v.locale] = localizedPath('blogPost', v.locale, { slug: v.slug });
        pages.set(v.id, page);
      }
      if (pages.size === 0) return [];
      // The blog list is listed only while it has posts: then every language's list shows them (its own or, marked,
      // the others'), and none is an empty page.
      const list = { paths: Object.fromEntries(UI_LOCALES.map((l) => [l, localizedPath('blogs', l)])) as Partial<Record<UiLocale, string>>, lastmod: null };
      return [list, ...pages.values()];
    },

    async adminList(): Promise<AdminBlogListItem[]> {
      const posts = await repo.posts();
      const versions = await repo.versions(posts.map((p) => p.id));
      return posts.map((p) => ({
        ...toAdminPost(p, []),
        versions: versions.filter((v) => v.post_id === p.id).map((v) => ({ locale: v.locale, slug: v.slug, title: v.title })),
      }));
    },

    adminPost,

    preview(bodyHtml: string): string {
      return sanitizeBlogHtml(bodyHtml);
    },

    async create(actor: UserRow, input: AdminBlogCreate): Promise<AdminBlogPost> {
      const version = cleanVersion(input);
      const now = nowIso();
      const publishAt = input.publish_at ? new Date(input.publish_at).toISOString() : null;
      const id = await guarded(async () => {
        await checkSlug(input.locale, version.slug, null);
        const postId = await repo.insertPost({ status: 'draft', publishAt, now });
        await repo.saveVersion(postId, input.locale, version, now);
        await record(actor, 'blog.create', postId, { locale: input.locale, slug: version.slug });
        return postId;
      });
      return await adminPost(id);
    },

    async update(actor: UserRow, id: number, input: { publish_at: string | null }): Promise<AdminBlogPost> {
      await postOrThrow(id);
      const publishAt = input.publish_at ? new Date(input.publish_at).toISOString() : null;
      await db.transaction(async () => {
        await repo.setPublishAt(id, publishAt, nowIso());
        await record(actor, 'blog.update', id, { publish_at: publishAt });
      });
      return await adminPost(id);
    },

    async saveVersion(actor: UserRow, id: number, locale: UiLocale, input: BlogVersionInput): Promise<AdminBlogPost> {
      await postOrThrow(id);
      const version = cleanVersion(input);
      await guarded(async () => {
        await checkSlug(locale, version.slug, id);
        await repo.saveVersion(id, locale, version, nowIso());
        await record(actor, 'blog.save-version', id, { locale, slug: version.slug });
      });
      return await adminPost(id);
    },

    /** Removes a language version; the last one cannot go (delete the post instead). */
    async deleteVersion(actor: UserRow, id: number, locale: UiLocale): Promise<AdminBlogPost> {
      await postOrThrow(id);
      const versions = await repo.localesOf(id);
      if (!versions.some((v) => v.locale === locale)) throw new AppError('not-found');
      if (versions.length === 1) throw new AppError('invalid-state');
      await db.transaction(async () => {
        await repo.deleteVersion(id, locale, nowIso());
        await record(actor, 'blog.delete-version', id, { locale });
      });
      return await adminPost(id);
    },

    /** Publishes (from its publish date, or now when it has none) or withdraws a post. */
    async setPublished(actor: UserRow, id: number, publish: boolean): Promise<AdminBlogPost> {
      const row = await postOrThrow(id);
      const now = nowIso();
      await db.transaction(async () => {
        if (publish) await repo.setStatus(id, 'published', row.publish_at ?? now, now);
        else await repo.setStatus(id, 'unpublished', row.publish_at, now);
        await record(actor, publish ? 'blog.publish' : 'blog.unpublish', id);
      });
      return await adminPost(id);
    },

    /**
     * JPEG/PNG by content, at most BLOG_COVER_RULES.maxBytes, between its minimum and maximum size (422
     * image-dimensions-too-large, from the header, before decoding), stored re-encoded to fit inside its stored maximum.
     * Replaces (and deletes) the previous cover.
     */
    async setCover(actor: UserRow, id: number, body: unknown): Promise<AdminBlogPost> {
      const row = await postOrThrow(id);
      const { image, stored } = await checkedImage(body, BLOG_COVER_RULES);
      await db.transaction(async () => {
        const assetId = await assets.insert({ contentType: stored.contentType, bytes: stored.bytes });
        await repo.setCover(id, assetId, nowIso());
        if (row.cover_asset_id) await repo.deleteAsset(row.cover_asset_id);
        await record(actor, 'blog.cover', id, { width: image.width, height: image.height, stored_width: stored.width, stored_height: stored.height });
      });
      return await adminPost(id);
    },

    /**
     * An image for a post's text: the same checks as a cover (BLOG_IMAGE_RULES), stored in the assets store; the
     * answer is what the editor places in the body. It stays in the store when a body no longer shows it (another
     * version or an earlier text may).
     */
    async addImage(actor: UserRow, id: number, body: unknown): Promise<BlogImage> {
      await postOrThrow(id);
      const { image, stored } = await checkedImage(body, BLOG_IMAGE_RULES);
      const assetId = await db.transaction(async () => {
        const inserted = await assets.insert({ contentType: stored.contentType, bytes: stored.bytes });
        await record(actor, 'blog.image', id, { asset_id: inserted, width: image.width, height: image.height, stored_width: stored.width, stored_height: stored.height });
        return inserted;
      });
      return { src: `/api/assets/${assetId}`, width: stored.width, height: stored.height };
    },

    async deleteCover(actor: UserRow, id: number): Promise<AdminBlogPost> {
      const row = await postOrThrow(id);
      await db.transaction(async () => {
        await repo.setCover(id, null, nowIso());
        if (row.cover_asset_id) await repo.deleteAsset(row.cover_asset_id);
        await record(actor, 'blog.delete-cover', id);
      });
      return await adminPost(id);
    },

    async remove(actor: UserRow, id: number): Promise<void> {
      const row = await postOrThrow(id);
      const versions = await repo.localesOf(id);
      await db.transaction(async () => {
        await repo.deletePost(id);
        if (row.cover_asset_id) await repo.deleteAsset(row.cover_asset_id);
        await record(actor, 'blog.delete', id, { slugs: versions.map((v) => `${v.locale}:${v.slug}`) });
      });
    },
  };
}
export type BlogsService = ReturnType<typeof createBlogsService>;
