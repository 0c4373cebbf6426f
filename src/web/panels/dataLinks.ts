import { safeLinkUrl } from '../lib/links';
import type { FieldConfig } from './fieldDisplay';
import { formatLabels, type PanelField } from './frames';
import type { TimeRangeMs } from './types';

/**
 * Grafana's data links (`fieldConfig.defaults.links`, or a `links` override): links on a field
 * that a tooltip, a table cell or a stat offers for the value under the pointer, with the value,
 * the field, its series, its row and the time range written into them.
 */

export interface DataLink {
  title: string;
  href: string;
  newTab: boolean;
}

/** What a link can speak of: the value and where it sits. */
export interface DataLinkContext {
  field: PanelField & { displayName?: string };
  /** The series' (field's) display name. */
  seriesName: string;
  /** The frame the field belongs to, and the row of the value in it (for `${__data.fields...}`). */
  frame?: { fields: ReadonlyArray<PanelField & { displayName?: string }> };
  row?: number;
  value: unknown;
  /** The value as the panel shows it (`${__value.text}`). */
  valueText?: string;
  /** The time of the value, when it has one (`${__value.time}`). */
  time?: number;
  timeRange: TimeRangeMs;
  replaceVariables?: (text: string) => string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The links a field carries (after defaults and overrides), as saved: `{title, url, targetBlank}`. */
export function linksOf(config: FieldConfig): Array<{ title: string; url: string; targetBlank: boolean }> {
  const links = config.links;
  if (!Array.isArray(links)) return [];
  return links
    .filter(isObject)
    .filter((link) => typeof link.url === 'string' && link.url.trim() !== '')
    .map((link) => ({
      title: typeof link.title === 'string' ? link.title : '',
      url: link.url as string,
      targetBlank: link.targetBlank === true,
    }));
}

function fieldNamed(context: DataLinkContext, key: string): (PanelField & { displayName?: string }) | undefined {
  const fields = context.frame?.fields ?? [];
  if (/^\d+$/.test(key)) return fields[Number(key)];
  return fields.find((f) => f.displayName === key) ?? fields.find((f) => f.name === key);
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * `${__value.raw|numeric|text|time}`, `${__field.name|displayName|labels[.x]}`, `${__series.name}`,
 * `${__url_time_range}`, `${__from}`/`${__to}`, `${__data.fields.x}` / `${__data.fields["x"]}` /
 * `${__data.fields[0]}`, then the dashboard's variables. `encode` escapes what the data says (in a URL).
 */
export function interpolateDataLinkText(template: string, context: DataLinkContext, encode: boolean): string {
  const out = (value: string) => (encode ? encodeURIComponent(value) : value);
  const replaced = template.replace(/\$\{(__[a-zA-Z_]+)((?:\.[^}[]+|\[[^\]]+\])*)\}/g, (whole, root: string, path: string) => {
    const parts = [...path.matchAll(/\.([^.[]+)|\["([^"]+)"\]|\['([^']+)'\]|\[(\d+)\]/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
    switch (root) {
      case '__value': {
        const key = parts[0] ?? 'raw';
        if (key === 'raw') return out(text(context.value));
        if (key === 'numeric') return out(typeof context.value === 'number' ? String(context.value) : text(Number(context.value)));
        if (key === 'text') return out(context.valueText ?? text(context.value));
        if (key === 'time') return context.time === undefined ? '' : String(context.time);
        return whole;
      }
      case '__field': {
        const [key, sub] = parts;
        if (key === 'name') return out(context.field.name);
        if (key === 'displayName') return out(context.field.displayName ?? context.seriesName);
        if (key === 'labels') {
          if (!sub) return out(formatLabels(context.field.labels));
          if (sub === '__values') return out(Object.values(context.field.labels ?? {}).join(', '));
          return out(context.field.labels?.[sub] ?? '');
        }
        return whole;
      }
      case '__series':
        return parts[0] === 'name' ? out(context.seriesName) : whole;
      case '__url_time_range':
        return `from=${context.timeRange.from}&to=${context.timeRange.to}`;
      case '__from':
        return String(context.timeRange.from);
      case '__to':
        return String(context.timeRange.to);
      case '__data': {
        if (parts[0] !== 'fields' || parts[1] === undefined || context.row === undefined) return whole;
        const field = fieldNamed(context, parts[1]);
        return field ? out(text(field.values[context.row])) : whole;
      }
      default:
        return whole;
    }
  });
  return context.replaceVariables ? context.replaceVariables(replaced) : replaced;
}

/** The field's links for one value, interpolated; links to anything but http(s), mailto or this server are left out. */
export function dataLinksFor(config: FieldConfig, context: DataLinkContext): DataLink[] {
  const links: DataLink[] = [];
  for (const link of linksOf(config)) {
    const href = safeLinkUrl(interpolateDataLinkText(link.url, context, true).replace(/\n/g, ''));
    if (!href) continue;
    const title = interpolateDataLinkText(link.title, context, false).trim() || href;
    links.push({ title, href, newTab: link.targetBlank });
  }
  return links;
}
