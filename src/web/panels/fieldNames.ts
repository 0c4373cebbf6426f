import type { Panel } from './layout';
import { formatLabels, type PanelField, type PanelFrame } from './frames';

/** Display names of fields as Grafana gives them: displayNameFromDS, the query's legend format, or frame, field and labels. */

function legendFormatFor(panel: Panel, refId: string | undefined): string | undefined {
  const targets = Array.isArray(panel.targets) ? panel.targets : [];
  const target = targets.find((t) => (t.refId ?? 'A') === (refId ?? 'A')) ?? (targets.length === 1 ? targets[0] : undefined);
  const format = target?.legendFormat;
  return typeof format === 'string' && format.trim() && format !== '__auto' ? format : undefined;
}

/** The labels one name differs by when every series has exactly one label, the same one (Grafana shows just its value). */
export function singleLabelName(frames: PanelFrame[]): string | undefined {
  let name: string | undefined;
  for (const frame of frames) {
    for (const field of frame.fields) {
      if (!field.labels) continue;
      const keys = Object.keys(field.labels);
      if (keys.length !== 1) return undefined;
      if (name === undefined) name = keys[0];
      else if (name !== keys[0]) return undefined;
    }
  }
  return name;
}

/** Grafana's name for a field when nothing names it: frame name, field name, labels. */
function computedName(field: PanelField, frame: PanelFrame, frames: PanelFrame[], single: string | undefined): string {
  if (field.type === 'time' && !field.labels) return field.name || 'Time';
  const parts: string[] = [];
  const frameNamesDiffer = frames.some((f, i) => i > 0 && f.name !== frames[i - 1]!.name);
  let frameNameAdded = false;
  let labelsAdded = false;
  if (frameNamesDiffer && frame.name) {
    parts.push(frame.name);
    frameNameAdded = true;
  }
  if (field.name && field.name !== 'Value') parts.push(field.name);
  if (field.labels) {
    if (single && field.labels[single] !== undefined) {
      parts.push(field.labels[single]!);
      labelsAdded = true;
    } else if (!single) {
      // Prometheus series read as `metric{label="value"}`, as Prometheus and Grafana show them.
      const { __name__: metric, ...rest } = field.labels;
      const all = metric ? `${metric}${formatLabels(rest)}` : formatLabels(field.labels);
      if (all) {
        parts.push(all);
        labelsAdded = true;
      }
    }
  }
  if (!frameNameAdded && !labelsAdded && field.name === 'Value' && frame.name) parts.push(frame.name);
  if (parts.length) return parts.join(' ');
  return field.name || 'Value';
}

/** Interpolates `${__field.labels.x}`, `${__field.labels}`, `${__field.name}`, `${__series.name}` and then dashboard variables. */
export function interpolateFieldText(
  text: string,
  field: PanelField,
  seriesName: string,
  replaceVariables?: (t: string) => string,
): string {
  const replaced = text.replace(/\$\{__(field|series)\.([a-zA-Z]+)(?:\.([^}]+))?\}/g, (whole, scope: string, key: string, sub?: string) => {
    if (scope === 'series' && key === 'name') return seriesName;
    if (scope === 'field') {
      if (key === 'name') return field.name;
      if (key === 'displayName') return seriesName;
      if (key === 'labels') {
        if (!sub) return formatLabels(field.labels);
        if (sub === '__values') return Object.values(field.labels ?? {}).join(', ');
        return field.labels?.[sub] ?? '';
      }
    }
    return whole;
  });
  return replaceVariables ? replaceVariables(replaced) : replaced;
}

/** The name of each field before the panel's own display names: displayNameFromDS, legendFormat, or frame/field/labels. */
export function sourceNameOf(
  panel: Panel,
  field: PanelField,
  frame: PanelFrame,
  frames: PanelFrame[],
  single = singleLabelName(frames),
): string {
  const fromSource = field.config;
  const legend = legendFormatFor(panel, frame.refId);
  return (
    (typeof fromSource.displayNameFromDS === 'string' && fromSource.displayNameFromDS) ||
    (legend && field.type !== 'time' ? legend.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, l: string) => field.labels?.[l] ?? '') : '') ||
    computedName(field, frame, frames, single)
  );
}
