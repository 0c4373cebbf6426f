import { useEffect, useMemo } from 'react';
import type { Panel } from '../../../panels/layout';
import { preloadRenderers } from '../../../panels/PanelRenderer';
import type { PanelAnnotation } from '../../../panels/types';
import { annotationsForPanel, type DashboardAnnotation } from './annotations';
import { panelTypes, savedPanelIds } from './dashboardPanels';
import { duplicateTitleNumbers, unnamedPanelName } from './landmarkNames';
import { expandRepeats, scopeWithPanelVars } from './repeat';
import type { InterpolationScope } from './types';
import { interpolate } from './interpolation';

/**
 * The panels as drawn (repeats expanded), with what each is given: its own scope and annotations,
 * kept between renders so a panel redraws only when its own inputs change.
 */
export function useDashboardPanels(savedPanels: unknown, scope: InterpolationScope, annotations: DashboardAnnotation[]) {
  const panels = useMemo(() => expandRepeats((Array.isArray(savedPanels) ? savedPanels : []) as Panel[], scope), [savedPanels, scope]);
  const ownIds = useMemo(() => savedPanelIds(savedPanels), [savedPanels]);
  // The renderers' chunks download while the first queries run, not after their answers.
  useEffect(() => preloadRenderers(panelTypes(panels)), [panels]);

  const perPanel = useMemo(() => {
    const byId = new Map<number, { scope: InterpolationScope; annotations: PanelAnnotation[] }>();
    const visit = (list: Panel[]) => {
      for (const panel of list) {
        if (typeof panel.id === 'number')
          byId.set(panel.id, { scope: scopeWithPanelVars(scope, panel), annotations: annotationsForPanel(annotations, panel.id) });
        if (panel.type === 'row' && Array.isArray(panel.panels)) visit(panel.panels);
      }
    };
    visit(panels);
    return byId;
  }, [panels, scope, annotations]);

  // Regions of one name would be ambiguous landmarks: later panels of a repeated title get a number.
  const titleNumbers = useMemo(
    () =>
      duplicateTitleNumbers(panels, (panel) => {
        const own = (typeof panel.id === 'number' && perPanel.get(panel.id)?.scope) || scope;
        const text = typeof panel.title === 'string' ? interpolate(panel.title, own, { format: 'text' }) : '';
        return text || unnamedPanelName(panel);
      }),
    [panels, perPanel, scope],
  );
  return { panels, ownIds, perPanel, titleNumbers };
}
