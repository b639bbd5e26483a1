/**
 * The operator's first blog posts (server/seed/seed-blog-posts.json): three posts in sl, en and hr, published some
 * days before the first start, each with a generated cover in the assets store. Seeded once (settings.blogs_seeded),
 * also on databases seeded before blogs existed; a post the administrator deletes or edits is left as it is.
 * The texts are the operator's content in the languages it was written in, not site texts, so they are not in
 * shared/i18n (which needs every UI locale).
 */
import type { UiLocale } from '../../shared/locales.js';
import { createAssetsRepo } from '../modules/assets/index.js';
import { cleanVersion, createBlogsRepo } from '../modules/blogs/index.js';
import { createSiteRepo, SETTING_KEYS } from '../modules/site/index.js';
import type { Db } from '../db/connection.js';
import seedPosts from './seed-blog-posts.json' with { type: 'json' };

interface SeedVersion {
  slug: string;
  title: string;
  excerpt: string;
  body_html: string;
}
interface SeedPost {
  key: string;
  days_ago: number;
  cover: { from: string; to: string; accent: string };
  versions: Partial<Record<UiLocale, SeedVersion>>;
}

export const SEED_BLOG_POSTS: SeedPost[] = (seedPosts as { posts: SeedPost[] }).posts;

/** An abstract 1200x630 cover (no text, so it fits every language). */
export function coverSvg(cover: SeedPost['cover'], variant: number): Buffer {
  const circles = [0, 1, 2]
    .map((i) => `<circle cx="${String(260 + ((variant * 170 + i * 310) % 900))}" cy="${String(140 + ((variant * 90 + i * 160) % 380))}" r="${String(90 + i * 50)}" fill="${cover.accent}" fill-opacity="${(0.18 + i * 0.08).toFixed(2)}"/>`)
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${cover.from}"/><stop offset="1" stop-color="${cover.to}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>${circles}
<path d="M0 520 C 300 440, 600 600, 1200 480 L 1200 630 L 0 630 Z" fill="#ffffff" fill-opacity="0.16"/>
</svg>
`,
    'utf8',
  );
}

/** Seeds the first posts once; returns true when it ran now. */
export async function ensureBlogPosts(db: Db, now: Date = new Date()): Promise<boolean> {
  const site = createSiteRepo(db);
  if (await site.getSetting(SETTING_KEYS.blogsSeeded)) return false;
  const blogs = createBlogsRepo(db);
  const assets = createAssetsRepo(db);
  await db.transaction(async () => {
    const stamp = now.toISOString();
    for (const [index, post] of SEED_BLOG_POSTS.entries()) {
      const entries = Object.entries(post.versions) as [UiLocale, SeedVersion][];
      // A slug the administrator already uses in a language is left to them.
      const free: [UiLocale, SeedVersion][] = [];
      for (const [locale, version] of entries) if ((await blogs.slugOwner(locale, version.slug)) === undefined) free.push([locale, version]);
      if (free.length === 0) continue;
      const coverId = await assets.insert({ contentType: 'image/svg+xml', bytes: coverSvg(post.cover, index) });
      const publishAt = new Date(now.getTime() - post.days_ago * 86_400_000).toISOString();
      const id = await blogs.insertPost({ status: 'published', publishAt, coverAssetId: coverId, now: stamp });
      for (const [locale, version] of free) await blogs.saveVersion(id, locale, cleanVersion(version), stamp);
    }
    await site.setSetting(SETTING_KEYS.blogsSeeded, stamp);
  });
  return true;
}
