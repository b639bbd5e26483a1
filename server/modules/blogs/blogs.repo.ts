import type { UiLocale } from '../../../shared/locales.js';
import type { BlogStatus, BlogVersionInput } from '../../../shared/schemas/blogs.js';
import type { Db } from '../../db/connection.js';

export interface BlogPostRow {
  id: number;
  status: BlogStatus;
  publish_at: string | null;
  cover_asset_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface BlogVersionRow {
  post_id: number;
  locale: UiLocale;
  slug: string;
  title: string;
  excerpt: string;
  body_html: string;
  updated_at: string;
}

/** A published version as the public sees it: the version and its post's date and cover. */
export interface PublicBlogRow {
  id: number;
  locale: UiLocale;
  slug: string;
  title: string;
  excerpt: string;
  body_html: string;
  publish_at: string;
  cover_asset_id: string | null;
}

const POST_COLUMNS = 'id, status, publish_at, cover_asset_id, created_at, updated_at';
const VERSION_COLUMNS = 'post_id, locale, slug, title, excerpt, body_html, updated_at';
/** A post the public may read at `now` (the first parameter). */
const VISIBLE = "p.status = 'published' AND p.publish_at IS NOT NULL AND p.publish_at <= ?";

/** A UNIQUE violation on either engine (SQLite's constraint code, PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export function createBlogsRepo(db: Db) {
  return {
    async publicPage(locale: UiLocale, now: string, limit: number, offset: number): Promise<{ rows: PublicBlogRow[]; total: number }> {
      const rows = await db.all<PublicBlogRow>(
        `SELECT p.id, v.locale, v.slug, v.title, v.excerpt, '' AS body_html, p.publish_at, p.cover_asset_id
         FROM blog_post_versions v JOIN blog_posts p ON p.id = v.post_id
         WHERE v.locale = ? AND ${VISIBLE}
         ORDER BY p.publish_at DESC, p.id DESC LIMIT ? OFFSET ?`,
        [locale, now, limit, offset],
      );
      const total = (await db.get<{ n: number }>(
        `SELECT count(*) AS n FROM blog_post_versions v JOIN blog_posts p ON p.id = v.post_id WHERE v.locale = ? AND ${VISIBLE}`,
        [locale, now],
      ))?.n ?? 0;
      return { rows, total: Number(total) };
    },

    /**
     * A page of every public post, each once: in the first locale of `order` it is written in (order[0] is the page's
     * language). The posts written in order[0] come first, then the others; newest first within each.
     */
    async publicPageAnyLanguage(order: readonly UiLocale[], now: string, limit: number, offset: number): Promise<{ rows: PublicBlogRow[]; total: number }> {
      const rank = `CASE v2.locale ${order.map(() => 'WHEN ? THEN').map((w, i) => `${w} ${String(i)}`).join(' ')} ELSE ${String(order.length)} END`;
      const rows = await db.all<PublicBlogRow>(
        `SELECT p.id, v.locale, v.slug, v.title, v.excerpt, '' AS body_html, p.publish_at, p.cover_asset_id
         FROM blog_posts p JOIN blog_post_versions v ON v.post_id = p.id
         WHERE ${VISIBLE}
           AND v.locale = (SELECT v2.locale FROM blog_post_versions v2 WHERE v2.post_id = p.id ORDER BY ${rank}, v2.locale LIMIT 1)
         ORDER BY CASE WHEN v.locale = ? THEN 0 ELSE 1 END, p.publish_at DESC, p.id DESC LIMIT ? OFFSET ?`,
        [now, ...order, order[0] ?? '', limit, offset],
      );
      const total = (await db.get<{ n: number }>(
        `SELECT count(*) AS n FROM blog_posts p WHERE ${VISIBLE} AND EXISTS (SELECT 1 FROM blog_post_versions v WHERE v.post_id = p.id)`,
        [now],
      ))?.n ?? 0;
      return { rows, total: Number(total) };
    },

    async publicPost(locale: UiLocale, slug: string, now: string): Promise<PublicBlogRow | undefined> {
      return await db.get<PublicBlogRow>(
        `SELECT p.id, v.locale, v.slug, v.title, v.excerpt, v.body_html, p.publish_at, p.cover_asset_id
         FROM blog_post_versions v JOIN blog_posts p ON p.id = v.post_id
         WHERE v.locale = ? AND v.slug = ? AND ${VISIBLE}`,
        [locale, slug, now],
      );
    },

    /** A public version's head without its body (the post page's <head>). */
    async publicPostHead(locale: UiLocale, slug: string, now: string): Promise<Omit<PublicBlogRow, 'body_html'> | undefined> {
      return await db.get<Omit<PublicBlogRow, 'body_html'>>(
        `SELECT p.id, v.locale, v.slug, v.title, v.excerpt, p.publish_at, p.cover_asset_id
         FROM blog_post_versions v JOIN blog_posts p ON p.id = v.post_id
         WHERE v.locale = ? AND v.slug = ? AND ${VISIBLE}`,
        [locale, slug, now],
      );
    },

    /** Every public version now, newest post first (the sitemap). */
    async publicVersions(now: string): Promise<{ id: number; locale: UiLocale; slug: string; updated_at: string }[]> {
      return await db.all<{ id: number; locale: UiLocale; slug: string; updated_at: string }>(
        `SELECT p.id, v.locale, v.slug, p.updated_at FROM blog_post_versions v JOIN blog_posts p ON p.id = v.post_id
         WHERE ${VISIBLE} ORDER BY p.publish_at DESC, p.id DESC, v.locale`,
        [now],
      );
    },

    async localesOf(postId: number): Promise<{ locale: UiLocale; slug: string }[]> {
      return await db.all<{ locale: UiLocale; slug: string }>('SELECT locale, slug FROM blog_post_versions WHERE post_id = ? ORDER BY locale', [postId]);
    },

    async posts(): Promise<BlogPostRow[]> {
      return await db.all<BlogPostRow>(`SELECT ${POST_COLUMNS} FROM blog_posts ORDER BY COALESCE(publish_at, created_at) DESC, id DESC`);
    },

    async post(id: number): Promise<BlogPostRow | undefined> {
      return await db.get<BlogPostRow>(`SELECT ${POST_COLUMNS} FROM blog_posts WHERE id = ?`, [id]);
    },

    async versions(postIds: number[]): Promise<BlogVersionRow[]> {
      if (postIds.length === 0) return [];
      return await db.all<BlogVersionRow>(
        `SELECT ${VERSION_COLUMNS} FROM blog_post_versions WHERE post_id IN (${postIds.map(() => '?').join(', ')}) ORDER BY post_id, locale`,
        postIds,
      );
    },

    /** The post that uses a slug in a locale, if any. */
    async slugOwner(locale: UiLocale, slug: string): Promise<number | undefined> {
      return (await db.get<{ post_id: number }>('SELECT post_id FROM blog_post_versions WHERE locale = ? AND slug = ?', [locale, slug]))?.post_id;
    },

    async insertPost(post: { status: BlogStatus; publishAt: string | null; coverAssetId?: string | null; now: string }): Promise<number> {
      return await db.insert('INSERT INTO blog_posts (status, publish_at, cover_asset_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
        post.status,
        post.publishAt,
        post.coverAssetId ?? null,
        post.now,
        post.now,
      ]);
    },

    async saveVersion(postId: number, locale: UiLocale, v: BlogVersionInput, now: string): Promise<void> {
      await db.run(
        `INSERT INTO blog_post_versions (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (post_id, locale) DO UPDATE SET slug = excluded.slug, title = excluded.title, excerpt = excluded.excerpt,
           body_html = excluded.body_html, updated_at = excluded.updated_at`,
        [postId, locale, v.slug, v.title, v.excerpt, v.body_html, now, now],
      );
      await db.run('UPDATE blog_posts SET updated_at = ? WHERE id = ?', [now, postId]);
    },

    async deleteVersion(postId: number, locale: UiLocale, now: string): Promise<number> {
      const { changes } = await db.run('DELETE FROM blog_post_versions WHERE post_id = ? AND locale = ?', [postId, locale]);
      await db.run('UPDATE blog_posts SET updated_at = ? WHERE id = ?', [now, postId]);
      return changes;
    },

    async setStatus(id: number, status: BlogStatus, publishAt: string | null, now: string): Promise<void> {
      await db.run('UPDATE blog_posts SET status = ?, publish_at = ?, updated_at = ? WHERE id = ?', [status, publishAt, now, id]);
    },

    async setPublishAt(id: number, publishAt: string | null, now: string): Promise<void> {
      await db.run('UPDATE blog_posts SET publish_at = ?, updated_at = ? WHERE id = ?', [publishAt, now, id]);
    },

    async setCover(id: number, assetId: string | null, now: string): Promise<void> {
      await db.run('UPDATE blog_posts SET cover_asset_id = ?, updated_at = ? WHERE id = ?', [assetId, now, id]);
    },

    async deletePost(id: number): Promise<void> {
      await db.run('DELETE FROM blog_posts WHERE id = ?', [id]);
    },

    async deleteAsset(id: string): Promise<void> {
      await db.run('DELETE FROM assets WHERE id = ?', [id]);
    },

    async count(): Promise<number> {
      return Number((await db.get<{ n: number }>('SELECT count(*) AS n FROM blog_posts'))?.n ?? 0);
    },
  };
}
export type BlogsRepo = ReturnType<typeof createBlogsRepo>;
