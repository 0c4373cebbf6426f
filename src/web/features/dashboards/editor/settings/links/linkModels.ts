import type { Json } from '../listEdits';

/** Grafana's link icons (`icon` of a `link`-type entry). */
export const LINK_ICONS = [
  { value: 'external link', label: 'External link' },
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'question', label: 'Question' },
  { value: 'info', label: 'Info' },
  { value: 'bolt', label: 'Bolt' },
  { value: 'doc', label: 'Doc' },
  { value: 'cloud', label: 'Cloud' },
];

/** Grafana's new dashboard link: every field present, a dashboards-by-tag link until the type changes. */
export function newLink(): Json {
  return {
    asDropdown: false,
    icon: 'external link',
    includeVars: false,
    keepTime: false,
    tags: [],
    targetBlank: false,
    title: 'New link',
    tooltip: '',
    type: 'dashboards',
    url: '',
  };
}

/** What a link's row says it points to. */
export function describeLink(link: Json): string {
  if (link.type === 'dashboards') {
    const tags = Array.isArray(link.tags) ? (link.tags as unknown[]).map(String) : [];
    return tags.length ? `Dashboards tagged ${tags.join(', ')}` : 'Dashboards (no tags chosen)';
  }
  return typeof link.url === 'string' && link.url ? link.url : 'No URL yet';
}
