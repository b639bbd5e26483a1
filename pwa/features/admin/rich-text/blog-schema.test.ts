/**
 * The rich-text editor's output is the server's sanitised HTML exactly: whatever the editor's document
 * holds, `serializeBlogHtml` writes what `sanitizeBlogHtml` (server/modules/blogs/blog-html.ts) returns unchanged, and
 * reading it back gives the same document. Stored bodies (the seeded posts, hand-written HTML with b/i, foreign images,
 * scripts) are read into the document the way the sanitiser would keep them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node as PmNode } from 'prosemirror-model';
import { sanitizeBlogHtml } from '../../../../server/modules/blogs/blog-html';
import { blogSchema, parseBlogHtml, serializeBlogHtml } from './blog-schema';

const { nodes, marks } = blogSchema;
const IMAGE = '/api/assets/0b6f4c9e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';

/** Text with what HTML escapes (&, <, >, quotes), accents, Cyrillic, a no-break space and spaces at the edges. */
const textArb = fc.stringMatching(/^[a-zčšž &<>"'ЖшA-Z0-9.\u00a0-]{1,12}$/);
const hrefArb = fc.constantFrom('https://example.com/a?b=1&c="2"', 'http://izz.si', 'mailto:ana@example.com', '/sl/blogi', 'https://x.si/<tag>');
const markSetArb = fc.record({ strong: fc.boolean(), em: fc.boolean(), link: fc.option(hrefArb, { nil: null }) });

type InlineItem =
  | { kind: 'text'; text: string; m: { strong: boolean; em: boolean; link: string | null } }
  | { kind: 'br' }
  | { kind: 'img'; alt: string; size: [number, number] | null };

const inlineArb: fc.Arbitrary<InlineItem[]> = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: fc.tuple(textArb, markSetArb).map(([text, m]) => ({ kind: 'text' as const, text, m })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'br' as const }) },
    {
      weight: 1,
      arbitrary: fc
        .record({ alt: fc.stringMatching(/^[a-z "&<>]{0,8}$/), size: fc.option(fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 9999 })), { nil: null }) })
        .map((a) => ({ kind: 'img' as const, ...a })),
    },
  ),
  { maxLength: 6 },
);

function inline(items: InlineItem[]): PmNode[] {
  return items.map((item) => {
    if (item.kind === 'br') return nodes.hard_break.create();
    if (item.kind === 'img') return nodes.image.create({ src: IMAGE, alt: item.alt, width: item.size?.[0] ?? null, height: item.size?.[1] ?? null });
    const { m } = item;
    const set = [...(m.link ? [marks.link.create({ href: m.link })] : []), ...(m.strong ? [marks.strong.create()] : []), ...(m.em ? [marks.em.create()] : [])];
    return blogSchema.text(item.text, set);
  });
}

const paragraphArb = inlineArb.map((items) => nodes.paragraph.create(null, inline(items)));
const headingArb = fc.tuple(fc.constantFrom(2, 3), inlineArb).map(([level, items]) => nodes.heading.create({ level }, inline(items)));
const listArb = fc
  .tuple(fc.constantFrom(nodes.bullet_list, nodes.ordered_list), fc.array(fc.array(paragraphArb, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 }))
  .map(([type, items]) => type.create(null, items.map((ps) => nodes.list_item.create(null, ps))));
const quoteArb = fc.array(fc.oneof(paragraphArb, headingArb), { minLength: 1, maxLength: 2 }).map((children) => nodes.blockquote.create(null, children));
const docArb = fc.array(fc.oneof(paragraphArb, headingArb, listArb, quoteArb), { minLength: 1, maxLength: 5 }).map((blocks) => nodes.doc.create(null, blocks));

describe("the editor's HTML", () => {
  it('is exactly what the server sanitiser keeps, and reads back as the same document (generated documents)', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        doc.check();
        const html = serializeBlogHtml(doc);
        expect(sanitizeBlogHtml(html)).toBe(html);
        // Reading it back (a saved body opened again): white space collapses as a browser shows it, nothing else
        // changes, and what is read is again the sanitiser's output and stable.
        const reread = serializeBlogHtml(parseBlogHtml(html));
        expect(sanitizeBlogHtml(reread)).toBe(reread);
        expect(serializeBlogHtml(parseBlogHtml(reread))).toBe(reread);
        if (!/[ \n]/.test(html)) expect(reread).toBe(html);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('writes bold, lists, links and images as the sanitiser does', () => {
    const doc = nodes.doc.create(null, [
      nodes.heading.create({ level: 2 }, [blogSchema.text('Why & how')]),
      nodes.paragraph.create(null, [
        blogSchema.text('A '),
        blogSchema.text('bold', [marks.strong.create()]),
        blogSchema.text(' word, a '),
        blogSchema.text('link', [marks.link.create({ href: 'https://example.com/?a=1&b=2' })]),
        nodes.hard_break.create(),
        nodes.image.create({ src: IMAGE, alt: 'A "chart"', width: 800, height: 400 }),
      ]),
      nodes.bullet_list.create(null, [nodes.list_item.create(null, [nodes.paragraph.create(null, [blogSchema.text('one')])])]),
    ]);
    const html = serializeBlogHtml(doc);
    expect(html).toBe(
      '<h2>Why &amp; how</h2><p>A <strong>bold</strong> word, a <a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer">link</a><br />' +
        `<img src="${IMAGE}" alt="A &quot;chart&quot;" width="800" height="400" loading="lazy" /></p><ul><li><p>one</p></li></ul>`,
    );
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it('an empty document is an empty body', () => {
    expect(serializeBlogHtml(nodes.doc.create(null, [nodes.paragraph.create()]))).toBe('');
  });
});

describe('a stored body read into the editor', () => {
  it('keeps what the sanitiser keeps: b/i as bold/italic, loose text in paragraphs; drops scripts, foreign images and unsafe links', () => {
    const stored =
      '<p>Plain <b>bold</b> <i>italic</i> <a href="javascript:alert(1)">bad</a> <a href="https://ok.example">ok</a></p>' +
      '<script>alert(1)</script><img src="https://evil.example/p.png"><blockquote>quoted</blockquote><h3>Sub</h3>';
    const html = serializeBlogHtml(parseBlogHtml(stored));
    expect(html).toBe(
      '<p>Plain <strong>bold</strong> <em>italic</em> bad <a href="https://ok.example" rel="noopener noreferrer">ok</a></p><blockquote><p>quoted</p></blockquote><h3>Sub</h3>',
    );
    expect(sanitizeBlogHtml(html)).toBe(html);
  });
});
