/**
 * Blog titles and excerpts as the old save stored them (before titles were plain text: HTML-escaped by the sanitiser), for the
 * migration tests of both engines (0015_blog_titles_plain_text).
 */
import sanitizeHtml from 'sanitize-html';

/** The old `plainText`: sanitize-html's text (tags removed, entities read, then &, < and > escaped), white space collapsed. */
export function oldPlainText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' }).replace(/\s+/g, ' ').trim();
}

/** [what the administrator wrote, the plain text the migration leaves]. */
export const BLOG_TEXT_CASES: [string, string][] = [
  ['Q&A: what employees ask', 'Q&A: what employees ask'],
  ['a < b > c && d', 'a < b > c && d'],
  ['Tom &amp; Jerry, &lt;b&gt; as entities', 'Tom & Jerry, <b> as entities'],
  ['&amp;lt; typed twice', '&lt; typed twice'],
  ['<b>Bold</b> "quoted" č š ž', 'Bold "quoted" č š ž'],
  ['Nothing to change', 'Nothing to change'],
];
