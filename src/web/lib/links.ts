// Links that panels and dashboards carry: which URLs may be followed, and what a link adds to its URL.

/** Only links a browser may follow safely: http(s), mailto, or paths on this server. */
export function safeLinkUrl(url: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed === '') return undefined;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? trimmed : undefined;
  } catch {
    // A relative link such as `d/abc?orgId=1` resolves against the page, as in Grafana.
    return /^[\w.-]+(\/|\?|#|$)/.test(trimmed) && !trimmed.includes(':') ? trimmed : undefined;
  }
}

/** `url` with the dashboard's time range and variables added, as the link asks (Grafana's `keepTime`, `includeVars`). */
export function linkHref(
  url: string,
  link: { keepTime?: boolean; includeVars?: boolean },
  rawRange: { from: string; to: string },
  params: URLSearchParams,
): string {
  const extra = new URLSearchParams();
  if (link.keepTime) {
    extra.set('from', rawRange.from);
    extra.set('to', rawRange.to);
  }
  if (link.includeVars) for (const [key, value] of params) if (key.startsWith('var-')) extra.append(key, value);
  const query = extra.toString();
  if (!query) return url;
  const hash = url.indexOf('#');
  const [base, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}
