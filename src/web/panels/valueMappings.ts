import { asNumber } from './frames';
import { finiteOrUndefined, isObject, toRegExp } from './panelJson';

/** Grafana's value mappings: a value, range, pattern or special value shown as other text or colour. */

export interface MappingResult {
  text?: string;
  color?: string;
  index?: number;
}
export type ValueMapping =
  | { type: 'value'; options: Record<string, MappingResult> }
  | { type: 'range'; options: { from?: number | null; to?: number | null; result: MappingResult } }
  | { type: 'regex'; options: { pattern: string; result: MappingResult } }
  | { type: 'special'; options: { match: string; result: MappingResult } };

/** Accepts Grafana 8+ mappings and the older `{type: 1, value, text}` / `{type: 2, from, to, text}` ones. */
export function normaliseMappings(mappings: unknown): ValueMapping[] {
  if (!Array.isArray(mappings)) return [];
  const out: ValueMapping[] = [];
  for (const m of mappings) {
    if (!isObject(m)) continue;
    if (m.type === 'value' || m.type === 'range' || m.type === 'regex' || m.type === 'special') {
      if (isObject(m.options)) out.push(m as unknown as ValueMapping);
      continue;
    }
    const text = typeof m.text === 'string' ? m.text : undefined;
    const color = typeof m.color === 'string' ? m.color : undefined;
    if (m.type === 1 || m.type === '1') {
      const value = String(m.value ?? '');
      if (value === 'null') out.push({ type: 'special', options: { match: 'null', result: { text, color } } });
      else out.push({ type: 'value', options: { [value]: { text, color } } });
    } else if (m.type === 2 || m.type === '2') {
      out.push({
        type: 'range',
        options: { from: finiteOrUndefined(m.from) ?? null, to: finiteOrUndefined(m.to) ?? null, result: { text, color } },
      });
    }
  }
  return out;
}

/** The first mapping that matches a value (a pattern's result may use its groups). */
export function mappingFor(mappings: ValueMapping[] | undefined, value: unknown): MappingResult | undefined {
  if (!mappings?.length) return undefined;
  const numeric = asNumber(value);
  for (const mapping of mappings) {
    switch (mapping.type) {
      case 'value': {
        if (value === null || value === undefined) break;
        const hit = mapping.options[String(value)];
        if (hit) return hit;
        if (numeric !== null) {
          for (const [key, result] of Object.entries(mapping.options)) if (key.trim() !== '' && Number(key) === numeric) return result;
        }
        break;
      }
      case 'range': {
        if (numeric === null || Number.isNaN(numeric)) break;
        const from = finiteOrUndefined(mapping.options.from);
        const to = finiteOrUndefined(mapping.options.to);
        if (from === undefined && to === undefined) break;
        if ((from === undefined || numeric >= from) && (to === undefined || numeric <= to)) return mapping.options.result;
        break;
      }
      case 'regex': {
        if (value === null || value === undefined) break;
        const re = toRegExp(mapping.options.pattern);
        if (!re) break;
        const text = String(value);
        const m = re.exec(text);
        if (!m) break;
        const result = mapping.options.result;
        // The mapped text may use the pattern's groups ($1).
        return result.text ? { ...result, text: text.replace(re, result.text) } : result;
      }
      case 'special': {
        const match = mapping.options.match;
        const isNull = value === null || value === undefined;
        const isNaN = typeof value === 'number' && Number.isNaN(value);
        if (
          (match === 'null' && isNull) ||
          (match === 'nan' && isNaN) ||
          (match === 'null+nan' && (isNull || isNaN)) ||
          (match === 'true' && (value === true || value === 'true')) ||
          (match === 'false' && (value === false || value === 'false')) ||
          (match === 'empty' && value === '')
        ) {
          return mapping.options.result;
        }
        break;
      }
    }
  }
  return undefined;
}
