/** The annotation list panel's options as Grafana saves them, and the request and links they make. */

export interface AnnoListOptions {
  onlyFromThisDashboard: boolean;
  onlyInTimeRange: boolean;
  tags: string[];
  limit: number;
  showUser: boolean;
  showTime: boolean;
  showTags: boolean;
  navigateBefore: string;
  navigateAfter: string;
  navigateToPanel: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function annoListOptionsOf(options: unknown): AnnoListOptions {
  const o = isObject(options) ? options : {};
  return {
    onlyFromThisDashboard: o.onlyFromThisDashboard === true,
    onlyInTimeRange: o.onlyInTimeRange === true,
    tags: Array.isArray(o.tags) ? o.tags.filter((t): t is string => typeof t === 'string' && t !== '') : [],
    limit: typeof o.limit === 'number' && Number.isFinite(o.limit) && o.limit > 0 ? Math.floor(o.limit) : 10,
    showUser: o.showUser !== false,
    showTime: o.showTime !== false,
    showTags: o.showTags !== false,
    navigateBefore: typeof o.navigateBefore === 'string' ? o.navigateBefore : '10m',
    navigateAfter: typeof o.navigateAfter === 'string' ? o.navigateAfter : '10m',
    navigateToPanel: o.navigateToPanel !== false,
  };
}

/** The `/api/annotations` request: only annotations (not alerts), as Grafana's panel asks. */
export function annotationsRequest(
  options: AnnoListOptions,
  context: {
    dashboardUID?: string;
    timeRange: { from: number; to: number };
    extraTags: string[];
    replaceVariables?: (t: string) => string;
  },
): string {
  const replace = context.replaceVariables ?? ((text: string) => text);
  const params = new URLSearchParams({ limit: String(options.limit), type: 'annotation' });
  if (options.onlyFromThisDashboard && context.dashboardUID) params.set('dashboardUID', context.dashboardUID);
  if (options.onlyInTimeRange) {
    params.set('from', String(Math.floor(context.timeRange.from)));
    params.set('to', String(Math.ceil(context.timeRange.to)));
  }
  for (const tag of [...options.tags.map(replace), ...context.extraTags]) params.append('tags', tag);
  return `/api/annotations?${params}`;
}

const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  M: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

/** `time` moved by an offset such as "10m" or "1h" (5 minutes when unreadable, as Grafana's `_timeOffset`). */
export function offsetTime(time: number, offset: string, before: boolean): number {
  const parts = /^(\d+)(\w)/.exec(offset.trim());
  const amount = parts ? Number(parts[1]) : 5;
  const unit = parts && UNIT_MS[parts[2]!] ? UNIT_MS[parts[2]!]! : UNIT_MS.m!;
  return before ? time - amount * unit : time + amount * unit;
}

/** The annotation's text without markup, for a one-line list entry. */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
