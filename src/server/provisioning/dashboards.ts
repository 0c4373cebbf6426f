/**
 * Dashboards from the providers of `<provisioning dir>/dashboards/*.yaml` (Grafana's format):
 * each provider names a folder of `.json` files (`options.path`, relative paths from the
 * provisioning dir), the folder they land in (`folder`, `folderUid`, or one folder per directory
 * with `options.foldersFromFilesStructure`), and how the files rule: `allowUiUpdates`,
 * `disableDeletion` (a removed file leaves its dashboard, unprovisioned), `updateIntervalSeconds`
 * (how often the files are read again). A provider is applied in one transaction; a dashboard is
 * found by the uid in its JSON, else by the file it came from, so instances applying the same
 * files create nothing twice.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dashboardModelSchema, UID_PATTERN } from '../../contract/dashboards';
import type { Store, Stores } from '../store';
import {
  findFiles,
  holdsNul,
  isRecord,
  jsonErrorLine,
  readYaml,
  realDir,
  yamlFilesIn,
  textOf,
  type ApplySummary,
  type Problem,
} from './files';

export interface DashboardProvider {
  name: string;
  orgId: number;
  folder: string;
  folderUid: string;
  /** Absolute. */
  path: string;
  foldersFromFilesStructure: boolean;
  disableDeletion: boolean;
  allowUiUpdates: boolean;
  updateIntervalSeconds: number;
  file: string;
  line: number;
}

export interface DashboardFile {
  /** Relative to the provider's path, with `/`: the dashboard's external id. */
  externalId: string;
  checksum: string;
  model?: Record<string, unknown>;
  problem?: Problem;
}

export interface DashboardFiles {
  files: DashboardFile[];
  /** Folders not read (a symlink outside, a loop) and the provider's own path when it cannot be read. */
  problems: Problem[];
  /** False when the provider's path itself cannot be read: then nothing is applied or deleted. */
  readable: boolean;
  /** External id prefixes (`sub/`) of folders not read: their dashboards stay as they are. */
  unread: string[];
}

/** Reads and checks every provider file; what is wrong becomes a problem and is left out. */
export function readProviders(
  dir: string,
  provisioningDir: string,
  env: NodeJS.ProcessEnv,
): { providers: DashboardProvider[]; problems: Problem[] } {
  const providers: DashboardProvider[] = [];
  const problems: Problem[] = [];
  const names = new Set<string>();
  const found = yamlFilesIn(dir, provisioningDir);
  problems.push(...found.problems);
  for (const entry of found.files) {
    const file = entry.path;
    const read = readYaml(entry, env);
    if ('reason' in read) {
      problems.push(read);
      continue;
    }
    const doc = read.value;
    if (doc === null || doc === undefined) continue;
    if (!isRecord(doc) || !Array.isArray(doc.providers)) {
      problems.push({ file, line: 1, reason: 'must be a mapping with apiVersion and a list of providers' });
      continue;
    }
    for (const [index, item] of doc.providers.entries()) {
      const line = read.lineOf('providers', index);
      const problem = (reason: string) => problems.push({ file, line, reason });
      if (!isRecord(item)) {
        problem('each provider must be a mapping');
        continue;
      }
      const name = textOf(item.name).trim();
      const options = isRecord(item.options) ? item.options : {};
      const folder = textOf(item.folder).trim();
      const folderUid = textOf(item.folderUid).trim();
      const type = textOf(item.type) || 'file';
      if (!name) problem('a provider needs a name');
      else if (names.has(name)) problem(`provider "${name}" is defined twice; the first definition is kept`);
      else if (type !== 'file') problem(`provider "${name}": type "${type}" is not supported (only "file")`);
      else if (!textOf(options.path)) problem(`provider "${name}" needs options.path`);
      else if (options.foldersFromFilesStructure === true && (folder || folderUid)) {
        problem(`provider "${name}": foldersFromFilesStructure cannot be used with folder or folderUid`);
      } else if (folderUid && !UID_PATTERN.test(folderUid))
        problem(`provider "${name}": folderUid "${folderUid}" must be 1–40 letters, digits, "-" or "_"`);
      else {
        names.add(name);
        const interval = Number(item.updateIntervalSeconds ?? 10);
        providers.push({
          name,
          orgId: Number(item.orgId ?? 1) || 1,
          folder,
          folderUid,
          path: path.resolve(provisioningDir, textOf(options.path)),
          foldersFromFilesStructure: options.foldersFromFilesStructure === true,
          disableDeletion: item.disableDeletion === true,
          allowUiUpdates: item.allowUiUpdates === true,
          updateIntervalSeconds: Number.isFinite(interval) && interval >= 0 ? interval : 10,
          file,
          line,
        });
      }
    }
  }
  return { providers, problems };
}

/**
 * Every `.json` file under the provider's path (not in folders whose name starts with a dot),
 * read and parsed; a broken one carries its problem. Symlinks are followed when their target is
 * inside the provider's path (as resolved) or the provisioning dir, the two places an operator
 * named; anything else is refused and reported.
 */
export function readDashboardFiles(provider: DashboardProvider, provisioningDir: string): DashboardFiles {
  const result: DashboardFiles = { files: [], problems: [], readable: true, unread: [] };
  const root = realDir(provider.path);
  const isDir = root !== undefined && fs.statSync(root, { throwIfNoEntry: false })?.isDirectory() === true;
  if (!isDir) {
    // Deleting every dashboard because a mount is missing for a moment would be worse than waiting.
    const reason = root === undefined ? 'does not exist' : 'is not a folder';
    result.problems.push({ file: provider.file, line: provider.line, reason: `provider "${provider.name}": ${provider.path} ${reason}` });
    return { ...result, readable: false };
  }
  const provisioningRoot = realDir(provisioningDir);
  const found = findFiles(provider.path, {
    names: /\.json$/i,
    roots: provisioningRoot ? [root, provisioningRoot] : [root],
    recursive: true,
  });
  const externalIdOf = (file: string) => path.relative(provider.path, file).split(path.sep).join('/');
  result.problems.push(...found.problems);
  result.unread = found.problems.map((problem) => `${externalIdOf(problem.file)}/`);
  for (const entry of found.files) {
    const full = entry.path;
    const externalId = externalIdOf(full);
    if (entry.problem || !entry.real) {
      result.files.push({ externalId, checksum: '', problem: entry.problem ?? { file: full, line: 0, reason: 'cannot be read' } });
      continue;
    }
    let content: string;
    try {
      content = fs.readFileSync(entry.real, 'utf8');
    } catch (error) {
      result.files.push({
        externalId,
        checksum: '',
        problem: { file: full, line: 0, reason: `cannot be read: ${(error as Error).message}` },
      });
      continue;
    }
    const checksum = createHash('sha256').update(content).digest('hex');
    const files = result.files;
    const problem = (line: number, reason: string): DashboardFile => ({ externalId, checksum, problem: { file: full, line, reason } });
    let model: unknown;
    try {
      model = JSON.parse(content);
    } catch (error) {
      files.push(problem(jsonErrorLine(content, error as Error), `is not valid JSON: ${(error as Error).message}`));
      continue;
    }
    const checked = dashboardModelSchema.safeParse(model);
    const issue = checked.success ? undefined : checked.error.issues[0];
    if (!isRecord(model)) files.push(problem(1, 'must hold a dashboard JSON object'));
    else if (issue) files.push(problem(1, `${issue.path.map(String).join('.') || 'the dashboard'}: ${issue.message}`));
    else if (typeof model.title !== 'string' || !model.title.trim()) files.push(problem(1, 'the dashboard has no title'));
    // PostgreSQL's text cannot hold NUL; one failed statement would undo the provider's other files.
    else if (holdsNul(model)) files.push(problem(1, 'holds a NUL character'));
    else if (
      model.uid !== undefined &&
      model.uid !== null &&
      model.uid !== '' &&
      !(typeof model.uid === 'string' && UID_PATTERN.test(model.uid))
    ) {
      files.push(problem(1, `uid ${JSON.stringify(model.uid)} must be 1–40 letters, digits, "-" or "_"`));
    } else files.push({ externalId, checksum, model });
  }
  result.files.sort((a, b) => a.externalId.localeCompare(b.externalId));
  return result;
}

/** The folder a file's dashboard goes to (null: General), created when missing. */
async function folderFor(
  stores: Stores,
  provider: DashboardProvider,
  externalId: string,
  cache: Map<string, number | null>,
): Promise<number | null> {
  let uid = provider.folderUid;
  let title = provider.folder;
  if (provider.foldersFromFilesStructure) {
    const dir = path.posix.dirname(externalId);
    if (dir === '.') return null;
    title = path.posix.basename(dir);
    uid = '';
  }
  if (!uid && !title) return null;
  const key = `${uid}\u0000${title}`;
  if (cache.has(key)) return cache.get(key)!;
  let folder = uid ? await stores.folders.get(provider.orgId, uid) : await stores.folders.findByTitle(provider.orgId, title);
  folder ??= await stores.folders.create({ orgId: provider.orgId, uid: uid || undefined, title: title || uid, userId: 0 });
  cache.set(key, folder.id);
  return folder.id;
}

/** Applies one provider's files in one transaction; problems are returned, never thrown. */
export async function applyProvider(store: Store, provider: DashboardProvider, read: DashboardFiles): Promise<ApplySummary> {
  const summary: ApplySummary = { created: 0, updated: 0, unchanged: 0, deleted: 0, problems: [...read.problems] };
  const files = read.files;
  for (const file of files) if (file.problem) summary.problems.push(file.problem);
  if (!read.readable) return summary;
  await store.transaction(async (stores) => {
    if (!(await stores.orgs.get(provider.orgId))) {
      summary.problems.push({
        file: provider.file,
        line: provider.line,
        reason: `provider "${provider.name}": org ${provider.orgId} does not exist`,
      });
      return;
    }
    const recorded = new Map((await stores.provisioning.forProvider(provider.orgId, provider.name)).map((row) => [row.external_id, row]));
    const folders = new Map<string, number | null>();
    const uids = new Map<string, string>();
    for (const file of files) {
      const full = path.join(provider.path, file.externalId);
      if (!file.model) continue;
      const fail = (reason: string) => summary.problems.push({ file: full, line: 1, reason });
      try {
        const record = recorded.get(file.externalId);
        const current = record ? await stores.dashboards.getById(provider.orgId, record.dashboard_id) : undefined;
        const modelUid = typeof file.model.uid === 'string' && file.model.uid ? file.model.uid : undefined;
        const uid = modelUid ?? current?.uid;
        if (uid && uids.has(uid)) {
          fail(`uid "${uid}" is also the uid of ${uids.get(uid)}; this file is skipped`);
          continue;
        }
        if (uid) uids.set(uid, file.externalId);
        const folderId = await folderFor(stores, provider, file.externalId, folders);
        if (record && current && current.uid === uid && record.check_sum === file.checksum && current.folder_id === folderId) {
          if (record.allow_ui_updates !== (provider.allowUiUpdates ? 1 : 0)) {
            await stores.provisioning.record({ ...record, allow_ui_updates: provider.allowUiUpdates ? 1 : 0, updated: Date.now() });
          }
          summary.unchanged++;
          continue;
        }
        const existing = uid ? await stores.dashboards.getByUid(provider.orgId, uid) : undefined;
        if (existing?.is_folder) {
          fail(`uid "${uid}" belongs to a folder`);
          continue;
        }
        if (existing) {
          const owner = await stores.provisioning.forDashboard(existing.id);
          if (owner && (owner.provider !== provider.name || owner.external_id !== file.externalId)) {
            fail(
              `dashboard uid "${uid}" is already provisioned by provider "${owner.provider}" from ${owner.external_id}; this file is skipped`,
            );
            continue;
          }
        }
        const model = { ...file.model };
        delete model.id;
        const saved = await stores.dashboards.save({
          orgId: provider.orgId,
          userId: 0,
          model,
          title: String(model.title).trim(),
          tags: Array.isArray(model.tags) ? model.tags.filter((t): t is string => typeof t === 'string') : [],
          uid,
          folderId,
          // The file wins over whatever is stored, whatever its version (as in Grafana).
          overwrite: true,
          message: `provisioned from ${file.externalId} (provider ${provider.name})`,
        });
        await stores.provisioning.record({
          dashboard_id: saved.id,
          org_id: provider.orgId,
          provider: provider.name,
          external_id: file.externalId,
          check_sum: file.checksum,
          allow_ui_updates: provider.allowUiUpdates ? 1 : 0,
          updated: Date.now(),
        });
        if (existing) summary.updated++;
        else summary.created++;
      } catch (error) {
        fail((error as Error).message);
      }
    }
    // Files that are gone (a broken file, or one in a folder not read, is still there: its dashboard stays as it was).
    const present = new Set(files.map((file) => file.externalId));
    for (const [externalId, record] of recorded) {
      if (present.has(externalId) || read.unread.some((prefix) => externalId.startsWith(prefix))) continue;
      if (provider.disableDeletion) await stores.provisioning.forget(record.dashboard_id);
      else await stores.dashboards.delete(record.dashboard_id);
      summary.deleted++;
    }
  });
  return summary;
}
