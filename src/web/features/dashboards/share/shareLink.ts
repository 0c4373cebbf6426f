import { absolute, resolveRange } from '../runtime/time';
import type { RawTimeRange } from '../runtime/types';

/** What a page address carries that a shared link should not open: an inspector, edit mode. */
const NOT_SHARED = ['inspect', 'inspectTab', 'edit', 'editview'];

export interface ShareLinkOptions {
  /** The range the viewer sees, as the URL says it (`now-6h` or epoch ms). */
  raw: RawTimeRange;
  timeZone: string;
  /** Grafana's "Lock time range": the range resolved now, as absolute epoch ms. */
  lockTime: boolean;
  now: number;
  /** A panel's share link opens that panel alone (`viewPanel`). */
  panelId?: number;
}

/**
 * Grafana's share link: the page's address with its variables (`var-…`), time zone and refresh
 * kept, the time range written in, and for a panel `viewPanel`.
 */
export function shareUrl(href: string, options: ShareLinkOptions): string {
  const url = new URL(href);
  const params = url.searchParams;
  for (const key of NOT_SHARED) params.delete(key);
  const range = options.lockTime ? absolute(resolveRange(options.raw, options.now, options.timeZone)) : options.raw;
  params.set('from', range.from);
  params.set('to', range.to);
  if (options.panelId !== undefined) params.set('viewPanel', String(options.panelId));
  url.hash = '';
  return url.toString();
}
