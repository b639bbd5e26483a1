/**
 * The blog body's rich-text editor (ProseMirror, see docs/decisions/0026-blogs.md "Blog editor"): a labelled multi-line text
 * box with a toolbar (block type, bold, italic, lists, quote, link, image, undo/redo) and keyboard shortcuts. What it
 * reports through `onChange` is the body's HTML exactly as the server's sanitiser writes it (blog-schema.ts).
 *
 * Keyboard: Tab leaves the text box (it is never trapped); Ctrl/⌘+B bold, +I italic, +K link, +Z/+Y undo/redo,
 * Ctrl+Alt+0/2/3 paragraph/heading/subheading, Ctrl+Shift+8/7 bulleted/numbered list, Ctrl+Shift+. quote, Shift+Enter a
 * line break, Enter in a list a new item (twice: out of the list), Ctrl+[ / Ctrl+] un-/indent a list item. Every
 * toolbar button says whether it is on (aria-pressed); the link and image forms are labelled fields, Enter applies and
 * Escape closes them, returning to the text.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { baseKeymap, chainCommands, exitCode, lift, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { MarkType, Node as PmNode, NodeType } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { BLOG_IMAGE_RULES } from '../../../../shared/schemas/blogs';
import { describedBy } from '../../../components/ui/form';
import { blogSchema, LINK_HREF, parseBlogHtml, serializeBlogHtml } from './blog-schema';
import './rich-text-editor.css';
import { FieldMessages } from '../../../components/ui/form';

const { nodes, marks } = blogSchema;

export interface UploadedImage {
  src: string;
  width: number;
  height: number;
}

interface Props {
  id: string;
  label: string;
  hint: string;
  error?: string;
  value: string;
  onChange: (html: string) => void;
  /** Stores an image and answers where it is; absent (a post not created yet): the image button says why it waits. */
  uploadImage?: (file: File) => Promise<UploadedImage>;
  /** An upload's error in the page's language. */
  errorText: (error: unknown) => string;
}

/** Is the selection inside a node of this type (any ancestor)? */
function inside(state: EditorState, type: NodeType, attrs?: Record<string, unknown>): boolean {
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d--) {
    const node = $from.node(d);
    if (node.type === type && (!attrs || Object.entries(attrs).every(([k, v]) => node.attrs[k] === v))) return true;
  }
  return false;
}

function markActive(state: EditorState, type: MarkType): boolean {
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

/** The range of the link around an empty selection (or the selection itself), with the link's address. */
function linkRange(state: EditorState): { from: number; to: number; href: string | null } {
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

type Tool = 'p' | 'h2' | 'h3' | 'strong' | 'em' | 'ul' | 'ol' | 'blockquote' | 'a' | 'img' | 'undo' | 'redo';
const COMMANDS: Partial<Record<Tool, Command>> = {
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
const TOOL_GROUPS: Tool[][] = [['p', 'h2', 'h3'], ['strong', 'em'], ['ul', 'ol', 'blockquote'], ['a', 'img'], ['undo', 'redo']];
const SHORTCUTS: Partial<Record<Tool, string>> = {
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

function isOn(tool: Tool, state: EditorState): boolean | undefined {
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

type Panel = { kind: 'link'; href: string; error?: string } | { kind: 'image'; alt: string; file: File | null; error?: string; busy?: boolean } | null;

export default function RichTextEditor({ id, label, hint, error, value, onChange, uploadImage, errorText }: Props) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [state, setState] = useState<EditorState | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const openLinkRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!host.current) return;
    const make = (html: string) =>
      EditorState.create({
        doc: parseBlogHtml(html),
        plugins: [
          history(),
          keymap({
            'Mod-z': undo,
            'Mod-y': redo,
            'Shift-Mod-z': redo,
            'Mod-b': toggleMark(marks.strong),
            'Mod-i': toggleMark(marks.em),
            'Mod-k': () => {
              openLinkRef.current();
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
        ],
      });
    const editor = new EditorView(host.current, {
      state: make(emitted.current),
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(describedBy(id, undefined, hint)['aria-describedby'] ? { 'aria-describedby': `${id}-hint` } : {}),
        class: 'rich-text-area blog-body',
        spellcheck: 'true',
      },
      dispatchTransaction(tr) {
        const next = editor.state.apply(tr);
        editor.updateState(next);
        setState(next);
        if (tr.docChanged) {
          const html = serializeBlogHtml(next.doc);
          emitted.current = html;
          onChangeRef.current(html);
        }
      },
    });
    view.current = editor;
    setState(editor.state);
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The view is made once; a new `value` from outside is taken in by the effect below.
  }, [id, hint]);

  // A value set from outside (another version loaded, the saved body as the server returned it) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    const doc: PmNode = parseBlogHtml(value);
    const next = EditorState.create({ doc, plugins: editor.state.plugins });
    editor.updateState(next);
    setState(next);
  }, [value]);

  // aria-invalid/aria-describedby follow the error.
  useEffect(() => {
    const dom = view.current?.dom;
    if (!dom) return;
    const aria = describedBy(id, error, hint);
    if (aria['aria-invalid']) dom.setAttribute('aria-invalid', 'true');
    else dom.removeAttribute('aria-invalid');
    if (aria['aria-describedby']) dom.setAttribute('aria-describedby', aria['aria-describedby']);
  }, [id, error, hint, state]);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [panel?.kind]);

  const run = (command: Command) => {
    const editor = view.current;
    if (!editor) return;
    command(editor.state, editor.dispatch, editor);
    editor.focus();
  };

  const openLink = () => {
    const editor = view.current;
    if (!editor) return;
    setPanel({ kind: 'link', href: linkRange(editor.state).href ?? '' });
  };
  openLinkRef.current = openLink;

  const closePanel = () => {
    setPanel(null);
    view.current?.focus();
  };

  const applyLink = (input: string) => {
    const editor = view.current;
    if (!editor) return;
    const href = normalizeHref(input);
    if (!href) {
      setPanel({ kind: 'link', href: input, error: t('blogs.editor.linkInvalid') });
      return;
    }
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
    closePanel();
  };

  const removeLink = () => {
    const editor = view.current;
    if (!editor) return;
    const range = linkRange(editor.state);
    if (range.from !== range.to) editor.dispatch(editor.state.tr.removeMark(range.from, range.to, marks.link));
    closePanel();
  };

  const insertImage = async (file: File, alt: string) => {
    if (!uploadImage) return;
    setPanel({ kind: 'image', alt, file, busy: true });
    try {
      const image = await uploadImage(file);
      const editor = view.current;
      if (!editor) return;
      const node = nodes.image.create({ src: image.src, alt: alt.trim(), width: image.width, height: image.height });
      editor.dispatch(editor.state.tr.replaceSelectionWith(node).scrollIntoView());
      closePanel();
    } catch (failure) {
      setPanel({ kind: 'image', alt, file, error: errorText(failure) });
    }
  };

  const panelKeys = (e: KeyboardEvent, apply: () => void) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      closePanel();
    } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      // The editor sits in the version's form: Enter here applies, it does not save the version.
      e.preventDefault();
      apply();
    }
  };

  const current = state;
  return (
    <div className="field rich-text-field">
      <label id={`${id}-label`} htmlFor={id} onClick={() => view.current?.focus()}>
        {label}
      </label>
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('blogs.editor.toolbar')} aria-controls={id}>
        {TOOL_GROUPS.map((group) => (
          <div key={group.join()} className="rich-text-group" role="group">
            {group.map((tool) => {
              const on = current ? isOn(tool, current) : undefined;
              const command = COMMANDS[tool];
              const enabled = !current ? false : tool === 'img' || tool === 'a' ? true : command ? command(current) : false;
              const shortcut = SHORTCUTS[tool];
              return (
                <button
                  key={tool}
                  type="button"
                  className={`btn btn-secondary btn-small rich-text-tool${on ? ' is-on' : ''}`}
                  aria-pressed={on}
                  aria-keyshortcuts={shortcut}
                  aria-disabled={!enabled || undefined}
                  title={shortcut ? `${t(`blogs.editor.tools.${tool}`)} (${shortcut.replace('Control', 'Ctrl')})` : undefined}
                  // A click keeps the text's selection (the button does not take it from the text box).
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    if (!enabled) return;
                    if (tool === 'a') openLink();
                    else if (tool === 'img') setPanel({ kind: 'image', alt: '', file: null });
                    else if (command) run(command);
                  }}
                >
                  {t(`blogs.editor.tools.${tool}`)}
                </button>
              );
            })}
          </div>
        ))}
      </div>
      {panel?.kind === 'link' && (
        <div className="rich-text-panel" role="group" aria-labelledby={`${uid}-link-title`} ref={panelRef} onKeyDown={(e) => panelKeys(e, () => applyLink(panel.href))}>
          <p id={`${uid}-link-title`} className="rich-text-panel-title">
            {t('blogs.editor.linkTitle')}
          </p>
          <div className="field">
            <label htmlFor={`${uid}-href`}>{t('blogs.editor.linkAddress')}</label>
            <input
              id={`${uid}-href`}
              type="text"
              inputMode="url"
              spellCheck={false}
              value={panel.href}
              {...describedBy(`${uid}-href`, panel.error, t('blogs.editor.linkHint'))}
              onChange={(e) => setPanel({ kind: 'link', href: e.target.value })}
            />
            <p id={`${uid}-href-hint`} className="hint">
              {t('blogs.editor.linkHint')}
            </p>
            {panel.error && (
              <p id={`${uid}-href-error`} className="field-error">
                {panel.error}
              </p>
            )}
          </div>
          <div className="actions">
            <button type="button" className="btn btn-primary btn-small" onClick={() => applyLink(panel.href)}>
              {t('blogs.editor.linkApply')}
            </button>
            {current && markActive(current, marks.link) && (
              <button type="button" className="btn btn-secondary btn-small" onClick={removeLink}>
                {t('blogs.editor.linkRemove')}
              </button>
            )}
            <button type="button" className="btn btn-secondary btn-small" onClick={closePanel}>
              {t('blogs.editor.panelCancel')}
            </button>
          </div>
        </div>
      )}
      {panel?.kind === 'image' && (
        <div
          className="rich-text-panel"
          role="group"
          aria-labelledby={`${uid}-image-title`}
          ref={panelRef}
          onKeyDown={(e) => panelKeys(e, () => panel.file && !panel.busy && void insertImage(panel.file, panel.alt))}
        >
          <p id={`${uid}-image-title`} className="rich-text-panel-title">
            {t('blogs.editor.imageTitle')}
          </p>
          {uploadImage ? (
            <>
              <div className="field">
                <label htmlFor={`${uid}-image-file`}>{t('blogs.editor.imageFile')}</label>
                <input
                  id={`${uid}-image-file`}
                  type="file"
                  accept="image/jpeg,image/png"
                  {...describedBy(`${uid}-image-file`, panel.error, t('blogs.editor.imageHint'))}
                  onChange={(e) => setPanel({ ...panel, file: e.target.files?.[0] ?? null, error: undefined })}
                />
                <p id={`${uid}-image-file-hint`} className="hint">
                  {t('blogs.editor.imageHint', {
                    size: BLOG_IMAGE_RULES.maxBytes / 1024 / 1024,
                    maxWidth: BLOG_IMAGE_RULES.maxWidth,
                    maxHeight: BLOG_IMAGE_RULES.maxHeight,
                    storedWidth: BLOG_IMAGE_RULES.storedMaxWidth,
                  })}
                </p>
                {panel.error && (
                  <p id={`${uid}-image-file-error`} className="field-error" role="alert">
                    {panel.error}
                  </p>
                )}
              </div>
              <div className="field">
                <label htmlFor={`${uid}-image-alt`}>{t('blogs.editor.imageAlt')}</label>
                <input
                  id={`${uid}-image-alt`}
                  type="text"
                  value={panel.alt}
                  aria-describedby={`${uid}-image-alt-hint`}
                  onChange={(e) => setPanel({ ...panel, alt: e.target.value })}
                />
                <p id={`${uid}-image-alt-hint`} className="hint">
                  {t('blogs.editor.imageAltHint')}
                </p>
              </div>
              <div className="actions">
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  disabled={!panel.file || panel.busy}
                  onClick={() => panel.file && void insertImage(panel.file, panel.alt)}
                >
                  {panel.busy ? t('blogs.editor.imageUploading') : t('blogs.editor.imageInsert')}
                </button>
                <button type="button" className="btn btn-secondary btn-small" onClick={closePanel}>
                  {t('blogs.editor.panelCancel')}
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="hint">{t('blogs.editor.imageAfterCreate')}</p>
              <div className="actions">
                <button type="button" className="btn btn-secondary btn-small" onClick={closePanel}>
                  {t('blogs.editor.panelCancel')}
                </button>
              </div>
            </>
          )}
        </div>
      )}
      <div ref={host} className="rich-text-host" />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
