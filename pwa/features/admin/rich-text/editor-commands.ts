/** The blog editor's formatting commands, its toolbar's tools (with their shortcuts and on-state) and its keymap. */
import { baseKeymap, chainCommands, exitCode, lift, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { MarkType, NodeType } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import { TextSelection, type Command, type EditorState, type Plugin } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { blogSchema } from './blog-schema';

const { nodes, marks } = blogSchema;

/** Is the selection inside a node of this type (any ancestor)? */
function inside(state: EditorState, type: NodeType, attrs?: Record<string, unknown>): boolean {
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d--) {
    const node = $from.node(d);
    if (node.type === type && (!attrs || Object.entries(attrs).every(([k, v]) => node.attrs[k] === v))) return true;
  }
  return false;
}

export function markActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

/** The text block's own type at the selection: 'p', 'h2' or 'h3'. */
function blockKind(state: EditorState): 'p' | 'h2' | 'h3' {
  const parent = state.selection.$from.parent;
  if (parent.type === nodes.heading) return (parent.attrs as { level: number }).level === 3 ? 'h3' : 'h2';
  return 'p';
}

const toggleList =
  (type: NodeType): Command =>
  (state, dispatch) => {
    if (inside(state, type)) return liftListItem(nodes.list_item)(state, dispatch);
    // From the other kind of list: change the list's type in place.
    const other = type === nodes.bullet_list ? nodes.ordered_list : nodes.bullet_list;
    const { $from } = state.selection;
    for (let d = $from.depth; d > 0; d--) {
      if ($from.node(d).type === other) {
        if (dispatch) dispatch(state.tr.setNodeMarkup($from.before(d), type));
        return true;
      }
    }
    return wrapInList(type)(state, dispatch);
  };

const toggleQuote: Command = (state, dispatch) => (inside(state, nodes.blockquote) ? lift(state, dispatch) : wrapIn(nodes.blockquote)(state, dispatch));

const insertBreak: Command = chainCommands(exitCode, (state, dispatch) => {
  if (dispatch) dispatch(state.tr.replaceSelectionWith(nodes.hard_break.create()).scrollIntoView());
  return true;
});

export type Tool = 'p' | 'h2' | 'h3' | 'strong' | 'em' | 'ul' | 'ol' | 'blockquote' | 'a' | 'img' | 'undo' | 'redo';
export const COMMANDS: Partial<Record<Tool, Command>> = {
  p: setBlockType(nodes.paragraph),
  h2: setBlockType(nodes.heading, { level: 2 }),
  h3: setBlockType(nodes.heading, { level: 3 }),
  strong: toggleMark(marks.strong),
  em: toggleMark(marks.em),
  ul: toggleList(nodes.bullet_list),
  ol: toggleList(nodes.ordered_list),
  blockquote: toggleQuote,
  undo,
  redo,
};
export const TOOL_GROUPS: Tool[][] = [['p', 'h2', 'h3'], ['strong', 'em'], ['ul', 'ol', 'blockquote'], ['a', 'img'], ['undo', 'redo']];
export const SHORTCUTS: Partial<Record<Tool, string>> = {
  p: 'Control+Alt+0',
  h2: 'Control+Alt+2',
  h3: 'Control+Alt+3',
  strong: 'Control+B',
  em: 'Control+I',
  ul: 'Control+Shift+8',
  ol: 'Control+Shift+7',
  blockquote: 'Control+Shift+.',
  a: 'Control+K',
  undo: 'Control+Z',
  redo: 'Control+Y',
};

export function isOn(tool: Tool, state: EditorState): boolean | undefined {
  switch (tool) {
    case 'p':
    case 'h2':
    case 'h3':
      return blockKind(state) === tool;
    case 'strong':
      return markActive(state, marks.strong);
    case 'em':
      return markActive(state, marks.em);
    case 'ul':
      return inside(state, nodes.bullet_list);
    case 'ol':
      return inside(state, nodes.ordered_list);
    case 'blockquote':
      return inside(state, nodes.blockquote);
    case 'a':
      return markActive(state, marks.link);
    default:
      return undefined;
  }
}

/**
 * Takes the browser's selection into the editor's state when the two differ. The editor learns of a selection moved by
 * the keyboard from the document's `selectionchange` event, which the browser queues behind input events: a shortcut
 * pressed right after Shift+arrow would otherwise act on the selection as it was one key earlier.
 */
export function syncSelectionFromDom(view: EditorView): void {
  const selection = view.dom.ownerDocument.getSelection();
  if (!selection?.anchorNode || !selection.focusNode || !view.dom.contains(selection.anchorNode) || !view.dom.contains(selection.focusNode)) return;
  try {
    const anchor = view.posAtDOM(selection.anchorNode, selection.anchorOffset);
    const head = view.posAtDOM(selection.focusNode, selection.focusOffset);
    const current = view.state.selection;
    if (anchor === current.anchor && head === current.head) return;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, anchor, head)));
  } catch {
    // a DOM position the editor does not map (outside its content): keep its own selection
  }
}

/** The editor's plugins: history and the keyboard shortcuts; Ctrl/⌘+K calls `openLink`. */
export function editorPlugins(openLink: () => void): Plugin[] {
  return [
    history(),
    keymap({
      'Mod-z': undo,
      'Mod-y': redo,
      'Shift-Mod-z': redo,
      'Mod-b': toggleMark(marks.strong),
      'Mod-i': toggleMark(marks.em),
      'Mod-k': (_state, _dispatch, view) => {
        if (view) syncSelectionFromDom(view);
        openLink();
        return true;
      },
      'Ctrl-Alt-0': setBlockType(nodes.paragraph),
      'Ctrl-Alt-2': setBlockType(nodes.heading, { level: 2 }),
      'Ctrl-Alt-3': setBlockType(nodes.heading, { level: 3 }),
      'Shift-Ctrl-8': toggleList(nodes.bullet_list),
      'Shift-Ctrl-7': toggleList(nodes.ordered_list),
      'Shift-Ctrl-.': toggleQuote,
      'Shift-Enter': insertBreak,
      Enter: splitListItem(nodes.list_item),
      'Mod-[': liftListItem(nodes.list_item),
      'Mod-]': sinkListItem(nodes.list_item),
    }),
    keymap(baseKeymap),
  ];
}
