/**
 * The blog editor's document model (ProseMirror): exactly what the server's sanitiser keeps
 * (server/modules/blogs/blog-html.ts) and nothing else — paragraphs, h2/h3, lists, quotes, line breaks, bold, italic,
 * links (http, https, mailto) and images from the assets store. A stored body is parsed into it (b/i read as
 * strong/em; anything the model has no place for is dropped the way the sanitiser drops it), and `serializeBlogHtml`
 * writes it back as the sanitiser's own output, character for character (blog-html.test.ts checks that the sanitiser
 * returns it unchanged).
 */
import { DOMParser as PmDOMParser, Schema, type Mark, type Node as PmNode } from 'prosemirror-model';
import { BLOG_ASSET_IMAGE_SRC as ASSET_IMAGE_SRC } from '../../../../shared/schemas/blogs';

/** A link target the sanitiser keeps: http, https, mailto or a path on this site. */
export const LINK_HREF = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|\/(?!\/)[^\s]*)$/i;
/** An image dimension the sanitiser keeps. */
const DIMENSION = /^[1-9][0-9]{0,3}$/;

const dimension = (value: string | null): number | null => (value && DIMENSION.test(value) ? Number(value) : null);

export const blogSchema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { content: 'inline*', group: 'block', parseDOM: [{ tag: 'p' }], toDOM: () => ['p', 0] },
    heading: {
      attrs: { level: { default: 2, validate: 'number' } },
      content: 'inline*',
      group: 'block',
      defining: true,
      parseDOM: [
        { tag: 'h2', attrs: { level: 2 } },
        { tag: 'h3', attrs: { level: 3 } },
      ],
      toDOM: (node) => [`h${String(node.attrs.level)}`, 0],
    },
    blockquote: { content: 'block+', group: 'block', defining: true, parseDOM: [{ tag: 'blockquote' }], toDOM: () => ['blockquote', 0] },
    bullet_list: { content: 'list_item+', group: 'block', parseDOM: [{ tag: 'ul' }], toDOM: () => ['ul', 0] },
    ordered_list: { content: 'list_item+', group: 'block', parseDOM: [{ tag: 'ol' }], toDOM: () => ['ol', 0] },
    list_item: { content: 'paragraph block*', defining: true, parseDOM: [{ tag: 'li' }], toDOM: () => ['li', 0] },
    text: { group: 'inline' },
    image: {
      inline: true,
      group: 'inline',
      draggable: true,
      attrs: { src: { validate: 'string' }, alt: { default: '', validate: 'string' }, width: { default: null }, height: { default: null } },
      parseDOM: [
        {
          tag: 'img[src]',
          getAttrs: (dom) => {
            const src = dom.getAttribute('src') ?? '';
            if (!ASSET_IMAGE_SRC.test(src)) return false;
            return { src, alt: dom.getAttribute('alt') ?? '', width: dimension(dom.getAttribute('width')), height: dimension(dom.getAttribute('height')) };
          },
        },
      ],
      toDOM: (node) => {
        const { src, alt, width, height } = node.attrs as ImageAttrs;
        return ['img', { src, alt, ...(width ? { width: String(width) } : {}), ...(height ? { height: String(height) } : {}) }];
      },
    },
    hard_break: { inline: true, group: 'inline', selectable: false, parseDOM: [{ tag: 'br' }], toDOM: () => ['br'] },
  },
  marks: {
    link: {
      attrs: { href: { validate: 'string' } },
      inclusive: false,
      parseDOM: [
        {
          tag: 'a[href]',
          getAttrs: (dom) => {
            const href = dom.getAttribute('href') ?? '';
            return LINK_HREF.test(href) ? { href } : false;
          },
        },
      ],
      toDOM: (mark) => ['a', { href: (mark.attrs as { href: string }).href, rel: 'noopener noreferrer' }, 0],
    },
    strong: { parseDOM: [{ tag: 'strong' }, { tag: 'b' }], toDOM: () => ['strong', 0] },
    em: { parseDOM: [{ tag: 'em' }, { tag: 'i' }], toDOM: () => ['em', 0] },
  },
});

export interface ImageAttrs {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/** A stored body as the editor's document (parsed by the browser's DOM, which never runs what it parses here). */
export function parseBlogHtml(html: string): PmNode {
  const container = document.createElement('div');
  // A <template>'s content is inert: images do not load and nothing runs while it is parsed.
  const template = document.createElement('template');
  template.innerHTML = html;
  container.appendChild(template.content);
  return PmDOMParser.fromSchema(blogSchema).parse(container);
}

/** The sanitiser's escaping: text escapes &, < and >; attribute values also ". */
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** Marks outermost first, in the schema's order (link, strong, em), as ProseMirror keeps them sorted. */
function openMark(mark: Mark): string {
  if (mark.type.name === 'link') return `<a href="${escapeAttr((mark.attrs as { href: string }).href)}" rel="noopener noreferrer">`;
  return `<${mark.type.name}>`;
}
const closeMark = (mark: Mark) => (mark.type.name === 'link' ? '</a>' : `</${mark.type.name}>`);

function serializeInline(parent: PmNode): string {
  let out = '';
  let open: readonly Mark[] = [];
  parent.forEach((child) => {
    const marks = child.marks;
    // Keep the marks both share (a common prefix), close the rest, open the new ones.
    let keep = 0;
    while (keep < open.length && keep < marks.length && open[keep]!.eq(marks[keep]!)) keep++;
    for (let i = open.length - 1; i >= keep; i--) out += closeMark(open[i]!);
    for (let i = keep; i < marks.length; i++) out += openMark(marks[i]!);
    open = marks;
    if (child.isText) out += escapeText(child.text ?? '');
    else if (child.type.name === 'hard_break') out += '<br />';
    else if (child.type.name === 'image') {
      const { src, alt, width, height } = child.attrs as ImageAttrs;
      out += `<img src="${escapeAttr(src)}" alt="${escapeAttr(alt)}"`;
      if (width) out += ` width="${String(width)}"`;
      if (height) out += ` height="${String(height)}"`;
      out += ' loading="lazy" />';
    }
  });
  for (let i = open.length - 1; i >= 0; i--) out += closeMark(open[i]!);
  return out;
}

function serializeBlock(node: PmNode): string {
  switch (node.type.name) {
    case 'paragraph':
      return `<p>${serializeInline(node)}</p>`;
    case 'heading': {
      const tag = `h${String((node.attrs as { level: number }).level === 3 ? 3 : 2)}`;
      return `<${tag}>${serializeInline(node)}</${tag}>`;
    }
    case 'blockquote':
      return `<blockquote>${serializeChildren(node)}</blockquote>`;
    case 'bullet_list':
      return `<ul>${serializeChildren(node)}</ul>`;
    case 'ordered_list':
      return `<ol>${serializeChildren(node)}</ol>`;
    case 'list_item':
      return `<li>${serializeChildren(node)}</li>`;
    default:
      return '';
  }
}

function serializeChildren(node: PmNode): string {
  let out = '';
  node.forEach((child) => (out += serializeBlock(child)));
  return out;
}

/** The document as the body's HTML, exactly as the server's sanitiser writes it; an empty document is ''. */
export function serializeBlogHtml(doc: PmNode): string {
  if (doc.childCount === 1 && doc.firstChild?.type.name === 'paragraph' && doc.firstChild.childCount === 0) return '';
  return serializeChildren(doc);
}
