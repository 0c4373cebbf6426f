import { useState } from 'react';
import type { DashboardModel } from './api';
import type { DashboardEdits } from './editor/useDashboardEdits';
import { parseModel } from './jsonErrors';

/**
 * The JSON model tab's text: what was typed, and why it does not parse when it does not. Valid
 * text applies to the draft at once (typing coalesces into one undo step).
 */
export function useJsonModelText(initial: DashboardModel, edit: DashboardEdits['edit']) {
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [error, setError] = useState<string>();
  const onChange = (next: string) => {
    setText(next);
    const parsed = parseModel(next);
    if (parsed.ok) {
      setError(undefined);
      edit({ type: 'dashboard/replace', model: parsed.value, coalesce: 'json' });
    } else {
      setError(parsed.error);
    }
  };
  /** Shows `model` afresh, dropping text that never parsed along with its error. */
  const show = (model: DashboardModel) => {
    setText(JSON.stringify(model, null, 2));
    setError(undefined);
  };
  return { text, error, onChange, show };
}
