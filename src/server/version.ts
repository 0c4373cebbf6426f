import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The version in package.json, reported by `/api/health`. */
export const SIGHTLINE_VERSION: string = (require('../../package.json') as { version: string }).version;
