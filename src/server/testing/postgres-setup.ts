/**
 * Vitest global setup of the `server-postgres` project: one throwaway PostgreSQL cluster (Debian's
 * `postgresql`) for the whole run, with a migrated template database that every test server
 * copies (`create database … template`, much faster than migrating each). Stopped at the end.
 */
import type { TestProject } from 'vitest/node';
import { openStore } from '../store';
import { hasPostgres, startPostgres } from './backends';
import { POSTGRES_TEMPLATE, POSTGRES_TEST_SECRET_KEY, adminQuery } from './postgres';

const PASSWORD = 'sightline-test-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster (its `postgres` database); absent when PostgreSQL is not installed. */
    postgresAdminUrl: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  if (!hasPostgres) {
    project.provide('postgresAdminUrl', undefined);
    return;
  }
  const cluster = await startPostgres(PASSWORD);
  const base = `postgres://postgres:${PASSWORD}@${cluster.url}`;
  await adminQuery(`${base}/postgres`, `create database ${POSTGRES_TEMPLATE}`);
  const template = await openStore('/nonexistent-sightline-data-dir', {
    databaseUrl: `${base}/${POSTGRES_TEMPLATE}`,
    secretKey: POSTGRES_TEST_SECRET_KEY,
  });
  await template.close();
  project.provide('postgresAdminUrl', `${base}/postgres`);
  return () => cluster.stop();
}
