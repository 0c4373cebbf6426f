import { startCompletion, type Completion } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';

/**
 * A function completion: the list shows its arguments beside the name, the info panel the whole
 * signature and what it does; taking it writes `name()` with the cursor between the parentheses.
 */
export function functionCompletion(name: string, signature: string, doc: string, type = 'function'): Completion {
  return {
    label: name,
    type,
    detail: signature.startsWith(name) ? signature.slice(name.length).trim() : signature,
    info: `${signature}\n\n${doc}`,
    apply: (view: EditorView, _completion: Completion, from: number, to: number) => {
      view.dispatch({ changes: { from, to, insert: `${name}()` }, selection: { anchor: from + name.length + 1 } });
    },
  };
}

/** A label name completion: writes `name=""` and opens the label's values between the quotes. */
export function labelNameCompletion(name: string): Completion {
  return {
    label: name,
    type: 'property',
    apply: (view: EditorView, _completion: Completion, from: number, to: number) => {
      const next = view.state.sliceDoc(to, to + 1);
      // A matcher already written after the name (`job|="x"`) keeps its operator.
      if (/[=!]/.test(next)) {
        view.dispatch({ changes: { from, to, insert: name }, selection: { anchor: from + name.length } });
        return;
      }
      view.dispatch({ changes: { from, to, insert: `${name}=""` }, selection: { anchor: from + name.length + 2 } });
      startCompletion(view);
    },
  };
}

/** A lookup that fails offers nothing rather than breaking completion (the query itself still runs and says what is wrong). */
export async function orNothing<T>(promise: Promise<T[]>): Promise<T[]> {
  try {
    return await promise;
  } catch {
    return [];
  }
}
