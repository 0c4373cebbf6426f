import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  createDataSourceRequestSchema,
  dataSourceIdParamsSchema,
  dataSourceNameParamsSchema,
  dataSourceTypes,
  dataSourceUidParamsSchema,
  knownDataSourceTypes,
  isHttpUrl,
  isValidTimeout,
  MAX_TIMEOUT_SECONDS,
  parseHostPort,
  sqlDataSourceTypes,
  updateDataSourceRequestSchema,
  urlCredentialsProblem,
  type CreateDataSourceRequest,
  type DataSource,
  type DataSourceResponse,
  type DeleteDataSourceResponse,
  type HealthCheckResult,
} from '../../contract/datasources';
import type { Identity } from '../auth/identity';
import { ApiError, badRequest, notFound } from '../errors';
import { checkers, resolveType, timeoutFor } from '../health/registry';
import { customHeaderProblem } from '../health/http';
import { hostAndPort } from '../health/sql';
import { failed, runCheck } from '../health/types';
import { parseBody, parseInput } from '../http';
import { closeDataSourcePools } from '../query/pools';
import { targetOf } from '../query/service';
import type { Store } from '../store';
import type { DataSourceFields, StoredDataSource } from '../store/datasources';

function toDataSource(ds: StoredDataSource): DataSource {
  const type = resolveType(ds.type);
  return {
    id: ds.id,
    uid: ds.uid,
    orgId: ds.orgId,
    name: ds.name,
    type: ds.type,
    typeName: type ? dataSourceTypes[type] : ds.type,
    typeLogoUrl: '',
    access: ds.access,
    url: withoutUrlPassword(ds.url),
    user: ds.user,
    database: ds.database,
    basicAuth: ds.basicAuth,
    basicAuthUser: ds.basicAuthUser,
    withCredentials: ds.withCredentials,
    isDefault: ds.isDefault,
    jsonData: ds.jsonData,
    secureJsonFields: Object.fromEntries(ds.secretNames.map((name) => [name, true])),
    version: ds.version,
    readOnly: ds.readOnly,
  };
}

/**
 * A URL saved before passwords in URLs were refused (`http://user:secret@host`) is shown with the
 * password blanked: every Viewer reads data sources. (Everything up to the last `@` of the
 * authority is the user info, as URL parsers read it.)
 */
function withoutUrlPassword(url: string): string {
  return url.replace(/^((?:[a-z][a-z0-9+.-]*:\/\/)?[^@/?#:]*):[^/?#]*@/i, '$1:***@');
}

/** Checks what the stores cannot: a known type and a usable URL for it. */
function validFields(body: CreateDataSourceRequest): DataSourceFields {
  const type = resolveType(body.type);
  if (!type) {
    throw badRequest(`unknown data source type "${body.type}"; known types: ${knownDataSourceTypes.join(', ')}`, { field: 'type' });
  }
  const timeout = body.jsonData?.timeout;
  if (!isValidTimeout(timeout)) {
    throw badRequest(
      `bad request data: jsonData.timeout: must be a number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}, got ${JSON.stringify(timeout)}`,
      { field: 'jsonData.timeout' },
    );
  }
  for (const [key, name] of Object.entries(body.jsonData ?? {})) {
    if (!/^httpHeaderName\d+$/.test(key) || typeof name !== 'string' || !name.trim()) continue;
    const problem = customHeaderProblem(name);
    if (problem) throw badRequest(`bad request data: jsonData.${key}: ${problem}`, { field: `jsonData.${key}` });
  }
  for (const [key, value] of Object.entries(body.secureJsonData ?? {})) {
    if (/^httpHeaderValue\d+$/.test(key) && /[\r\n\0]/.test(value)) {
      throw badRequest(`bad request data: secureJsonData.${key}: a header value cannot contain line breaks`, {
        field: `secureJsonData.${key}`,
      });
    }
  }
  const url = body.url ?? '';
  if (url) {
    // Before the format checks, whose messages quote the URL: this one must not echo a password.
    const credentials = urlCredentialsProblem(url, sqlDataSourceTypes.includes(type));
    if (credentials) throw badRequest(`bad request data: ${credentials}`, { field: 'url' });
    if (sqlDataSourceTypes.includes(type)) {
      if (!parseHostPort(url)) throw badRequest(`Validation error, invalid URL: "${url}" is not host:port`, { field: 'url' });
    } else if (!isHttpUrl(url)) {
      throw badRequest(`Validation error, invalid URL: "${url}" is not an http:// or https:// address`, { field: 'url' });
    }
  }
  return {
    name: body.name,
    type: body.type,
    access: body.access,
    url,
    user: body.user ?? '',
    database: body.database ?? '',
    basicAuth: body.basicAuth ?? false,
    basicAuthUser: body.basicAuthUser ?? '',
    withCredentials: body.withCredentials ?? false,
    isDefault: body.isDefault ?? false,
    jsonData: body.jsonData ?? {},
  };
}

/**
 * Where a data source's secrets go: scheme, host and port (host and port for SQL types). Stored
 * secrets must not follow the URL to another address unless the update sends them again.
 */
export function secretDestination(type: string, url: string): string {
  const text = url.trim();
  const canonical = resolveType(type);
  try {
    if (canonical && sqlDataSourceTypes.includes(canonical)) {
      const { host, port } = hostAndPort(text, canonical === 'mysql' ? 3306 : 5432);
      return `${host.toLowerCase()}:${port}`;
    }
    const parsed = new URL(text);
    const port = parsed.port || (parsed.protocol === 'https:' ? '443' : parsed.protocol === 'http:' ? '80' : '');
    return `${parsed.protocol}//${parsed.hostname.toLowerCase()}:${port}`;
  } catch {
    return text;
  }
}

export function registerDataSourceRoutes(app: FastifyInstance, store: Store): void {
  async function byUid(identity: Identity, params: unknown) {
    const { uid } = parseInput(dataSourceUidParamsSchema, params);
    const ds = await store.dataSources.find(identity.orgId, { uid });
    if (!ds) throw notFound('Data source not found');
    return ds;
  }
  async function byId(identity: Identity, params: unknown) {
    const { id } = parseInput(dataSourceIdParamsSchema, params);
    const ds = await store.dataSources.find(identity.orgId, { id });
    if (!ds) throw notFound('Data source not found');
    return ds;
  }
  async function byName(identity: Identity, params: unknown) {
    const { name } = parseInput(dataSourceNameParamsSchema, params);
    const ds = await store.dataSources.find(identity.orgId, { name });
    if (!ds) throw notFound('Data source not found');
    return ds;
  }

  app.get('/api/datasources', { config: { action: 'datasources:read' } }, async (request): Promise<DataSource[]> =>
    (await store.dataSources.list(request.identity.orgId)).map(toDataSource),
  );
  app.get('/api/datasources/uid/:uid', { config: { action: 'datasources:read' } }, async (request): Promise<DataSource> =>
    toDataSource(await byUid(request.identity, request.params)),
  );
  app.get('/api/datasources/name/:name', { config: { action: 'datasources:read' } }, async (request): Promise<DataSource> =>
    toDataSource(await byName(request.identity, request.params)),
  );
  app.get('/api/datasources/id/:name', { config: { action: 'datasources:read' } }, async (request) => ({
    id: (await byName(request.identity, request.params)).id,
  }));
  app.get('/api/datasources/:id', { config: { action: 'datasources:read' } }, async (request): Promise<DataSource> =>
    toDataSource(await byId(request.identity, request.params)),
  );

  app.post('/api/datasources', { config: { action: 'datasources:create' } }, async (request): Promise<DataSourceResponse> => {
    const body = parseBody(createDataSourceRequestSchema, request.body);
    const created = await store.dataSources.create(request.identity.orgId, {
      ...validFields(body),
      uid: body.uid,
      secureJsonData: body.secureJsonData,
    });
    return { datasource: toDataSource(created), id: created.id, message: 'Datasource added', name: created.name };
  });

  async function update(existing: StoredDataSource, rawBody: unknown): Promise<DataSourceResponse> {
    // Grafana's words and status for a provisioned data source whose file says `editable: false`.
    if (existing.readOnly) throw new ApiError(403, 'Cannot update read-only data source');
    const body = parseBody(updateDataSourceRequestSchema, rawBody);
    // A field left out or null is left as it is: a client's model that sends `user: null` keeps the user.
    const merged: CreateDataSourceRequest = {
      ...body,
      url: body.url ?? existing.url,
      user: body.user ?? existing.user,
      database: body.database ?? existing.database,
      basicAuth: body.basicAuth ?? existing.basicAuth,
      basicAuthUser: body.basicAuthUser ?? existing.basicAuthUser,
      withCredentials: body.withCredentials ?? existing.withCredentials,
      isDefault: body.isDefault ?? existing.isDefault,
      jsonData: body.jsonData ?? existing.jsonData,
    };
    const fields = validFields(merged);
    // A new address gets only the secrets sent with it (the stored ones are dropped; secureJsonFields shows it).
    // An emptied URL sends them nowhere, so they stay (and go when a URL is set again).
    const keepStoredSecrets = !fields.url || secretDestination(existing.type, existing.url) === secretDestination(fields.type, fields.url);
    const updated = await store.dataSources.update(
      existing,
      { ...fields, uid: body.uid, secureJsonData: body.secureJsonData },
      body.version,
      { keepStoredSecrets },
    );
    closeDataSourcePools(updated.id);
    return { datasource: toDataSource(updated), id: updated.id, message: 'Datasource updated', name: updated.name };
  }
  app.put('/api/datasources/uid/:uid', { config: { action: 'datasources:write' } }, async (request) =>
    update(await byUid(request.identity, request.params), request.body),
  );
  app.put('/api/datasources/:id', { config: { action: 'datasources:write' } }, async (request) =>
    update(await byId(request.identity, request.params), request.body),
  );

  async function remove(ds: StoredDataSource): Promise<DeleteDataSourceResponse> {
    if (ds.readOnly) throw new ApiError(403, 'Cannot delete read-only data source');
    await store.dataSources.delete(ds.id);
    closeDataSourcePools(ds.id);
    return { id: ds.id, message: 'Data source deleted' };
  }
  app.delete('/api/datasources/uid/:uid', { config: { action: 'datasources:delete' } }, async (request) =>
    remove(await byUid(request.identity, request.params)),
  );
  app.delete('/api/datasources/name/:name', { config: { action: 'datasources:delete' } }, async (request) =>
    remove(await byName(request.identity, request.params)),
  );
  app.delete('/api/datasources/:id', { config: { action: 'datasources:delete' } }, async (request) =>
    remove(await byId(request.identity, request.params)),
  );

  /** Probes the backend for real; answers 200 with OK or 400 with ERROR, as Grafana does. */
  async function health(ds: StoredDataSource, reply: FastifyReply) {
    const type = resolveType(ds.type);
    const result: HealthCheckResult = type
      ? await runCheck(checkers[type], { ...(await targetOf(store, ds)), type }, { timeoutMs: timeoutFor(ds.jsonData) })
      : failed(`health checks for type "${ds.type}" are not supported`);
    return reply.code(result.status === 'OK' ? 200 : 400).send(result);
  }
  app.get('/api/datasources/uid/:uid/health', { config: { action: 'datasources:query' } }, async (request, reply) =>
    health(await byUid(request.identity, request.params), reply),
  );
  app.get('/api/datasources/:id/health', { config: { action: 'datasources:query' } }, async (request, reply) =>
    health(await byId(request.identity, request.params), reply),
  );
}
