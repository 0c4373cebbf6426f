import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type Completion } from '@codemirror/autocomplete';
import { syntaxHighlighting, HighlightStyle, bracketMatching } from '@codemirror/language';
import { lintKeymap } from '@codemirror/lint';
import { Compartment, Prec, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { tags } from '@lezer/highlight';
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
  // Completion and lint tooltips follow the page's colours in both schemes.
  '.cm-tooltip': {
    backgroundColor: 'var(--mantine-color-body)',
    color: 'var(--mantine-color-text)',
    border: '1px solid var(--mantine-color-default-border)',
  },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--mantine-primary-color-filled)',
    color: 'var(--mantine-color-white)',
  },
  '.cm-completionDetail': { fontStyle: 'normal', opacity: 1, color: 'inherit', marginLeft: '1em' },
  '.cm-completionInfo': { maxWidth: '28em', padding: '6px 8px', whiteSpace: 'pre-wrap', fontFamily: 'inherit' },
  '.cm-completionMatchedText': { textDecoration: 'none', fontWeight: 700 },
});
const darkTheme = EditorView.theme(
  {
    '.cm-cursor': { borderLeftColor: 'var(--mantine-color-dark-0)' },
    '.cm-selectionBackground, &.cm-focused .cm-selectionBackground': { backgroundColor: 'rgba(255,255,255,0.15)' },
  },
  { dark: true },
);

/** Token colours that read at 4.5:1 on the light body (CodeMirror's default style has lighter reds and oranges). */
const lightHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: '#7a1fa2' },
  { tag: [tags.function(tags.variableName), tags.function(tags.name)], color: '#1a5fb4' },
  { tag: [tags.string, tags.regexp], color: '#a11111' },
  { tag: [tags.number, tags.unit], color: '#116644' },
  { tag: [tags.labelName, tags.propertyName, tags.attributeName], color: '#9a3412' },
  { tag: tags.comment, color: '#5f6368', fontStyle: 'italic' },
  { tag: tags.invalid, color: '#b00020' },
]);

/** The same roles in colours that read at 4.5:1 on the dark body. */
const darkHighlight = HighlightStyle.define(
  [
    { tag: tags.keyword, color: '#c4a7ff' },
    { tag: [tags.function(tags.variableName), tags.function(tags.name)], color: '#7cc4ff' },
    { tag: [tags.string, tags.regexp], color: '#9fe0a0' },
    { tag: [tags.number, tags.unit], color: '#ffcf7a' },
    { tag: [tags.operator, tags.compareOperator, tags.arithmeticOperator], color: '#e8e8e8' },
    { tag: [tags.labelName, tags.propertyName, tags.attributeName], color: '#ffb0a0' },
    { tag: tags.comment, color: '#a8a8a8', fontStyle: 'italic' },
    { tag: tags.invalid, color: '#ff8a8a' },
  ],
  { themeType: 'dark' },
);

/** A space between an option's label and its detail, so a screen reader reads "rate (v range-vector)", not "ratev range-vector". */
function separator(completion: Completion): Node | null {
  if (!completion.detail) return null;
  const space = document.createElement('span');
  space.textContent = ' ';
  return space;
}

/**
 * A query text field on CodeMirror 6 (PromQL, LogQL, SQL): wraps long lines, keeps its own undo
 * history, and runs the queries on Shift+Enter as Grafana's editors do. `value` seeds it and is
 * followed when it changes from outside (a link, Back); every edit is reported. `extensions` adds
 * the language (grammar, completion, lint); the view is made once, and the theme, the language and
 * the ARIA links change in place, so typing never loses the cursor.
 */
export default function QueryCodeEditor({
  value,
  onChange,
  onRun,
  labelledBy,
  describedBy,
  placeholder,
  extensions,
}: {
  value: string;
  onChange(text: string): void;
  onRun(): void;
  /** The id of the visible label. */
  labelledBy: string;
  describedBy?: string;
  placeholder?: string;
  extensions?: Extension;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const compartments = useRef({ theme: new Compartment(), language: new Compartment(), attributes: new Compartment() });
  const latest = useRef({ onChange, onRun });
  useEffect(() => {
    latest.current = { onChange, onRun };
  });
  const scheme = useComputedColorScheme('light');

  const themeExtension = (dark: boolean): Extension => [
    baseTheme,
    ...(dark ? [darkTheme, syntaxHighlighting(darkHighlight)] : [syntaxHighlighting(lightHighlight)]),
  ];
  const attributeExtension = (by: string, described?: string, hint?: string): Extension => [
    EditorView.contentAttributes.of({ 'aria-labelledby': by, ...(described ? { 'aria-describedby': described } : {}) }),
    ...(hint ? [placeholderText(hint)] : []),
  ];

  useEffect(() => {
    const { theme, language, attributes } = compartments.current;
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
          // Enter takes the highlighted completion at once, as in Grafana's editor (no grace period).
          autocompletion({
            activateOnTyping: true,
            icons: false,
            interactionDelay: 0,
            addToOptions: [{ position: 60, render: separator }],
          }),
          closeBrackets(),
          bracketMatching(),
          keymap.of([...closeBracketsKeymap, ...completionKeymap, ...lintKeymap]),
          EditorView.lineWrapping,
          theme.of(themeExtension(scheme === 'dark')),
          language.of(extensions ?? []),
          attributes.of(attributeExtension(labelledBy, describedBy, placeholder)),
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
    // Made once per mount; `value` only seeds it, and the rest is reconfigured below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.theme.reconfigure(themeExtension(scheme === 'dark')) });
  }, [scheme]);
  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.language.reconfigure(extensions ?? []) });
  }, [extensions]);
  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.current.attributes.reconfigure(attributeExtension(labelledBy, describedBy, placeholder)),
    });
  }, [labelledBy, describedBy, placeholder]);

  // A value set from outside (Back, a new link) replaces the text; the editor's own edits already match it.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} />;
}
