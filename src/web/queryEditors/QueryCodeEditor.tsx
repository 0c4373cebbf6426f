import { Prec, EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { useComputedColorScheme } from '@mantine/core';
import { minimalSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

const baseTheme = EditorView.theme({
  '&': {
    fontSize: '13px',
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: '4px',
    backgroundColor: 'var(--mantine-color-body)',
    color: 'var(--mantine-color-text)',
  },
  '&.cm-focused': { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: '-1px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, monospace', minHeight: '2.4em', maxHeight: '16em', overflow: 'auto' },
  '.cm-content': { padding: '6px 0' },
  // The placeholder must read at 4.5:1 like any text (axe), so it is the dimmed text colour, not CodeMirror's grey.
  '.cm-placeholder': { color: 'var(--mantine-color-dimmed)' },
});
const darkTheme = EditorView.theme(
  {
    '.cm-cursor': { borderLeftColor: 'var(--mantine-color-dark-0)' },
    '.cm-selectionBackground, &.cm-focused .cm-selectionBackground': { backgroundColor: 'rgba(255,255,255,0.15)' },
  },
  { dark: true },
);

/**
 * A query text field on CodeMirror 6 (PromQL, LogQL, SQL): wraps long lines, keeps its own undo
 * history, and runs the queries on Shift+Enter as Grafana's editors do. `value` seeds it and is
 * followed when it changes from outside (a link, Back); every edit is reported.
 */
export default function QueryCodeEditor({
  value,
  onChange,
  onRun,
  labelledBy,
  describedBy,
  placeholder,
}: {
  value: string;
  onChange(text: string): void;
  onRun(): void;
  /** The id of the visible label. */
  labelledBy: string;
  describedBy?: string;
  placeholder?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onRun });
  useEffect(() => {
    latest.current = { onChange, onRun };
  });
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          minimalSetup,
          Prec.highest(
            keymap.of([
              {
                key: 'Shift-Enter',
                run: () => {
                  latest.current.onRun();
                  return true;
                },
              },
            ]),
          ),
          EditorView.lineWrapping,
          baseTheme,
          ...(scheme === 'dark' ? [darkTheme] : []),
          ...(placeholder ? [placeholderText(placeholder)] : []),
          EditorView.contentAttributes.of({
            'aria-labelledby': labelledBy,
            ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Made once per mount and theme; `value` only seeds it (and is followed below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scheme, labelledBy, describedBy, placeholder]);

  // A value set from outside (Back, a new link) replaces the text; the editor's own edits already match it.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} />;
}
