import { createRequire } from 'node:module';
import { GRAFANA_API_VERSION, type BuildInfo } from '../contract/system';

const require = createRequire(import.meta.url);
/** Sightline's own release, from package.json: reported as `sightlineVersion`. */
export const SIGHTLINE_VERSION: string = (require('../../package.json') as { version: string }).version;

/** Defined beside the API's shapes, so the UI's exports name the same Grafana version. */
export { GRAFANA_API_VERSION };

/** The version fields of `/api/health`. */
export function healthVersions(): { version: string; commit: string; sightlineVersion: string } {
  return { version: GRAFANA_API_VERSION, commit: `sightline-${SIGHTLINE_VERSION}`, sightlineVersion: SIGHTLINE_VERSION };
}

/** `buildInfo` of `/api/frontend/settings`, as Grafana shapes it. */
export function buildInfo(): BuildInfo {
  return {
    version: GRAFANA_API_VERSION,
    versionString: `Sightline ${SIGHTLINE_VERSION} (Grafana API ${GRAFANA_API_VERSION})`,
    commit: `sightline-${SIGHTLINE_VERSION}`,
    commitShort: `sightline-${SIGHTLINE_VERSION}`,
    buildstamp: 0,
    edition: 'Open Source',
    env: 'production',
    latestVersion: '',
    hasUpdate: false,
    hideVersion: false,
    sightlineVersion: SIGHTLINE_VERSION,
  };
}
