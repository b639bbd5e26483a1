import { useTranslation } from 'react-i18next';
import type { EditorState } from 'prosemirror-state';
import { COMMANDS, SHORTCUTS, TOOL_GROUPS, isOn, type Tool } from './editor-commands';

/** The formatting toolbar: a button per tool in groups, each saying whether it is on and its shortcut. */
export function Toolbar({ id, state, onTool }: { id: string; state: EditorState | null; onTool: (tool: Tool) => void }) {
  const { t } = useTranslation('admin');
  const current = state;
  return (
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
                onClick={() => enabled && onTool(tool)}
              >
                {t(`blogs.editor.tools.${tool}`)}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
