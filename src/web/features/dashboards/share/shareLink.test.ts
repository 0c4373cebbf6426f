import { describe, expect, it } from 'vitest';
import { shareUrl } from './shareLink';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const page = 'http://sightline.test/d/svc/service?var-job=api&var-job=web&timezone=utc&inspect=2&inspectTab=json&editview=settings#x';

describe('shareUrl', () => {
  it('keeps variables and the time zone, writes the range as the viewer sees it, and drops the inspector and edit mode', () => {
    const url = new URL(shareUrl(page, { raw: { from: 'now-6h', to: 'now' }, timeZone: 'utc', lockTime: false, now: NOW }));
    expect(url.pathname).toBe('/d/svc/service');
    expect(url.searchParams.getAll('var-job')).toEqual(['api', 'web']);
    expect(url.searchParams.get('timezone')).toBe('utc');
    expect(url.searchParams.get('from')).toBe('now-6h');
    expect(url.searchParams.get('to')).toBe('now');
    for (const gone of ['inspect', 'inspectTab', 'editview']) expect(url.searchParams.has(gone)).toBe(false);
    expect(url.hash).toBe('');
  });

  it('locks a relative range to absolute epoch ms resolved now', () => {
    const url = new URL(shareUrl(page, { raw: { from: 'now-6h', to: 'now' }, timeZone: 'utc', lockTime: true, now: NOW }));
    expect(url.searchParams.get('from')).toBe(String(NOW - 6 * 3_600_000));
    expect(url.searchParams.get('to')).toBe(String(NOW));
  });

  it('opens a panel alone with viewPanel', () => {
    const url = new URL(shareUrl(page, { raw: { from: '1', to: '2' }, timeZone: 'utc', lockTime: true, now: NOW, panelId: 4 }));
    expect(url.searchParams.get('viewPanel')).toBe('4');
    expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual(['1', '2']);
  });
});
