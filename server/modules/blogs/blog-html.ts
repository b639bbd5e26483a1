/**
 * Blog bodies: a small, safe subset of HTML, sanitised with sanitize-html on save AND on output (a body stored before
 * a rule changed, or written to the database by other means, is still cleaned before anyone sees it).
 *
 * Allowed: paragraphs, line breaks, h2/h3, bold/italic, lists, blockquote, links (http, https, mailto; always
 * rel="noopener noreferrer", target only _blank) and images from the assets store only (/api/assets/<uuid>, with an
 * optional ?key= variant). Everything else goes: scripts, styles, event attributes, iframes, foreign images.
 */
import sanitizeHtml from 'sanitize-html';
import { BLOG_ASSET_IMAGE_SRC } from '../../../shared/schemas/blogs.js';

/** An image source the assets store serves: /api/assets/<uuid>[?key=<variant>]. */
export const ASSET_IMAGE_SRC = BLOG_ASSET_IMAGE_SRC;

export const BLOG_ALLOWED_TAGS = ['p', 'br', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'] as const;

export const BLOG_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOG_ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of a removed script, style or iframe is dropped, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = { ...attribs, rel: 'noopener noreferrer' };
      if (attributes.target && attributes.target !== '_blank') delete attributes.target;
      return { tagName, attribs: attributes };
    },
    img: (tagName, attribs) => {
      const attributes: Record<string, string> = { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' };
      for (const key of ['width', 'height']) if (attributes[key] !== undefined && !/^[1-9][0-9]{0,3}$/.test(attributes[key])) delete attributes[key];
      return { tagName, attribs: attributes };
    },
  },
  // An image whose source is not the assets store is removed entirely (with its empty src, too).
  exclusiveFilter: (frame) => frame.tag === 'img' && !ASSET_IMAGE_SRC.test(frame.attribs.src ?? ''),
};
// loading="lazy" is added by the transform; it must survive the attribute filter that runs after it.
(BLOG_SANITIZE_OPTIONS.allowedAttributes as Record<string, string[]>).img?.push('loading');

/** The body as it may be stored and shown. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, BLOG_SANITIZE_OPTIONS).trim();
}

/**
 * A title or excerpt as it is stored: plain text exactly as written, white space collapsed. It is never HTML, so
 * nothing in it is escaped or removed here ("Q&A", "a < b", "<b>" stay as typed); every output escapes it once (React
 * in the pages, escapeHtml in the page head) and JSON carries it as it is.
 */
export function plainText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
