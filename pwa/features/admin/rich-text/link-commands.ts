/** The link commands of the blog editor: the link around the cursor, what a typed address means, setting and removing a link. */
import { TextSelection, type EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { blogSchema, LINK_HREF } from './blog-schema';

const { marks } = blogSchema;

/** The range of the link around an empty selection (or the selection itself), with the link's address. */
export function linkRange(state: EditorState): { from: number; to: number; href: string | null } {
  const { from, to, empty, $from } = state.selection;
  if (!empty) {
    let href: string | null = null;
    state.doc.nodesBetween(from, to, (node) => {
      const mark = marks.link.isInSet(node.marks);
      if (mark && href === null) href = (mark.attrs as { href: string }).href;
    });
    return { from, to, href };
  }
  const link = marks.link.isInSet($from.marks());
  if (!link) return { from, to, href: null };
  // The run of neighbouring text with this link that holds the cursor.
  const start = $from.start();
  let runFrom = -1;
  let found: { from: number; to: number } | null = null;
  $from.parent.forEach((child, offset) => {
    if (found) return;
    const a = start + offset;
    const b = a + child.nodeSize;
    if (!link.isInSet(child.marks)) {
      runFrom = -1;
      return;
    }
    if (runFrom < 0) runFrom = a;
    if (a <= from && from <= b) {
      let end = b;
      let i = $from.parent.childCount;
      // Extend over the following children that carry the same link.
      $from.parent.forEach((next, nextOffset) => {
        if (i === -1 || start + nextOffset < b) return;
        if (link.isInSet(next.marks) && start + nextOffset === end) end += next.nodeSize;
        else i = -1;
      });
      found = { from: runFrom, to: end };
    }
  });
  const range = found ?? { from, to };
  return { ...range, href: (link.attrs as { href: string }).href };
}

/** What a typed address means: "www.x.si" → https://www.x.si, "ana@x.si" → mailto:ana@x.si; null if not a link. */
export function normalizeHref(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  let href = value;
  if (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(value)) href = `mailto:${value}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(value) && !value.startsWith('/')) href = `https://${value}`;
  return LINK_HREF.test(href) ? href : null;
}

/** Links the selection (or, with nothing selected, inserts the address as its own text) to `href`. */
export function applyLink(editor: EditorView, href: string) {
  const { state: current } = editor;
  const range = linkRange(current);
  const mark = marks.link.create({ href });
  let tr = current.tr;
  if (range.from === range.to) {
    // Nothing selected: the address itself becomes the linked text.
    const text = href.replace(/^mailto:/, '');
    tr = tr.insert(range.from, blogSchema.text(text, [...current.selection.$from.marks().filter((m) => m.type !== marks.link), mark]));
    tr = tr.setSelection(TextSelection.create(tr.doc, range.from + text.length));
  } else {
    tr = tr.removeMark(range.from, range.to, marks.link).addMark(range.from, range.to, mark);
  }
  editor.dispatch(tr.scrollIntoView());
}

/** Removes the link around the cursor (or in the selection). */
export function removeLink(editor: EditorView) {
  const range = linkRange(editor.state);
  if (range.from !== range.to) editor.dispatch(editor.state.tr.removeMark(range.from, range.to, marks.link));
}
