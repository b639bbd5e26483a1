-- Blogs: posts the operator writes, per locale.
--
-- blog_posts: one post, whatever languages it is written in. status: draft (being written, never public), published
-- (public from publish_at on), unpublished (withdrawn; stays in the administration). publish_at is an ISO timestamp,
-- NULL until the post is first published (publishing without a date uses the moment of publishing). The cover is an
-- asset (the assets store); deleting the asset leaves the post without a cover.
CREATE TABLE blog_posts (
  id INTEGER PRIMARY KEY,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'unpublished')),
  publish_at TEXT,
  cover_asset_id TEXT REFERENCES assets (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE INDEX blog_posts_public ON blog_posts (status, publish_at);

-- A post's version in one UI locale: a post exists in the locales it was written in. The slug is unique per locale
-- (/blogs/{slug} in that locale's path); body_html is stored as sanitised on save (and sanitised again on output).
CREATE TABLE blog_post_versions (
  post_id INTEGER NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
  locale TEXT NOT NULL CHECK (locale IN ('sl', 'en', 'hr', 'sr', 'bs', 'mk', 'de', 'fr')),
  slug TEXT NOT NULL CHECK (length(slug) BETWEEN 1 AND 120),
  title TEXT NOT NULL,
  excerpt TEXT NOT NULL,
  body_html TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (post_id, locale),
  UNIQUE (locale, slug)
) STRICT;
