/**
 * Transformations that reshape frames (Grafana's "Partition by values" and "Join by labels"),
 * applied by `applyTransformations` in `transformations.ts` as the others are.
 */
import { fieldNameOf, framedWithLength, type PanelField, type PanelFrame } from './frames';
import { isObject } from './panelJson';

type Json = Record<string, unknown>;

/** Grafana's `partition`: the rows of each distinct combination of key values, grouped by the first key, then the next. */
function partition(keys: unknown[][]): number[][] {
  type Tree = Map<unknown, Tree | number[]>;
  const root: Tree = new Map();
  const length = keys[0]?.length ?? 0;
  for (let row = 0; row < length; row++) {
    let node: Tree | number[] = root;
    for (let depth = 0; depth < keys.length; depth++) {
      const tree = node as Tree;
      const key = keys[depth]![row];
      let next = tree.get(key);
      if (next === undefined) {
        next = depth === keys.length - 1 ? [] : new Map<unknown, Tree | number[]>();
        tree.set(key, next);
      }
      node = next;
    }
    (node as number[]).push(row);
  }
  const out: number[][] = [];
  const dig = (node: Tree | number[], depth: number) => {
    if (depth === 0) out.push(node as number[]);
    else (node as Tree).forEach((child) => dig(child, depth - 1));
  };
  dig(root, keys.length);
  return out;
}

/**
 * Grafana's "Partition by values": the first frame split into one frame per distinct value of the
 * chosen fields (combinations nested in the order of the fields). Naming `asLabels` (the default)
 * puts `field: value` in every field's labels and keeps the frame's name; otherwise the frame is
 * named by the values (`withNames`: `field=value`, `append`: after the frame's own name). The
 * chosen fields are dropped unless `keepFields`.
 */
export function partitionByValues(frames: PanelFrame[], options: Json): PanelFrame[] {
  const names = Array.isArray(options.fields) ? options.fields.filter((n): n is string => typeof n === 'string') : [];
  const frame = frames[0];
  if (!names.length || !frame) return frames;
  const keyFields = frame.fields.filter((f) => names.includes(fieldNameOf(f)) || names.includes(f.name));
  if (!keyFields.length) return [frame];
  const naming = {
    asLabels: true,
    append: false,
    withNames: false,
    separator1: '=',
    separator2: ' ',
    ...(isObject(options.naming) ? options.naming : {}),
  };
  // Grafana names the partitions by the name a field shows (a renamed field's display name).
  const keyNames = keyFields.map(fieldNameOf);
  return partition(keyFields.map((f) => f.values)).map((rows, index) => {
    const keyValues = keyFields.map((f) => f.values[rows[0]!]);
    let name = frame.name;
    let labels: Record<string, string> = {};
    if (naming.asLabels !== false) {
      labels = Object.fromEntries(keyNames.map((n, i) => [n, String(keyValues[i])]));
    } else {
      name = keyNames
        .map((n, i) => (naming.withNames === true ? `${n}${String(naming.separator1)}${String(keyValues[i])}` : String(keyValues[i])))
        .join(String(naming.separator2));
      if (naming.append === true && frame.name) name = `${frame.name} ${name}`;
    }
    const kept = options.keepFields === true ? frame.fields : frame.fields.filter((f) => !keyFields.includes(f));
    const fields = kept.map((f): PanelField => {
      const { displayNameFromDS, ...config } = f.config;
      const withLabels = { ...f.labels, ...labels };
      return {
        // A name the data source gave becomes the field's name, so the labels or frame name are added to it.
        name: typeof displayNameFromDS === 'string' && displayNameFromDS ? displayNameFromDS : f.name,
        type: f.type,
        config: structuredClone(config),
        labels: Object.keys(withLabels).length ? withLabels : undefined,
        values: rows.map((row) => f.values[row]),
      };
    });
    return framedWithLength({ refId: frame.refId, name, fields, index });
  });
}

function errorFrame(text: string): PanelFrame {
  return framedWithLength({ refId: undefined, index: 0, fields: [{ name: 'Error', type: 'string', values: [text], config: {} }] });
}

/**
 * Grafana's "Join by labels": every labelled non-time field of every frame becomes a column named by
 * its `value` label, on rows keyed by its `join` labels (all the others when none are chosen). Values
 * of the same key and column are appended, so a key has as many rows as its longest column.
 */
export function joinByLabels(frames: PanelFrame[], options: Json): PanelFrame[] {
  if (!frames.length) return frames;
  const valueLabel = typeof options.value === 'string' ? options.value : '';
  if (!valueLabel) return [errorFrame('No value label configured')];
  const distinct = new Set<string>();
  for (const frame of frames) for (const field of frame.fields) for (const key of Object.keys(field.labels ?? {})) distinct.add(key);
  if (distinct.size < 1) return [errorFrame('No labels in result')];
  if (!distinct.has(valueLabel)) return [errorFrame('Value label not found')];
  const chosen = Array.isArray(options.join) ? options.join.filter((n): n is string => typeof n === 'string') : [];
  const join = (chosen.length ? chosen : [...distinct]).filter((l) => l !== valueLabel);

  const found = new Map<string, { keys: Array<string | undefined>; values: Record<string, unknown[]> }>();
  const columns: string[] = [];
  const columnType = new Map<string, PanelField['type']>();
  for (const frame of frames) {
    for (const field of frame.fields) {
      if (!field.labels || field.type === 'time') continue;
      const keys = join.map((l) => field.labels![l]);
      const key = keys.join(',');
      let item = found.get(key);
      if (!item) {
        item = { keys, values: {} };
        found.set(key, item);
      }
      const column = String(field.labels[valueLabel]);
      item.values[column] = [...(item.values[column] ?? []), ...field.values];
      if (!columnType.has(column)) {
        columnType.set(column, field.type);
        columns.push(column);
      }
    }
  }

  const joinValues = join.map((): unknown[] => []);
  const columnValues = columns.map((): unknown[] => []);
  for (const item of found.values()) {
    const rows = Math.max(1, ...columns.map((c) => item.values[c]?.length ?? 0));
    for (let offset = 0; offset < rows; offset++) {
      join.forEach((_, i) => joinValues[i]!.push(item.keys[i]));
      columns.forEach((c, i) => columnValues[i]!.push(item.values[c]?.[offset]));
    }
  }
  const refId = `joinByLabels-${frames.map((f) => f.refId).join('-')}`;
  return [
    framedWithLength({
      refId,
      index: 0,
      fields: [
        ...join.map((name, i): PanelField => ({ name, type: 'string', values: joinValues[i]!, config: {} })),
        ...columns.map((name, i): PanelField => ({ name, type: columnType.get(name) ?? 'number', values: columnValues[i]!, config: {} })),
      ],
    }),
  ];
}
