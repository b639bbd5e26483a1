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
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Command } from 'prosemirror-state';
import { FieldMessages } from '../../../components/ui/form';
import { blogSchema } from './blog-schema';
import { COMMANDS, markActive, type Tool } from './editor-commands';
import { ImagePanel, type ImageDraft } from './image-panel';
import { applyLink, linkRange, normalizeHref, removeLink } from './link-commands';
import { LinkPanel, type LinkDraft } from './link-panel';
import { Toolbar } from './toolbar';
import { useEditorView } from './use-editor-view';
import './rich-text-editor.css';

export { normalizeHref };

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

type Panel = ({ kind: 'link' } & LinkDraft) | ({ kind: 'image' } & ImageDraft) | null;

export default function RichTextEditor({ id, label, hint, error, value, onChange, uploadImage, errorText }: Props) {
  const { t } = useTranslation('admin');
  const host = useRef<HTMLDivElement>(null);
  const [panel, setPanel] = useState<Panel>(null);

  const openLink = () => {
    const editor = view.current;
    if (!editor) return;
    setPanel({ kind: 'link', href: linkRange(editor.state).href ?? '' });
  };
  const { view, state } = useEditorView({ host, id, hint, error, value, onChange, openLink });

  const run = (command: Command) => {
    const editor = view.current;
    if (!editor) return;
    command(editor.state, editor.dispatch, editor);
    editor.focus();
  };

  const onTool = (tool: Tool) => {
    const command = COMMANDS[tool];
    if (tool === 'a') openLink();
    else if (tool === 'img') setPanel({ kind: 'image', alt: '', file: null });
    else if (command) run(command);
  };

  const closePanel = () => {
    setPanel(null);
    view.current?.focus();
  };

  const link = (input: string) => {
    const editor = view.current;
    if (!editor) return;
    const href = normalizeHref(input);
    if (!href) {
      setPanel({ kind: 'link', href: input, error: t('blogs.editor.linkInvalid') });
      return;
    }
    applyLink(editor, href);
    closePanel();
  };

  const unlink = () => {
    const editor = view.current;
    if (!editor) return;
    removeLink(editor);
    closePanel();
  };

  const insertImage = async (file: File, alt: string) => {
    if (!uploadImage) return;
    setPanel({ kind: 'image', alt, file, busy: true });
    try {
      const image = await uploadImage(file);
      const editor = view.current;
      if (!editor) return;
      const node = blogSchema.nodes.image.create({ src: image.src, alt: alt.trim(), width: image.width, height: image.height });
      editor.dispatch(editor.state.tr.replaceSelectionWith(node).scrollIntoView());
      closePanel();
    } catch (failure) {
      setPanel({ kind: 'image', alt, file, error: errorText(failure) });
    }
  };

  return (
    <div className="field rich-text-field">
      <label id={`${id}-label`} htmlFor={id} onClick={() => view.current?.focus()}>
        {label}
      </label>
      <Toolbar id={id} state={state} onTool={onTool} />
      {panel?.kind === 'link' && (
        <LinkPanel
          panel={panel}
          onEdit={(href) => setPanel({ kind: 'link', href })}
          onApply={() => link(panel.href)}
          onRemove={state && markActive(state, blogSchema.marks.link) ? unlink : undefined}
          onClose={closePanel}
        />
      )}
      {panel?.kind === 'image' && (
        <ImagePanel
          panel={panel}
          canUpload={uploadImage !== undefined}
          onEdit={(draft) => setPanel({ kind: 'image', ...draft })}
          onInsert={(file, alt) => void insertImage(file, alt)}
          onClose={closePanel}
        />
      )}
      <div ref={host} className="rich-text-host" />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
