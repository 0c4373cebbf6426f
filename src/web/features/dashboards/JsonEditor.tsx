import { json, jsonParseLinter } from '@codemirror/lang-json';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useComputedColorScheme } from '@mantine/core';
import { basicSetup } from 'codemirror';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';

const darkTheme = EditorView.theme(
  {
    '&': { backgroundColor: 'var(--mantine-color-dark-7)', color: 'var(--mantine-color-dark-0)' },
    '.cm-gutters': { backgroundColor: 'var(--mantine-color-dark-6)', color: 'var(--mantine-color-dark-1)', border: 'none' },
    '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'rgba(255,255,255,0.05)' },
    '.cm-cursor': { borderLeftColor: 'var(--mantine-color-dark-0)' },
  },
  { dark: true },
);
// CodeMirror's default colours are for a light background; on the dark one they fall below 4.5:1.
const darkHighlight = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.string, color: '#f4a58a' },
    { tag: [tags.number, tags.bool, tags.null], color: '#b5e8a5' },
    { tag: tags.propertyName, color: '#9cdcfe' },
    { tag: [tags.keyword, tags.atom], color: '#8fb8ff' },
  ]),
);
const baseTheme = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid var(--mantine-color-default-border)', borderRadius: '4px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, monospace' },
});

/**
 * CodeMirror 6 with JSON highlighting, folding, line numbers and inline parse errors. It owns its
 * text while mounted; `value` seeds it, and every change is reported.
 */
export default function JsonEditor({
  value,
  onChange,
  label,
  readOnly = false,
  height = '60vh',
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  readOnly?: boolean;
  height?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          json(),
          linter(jsonParseLinter()),
          lintGutter(),
          baseTheme,
          EditorView.theme({ '&': { height }, '.cm-scroller': { overflow: 'auto' } }),
          ...(scheme === 'dark' ? [darkTheme, darkHighlight] : []),
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    return () => view.destroy();
    // The editor is created once per mount (and per theme); `value` only seeds it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scheme, readOnly, label, height]);

  return <div ref={host} />;
}
