import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DataSourceSummary } from '../../../../api/dataSources';
import type { Panel } from '../../../../panels/layout';
import { useSameExcept } from '../../../../lib/useSameExcept';
import { runnableTargets } from './targets';

/** How long typing pauses before the preview asks again. */
const TYPING_PAUSE_MS = 700;
const TARGETS = ['targets'];

/**
 * The panel the preview draws: the edited panel itself, except that its queries are the ones last
 * run. Query text reaches the preview once typing pauses, or at once on Shift+Enter or Refresh,
 * so a half-typed query is not sent at every key.
 */
export function useRunTargets(panel: Panel, resolve: (ref: unknown) => DataSourceSummary | undefined) {
  const [ran, setRan] = useState(panel.targets);
  const current = panel.targets;
  useEffect(() => {
    if (ran === current) return;
    const timer = setTimeout(() => setRan(current), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [ran, current]);
  const runNow = useCallback(() => setRan(current), [current]);
  // Typing a query changes only `targets`, which the preview does not see until the pause: the
  // preview is then built on the same panel object as before, so the memoised preview does not draw again.
  const base = useSameExcept(panel, TARGETS);
  const previewPanel = useMemo(() => {
    const withRan: Panel = { ...base, targets: ran };
    return { ...withRan, targets: runnableTargets(withRan, resolve) };
  }, [base, ran, resolve]);
  return { previewPanel, runNow };
}
