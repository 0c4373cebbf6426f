import { browserTimeZone } from '../../runtime/zonedTime';

/** Every IANA zone the browser knows (all modern browsers list them), else a few common ones. */
function ianaZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    const zones = intl.supportedValuesOf?.('timeZone');
    if (zones && zones.length > 0) return zones;
  } catch {
    // An engine without the list falls through to the short one.
  }
  return ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'Australia/Sydney'];
}

/**
 * The dashboard time zone choices as Grafana offers them: Default (the viewer's preference; in
 * Sightline, the browser's), Browser Time, UTC, then every IANA zone. Stored as Grafana does:
 * `''`, `browser`, `utc` or the zone name.
 */
export function timeZoneOptions(): Array<{ value: string; label: string }> {
  return [
    { value: '', label: 'Default' },
    { value: 'browser', label: `Browser Time (${browserTimeZone()})` },
    { value: 'utc', label: 'Coordinated Universal Time (UTC)' },
    ...ianaZones()
      .filter((zone) => zone !== 'UTC')
      .map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
  ];
}
