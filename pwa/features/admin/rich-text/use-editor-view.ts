/**
 * The ProseMirror view of the blog editor, made once in `host`: a labelled multi-line text box whose changes are reported
 * as the body's HTML; a `value` from outside replaces the text, and aria-invalid/aria-describedby follow the error.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Node as PmNode } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { describedBy } from '../../../components/ui/form';
import { parseBlogHtml, serializeBlogHtml } from './blog-schema';
import { editorPlugins } from './editor-commands';

export function useEditorView({
  host,
  id,
  hint,
  error,
  value,
  onChange,
  openLink,
}: {
  host: RefObject<HTMLDivElement | null>;
  id: string;
  hint: string;
  error?: string;
  value: string;
  onChange: (html: string) => void;
  /** Ctrl/⌘+K. */
  openLink: () => void;
}) {
  const view = useRef<EditorView | null>(null);
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const openLinkRef = useRef(openLink);
  openLinkRef.current = openLink;
  const [state, setState] = useState<EditorState | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView(host.current, {
      state: EditorState.create({ doc: parseBlogHtml(emitted.current), plugins: editorPlugins(() => openLinkRef.current()) }),
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
  }, [host, id, hint]);

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

  return { view, state };
}
