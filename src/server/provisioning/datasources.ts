/**
 * Data sources from `<provisioning dir>/datasources/*.yaml`, Grafana's format: `apiVersion`,
 * `deleteDatasources`, `prune` and `datasources`. Everything the files say is applied in one
 * transaction (`BEGIN IMMEDIATE`), matched by uid (else name), and nothing is written for a data
 * source that already says the same: several instances applying the same files create nothing
 * twice and bump no version.
 */
import { isHttpUrl, parseHostPort, sqlDataSourceTypes, urlCredentialsProblem, type DataSourceType } from '../../contract/datasources';
import { UID_PATTERN } from '../../contract/dashboards';
import { resolveType } from '../health/registry';
import { closeDataSourcePools } from '../query/pools';
import type { Store } from '../store';
import type { ProvisionedDataSource } from '../store/datasources';
import { basename } from 'node:path';
import { isRecord, readYaml, yamlFilesIn, type KeyPath, textOf, type ApplySummary, type Problem } from './files';

export interface DataSourceConfig extends ProvisionedDataSource {
  file: string;
  line: number;
}

export interface DataSourceFiles {
  dataSources: DataSourceConfig[];
  deletes: Array<{ orgId: number; name: string; file: string; line: number }>;
  problems: Problem[];
  /** Whether every file was read: only then may `prune` delete what no file names. */
  complete: boolean;
}

/** Where `${SIGHTLINE_*}` may be used: the values of a data source's `secureJsonData`, which are sealed and never shown. */
const isSecureJsonDataValue = (keys: KeyPath) =>
  keys.length === 4 && keys[0] === 'datasources' && typeof keys[1] === 'number' && keys[2] === 'secureJsonData';

/**
 * Reads and checks every data source file in `dir` (symlinks followed inside `provisioningDir`);
 * what is wrong becomes a problem and is left out, so each file (and each entry) stands alone.
 */
export function readDataSourceFiles(dir: string, provisioningDir: string, env: NodeJS.ProcessEnv): DataSourceFiles {
  const result: DataSourceFiles = { dataSources: [], deletes: [], problems: [], complete: true };
  const defaults = new Map<number, string>();
  const names = new Set<string>();
  /** `orgId/uid` → where it was first defined: a second data source with that uid would take over the first. */
  const uids = new Map<string, string>();
  const found = yamlFilesIn(dir, provisioningDir);
  if (found.problems.length > 0) {
    result.problems.push(...found.problems);
    result.complete = false;
  }
  for (const file of found.files) {
    const path = file.path;
    const read = readYaml(file, env, isSecureJsonDataValue);
    if ('reason' in read) {
      result.problems.push(read);
      result.complete = false;
      continue;
    }
    const doc = read.value;
    if (doc === null || doc === undefined) continue;
    if (!isRecord(doc)) {
      result.problems.push({ file: path, line: 1, reason: 'must be a mapping with apiVersion and datasources' });
      result.complete = false;
      continue;
    }
    const problem = (line: number, reason: string) => result.problems.push({ file: path, line, reason });
    const prune = doc.prune === true;
    for (const [index, item] of (Array.isArray(doc.deleteDatasources) ? doc.deleteDatasources : []).entries()) {
      const line = read.lineOf('deleteDatasources', index);
      if (!isRecord(item) || !textOf(item.name)) problem(line, 'deleteDatasources: each entry needs a name');
      else result.deletes.push({ orgId: Number(item.orgId ?? 1) || 1, name: textOf(item.name), file: path, line });
    }
    if (doc.datasources !== undefined && !Array.isArray(doc.datasources)) problem(1, 'datasources must be a list');
    for (const [index, item] of (Array.isArray(doc.datasources) ? doc.datasources : []).entries()) {
      const line = read.lineOf('datasources', index);
      const checked = checkDataSource(item, prune);
      if (typeof checked === 'string') {
        problem(line, checked);
        continue;
      }
      const key = `${checked.orgId}/${checked.name.toLowerCase()}`;
      if (names.has(key)) {
        problem(line, `data source "${checked.name}" is defined twice in org ${checked.orgId}; the first definition is kept`);
        continue;
      }
      const uidKey = checked.uid === undefined ? undefined : `${checked.orgId}/${checked.uid}`;
      if (uidKey && uids.has(uidKey)) {
        problem(
          line,
          `data source "${checked.name}": uid "${checked.uid}" is already the uid of ${uids.get(uidKey)}; the first definition is kept`,
        );
        continue;
      }
      if (uidKey) uids.set(uidKey, `data source "${checked.name}" (${basename(path)}:${line})`);
      if (checked.isDefault && defaults.has(checked.orgId)) {
        problem(
          line,
          `only one data source per org can be the default; "${defaults.get(checked.orgId)}" already is, so "${checked.name}" is not`,
        );
        checked.isDefault = false;
      }
      if (checked.isDefault) defaults.set(checked.orgId, checked.name);
      names.add(key);
      result.dataSources.push({ ...checked, file: path, line });
    }
  }
  return result;
}

function checkDataSource(item: unknown, prune: boolean): ProvisionedDataSource | string {
  if (!isRecord(item)) return 'each data source must be a mapping';
  const name = textOf(item.name).trim();
  if (!name) return 'a data source needs a name';
  const type = resolveType(textOf(item.type));
  if (!item.type) return `data source "${name}" needs a type`;
  if (!type) return `data source "${name}": unknown type "${textOf(item.type)}"`;
  const uid = item.uid === undefined || item.uid === null ? undefined : textOf(item.uid);
  if (uid !== undefined && !UID_PATTERN.test(uid)) return `data source "${name}": uid "${uid}" must be 1–40 letters, digits, "-" or "_"`;
  const url = textOf(item.url).trim();
  const isSql = sqlDataSourceTypes.includes(type as DataSourceType);
  // First: the message below quotes the URL, which must not put a password in the log.
  const credentials = url ? urlCredentialsProblem(url, isSql) : undefined;
  if (credentials) return `data source "${name}": ${credentials}`;
  if (url && (isSql ? !parseHostPort(url) : !isHttpUrl(url))) {
    return `data source "${name}": url "${url}" is not ${isSql ? 'host:port' : 'an http:// or https:// address'}`;
  }
  if (item.jsonData !== undefined && item.jsonData !== null && !isRecord(item.jsonData))
    return `data source "${name}": jsonData must be a mapping`;
  if (item.secureJsonData !== undefined && item.secureJsonData !== null && !isRecord(item.secureJsonData)) {
    return `data source "${name}": secureJsonData must be a mapping`;
  }
  const secureJsonData = Object.fromEntries(
    Object.entries(isRecord(item.secureJsonData) ? item.secureJsonData : {}).map(([k, v]) => [k, textOf(v)]),
  );
  return {
    orgId: Number(item.orgId ?? 1) || 1,
    uid,
    name,
    type: textOf(item.type),
    access: textOf(item.access) || 'proxy',
    url,
    user: textOf(item.user),
    database: textOf(item.database),
    basicAuth: item.basicAuth === true,
    basicAuthUser: textOf(item.basicAuthUser),
    withCredentials: item.withCredentials === true,
    isDefault: item.isDefault === true,
    jsonData: isRecord(item.jsonData) ? item.jsonData : {},
    secureJsonData,
    // Grafana: `editable` (default false) lets the UI and API change a provisioned data source.
    readOnly: item.editable !== true,
    prunable: prune,
  };
}

/** Applies what the files say; problems are returned (and the caller logs them), never thrown. */
export async function applyDataSources(store: Store, files: DataSourceFiles): Promise<ApplySummary> {
  const summary: ApplySummary = { created: 0, updated: 0, unchanged: 0, deleted: 0, problems: [...files.problems] };
  const touched: number[] = [];
  await store.transaction(async (stores) => {
    const orgs = new Map<number, boolean>();
    const orgExists = async (orgId: number) => {
      if (!orgs.has(orgId)) orgs.set(orgId, (await stores.orgs.get(orgId)) !== undefined);
      return orgs.get(orgId)!;
    };
    for (const del of files.deletes) {
      const id = await stores.dataSources.deleteByName(del.orgId, del.name);
      if (id !== undefined) {
        summary.deleted++;
        touched.push(id);
      }
    }
    const keep: number[] = [];
    /** Stored data source id → the entry that provisions it in this run. */
    const claimed = new Map<number, DataSourceConfig>();
    for (const ds of files.dataSources) {
      const skip = (reason: string) =>
        summary.problems.push({ file: ds.file, line: ds.line, reason: `data source "${ds.name}": ${reason}` });
      if (!(await orgExists(ds.orgId))) {
        skip(`org ${ds.orgId} does not exist`);
        continue;
      }
      // Checked before writing: two entries must not take turns rewriting one data source, and a
      // write that fails (a name taken) would, on PostgreSQL, undo every other file's writes too.
      const byUid = ds.uid === undefined ? undefined : await stores.dataSources.find(ds.orgId, { uid: ds.uid });
      const byName = await stores.dataSources.find(ds.orgId, { name: ds.name });
      const target = byUid ?? byName;
      const owner = target && claimed.get(target.id);
      if (owner) {
        skip(
          `it is the stored data source "${target.name}", which "${owner.name}" (${basename(owner.file)}:${owner.line}) already sets; skipped`,
        );
        continue;
      }
      if (byUid && byName && byUid.id !== byName.id) {
        skip(`uid "${ds.uid}" is data source "${byUid.name}", and another data source is already named "${ds.name}"; skipped`);
        continue;
      }
      if (target) claimed.set(target.id, ds);
      try {
        const { id, outcome } = await stores.dataSources.upsertProvisioned(ds);
        keep.push(id);
        summary[outcome]++;
        if (outcome !== 'unchanged') touched.push(id);
      } catch (error) {
        summary.problems.push({ file: ds.file, line: ds.line, reason: `data source "${ds.name}": ${(error as Error).message}` });
      }
    }
    // A file that could not be read may name data sources too: nothing is pruned then.
    if (files.complete) {
      const pruned = await stores.dataSources.prune(keep);
      summary.deleted += pruned.length;
      touched.push(...pruned);
    }
  });
  for (const id of touched) closeDataSourcePools(id);
  return summary;
}
