import { sql } from 'kysely';
import { dashboardChangeLog, type DashboardChangeLog } from './dashboardChanges';
import type { Db } from './db';
import type { FolderFilter, SearchParams } from './dashboards';
import {
  Block,
  blockBounds,
  compareEntries,
  entryOf,
  folderOf,
  packChunks,
  TAGS,
  titlesWithAll,
  UID,
  type Entry,
  type Folder,
} from './searchBlocks';
import { folderTailOf, headOf, HitCache } from './searchHits';

/** Changes at most this many: each is looked for with `indexOf` in the blocks' ids; more, and the ids are walked once. */
const FEW_CHANGES = 16;

/** One org's dashboards and folders, in the answer's order, in blocks. */
class OrgCatalogue {
  blocks: Block[] = [];
  /** The org's folders, for the hits of their dashboards and the `folderUIDs` filter. */
  readonly folders = new Map<number, Folder>();

  /**
   * `blocks` in order, as `packChunks` packs them; `folders` made from the rows (a folder made from a
   * block's text would hold on to that text after a change replaced the block).
   */
  constructor(
    blocks: Block[],
    folders: readonly Folder[],
    private readonly blockSize: number,
    private readonly hits: HitCache,
  ) {
    this.blocks = blocks;
    for (const folder of folders) this.folders.set(folder.id, folder);
  }

  private pack(entries: Entry[]): Block[] {
    const bounds = blockBounds(entries.length, this.blockSize);
    const blocks: Block[] = [];
    for (let b = 0; b + 1 < bounds.length; b++)
      if (bounds[b]! < bounds[b + 1]!) blocks.push(Block.of(entries.slice(bounds[b], bounds[b + 1])));
    return blocks;
  }

  /** The first block whose last entry does not sort before `entry` (else the last block). */
  private blockFor(entry: Entry): number {
    let low = 0;
    let high = this.blocks.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.blocks[middle]!.compareLast(entry) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The entries of `ids` leave; `entries` (those of them that still exist) come in, each where it sorts. */
  update(ids: readonly number[], entries: readonly Entry[]): void {
    for (const id of ids) this.folders.delete(id);
    for (const entry of entries) if (entry.isFolder) this.folders.set(entry.id, folderOf(entry));
    const edits = new Map<number, { leaving: Set<number>; coming: Entry[] }>();
    const editOf = (block: number) => {
      let edit = edits.get(block);
      if (!edit) edits.set(block, (edit = { leaving: new Set(), coming: [] }));
      return edit;
    };
    const { blocks } = this;
    if (ids.length <= FEW_CHANGES) {
      for (const id of ids) {
        const block = blocks.findIndex((candidate) => candidate.ids.indexOf(id) >= 0);
        if (block >= 0) editOf(block).leaving.add(id);
      }
    } else {
      const leaving = new Set(ids);
      for (let b = 0; b < blocks.length; b++) {
        const blockIds = blocks[b]!.ids;
        for (let i = 0; i < blockIds.length; i++) if (leaving.has(blockIds[i]!)) editOf(b).leaving.add(blockIds[i]!);
      }
    }
    for (const entry of entries) editOf(blocks.length === 0 ? 0 : this.blockFor(entry)).coming.push(entry);
    if (edits.size === 0) return;
    const next: Block[] = [];
    for (let b = 0; b < Math.max(blocks.length, 1); b++) {
      const block = blocks[b];
      const edit = edits.get(b);
      if (!edit) {
        if (block) next.push(block);
        continue;
      }
      const kept: Entry[] = [];
      if (block) {
        this.hits.forget(block);
        for (let i = 0; i < block.size; i++) if (!edit.leaving.has(block.ids[i]!)) kept.push(block.entry(i));
      }
      next.push(...this.pack(kept.concat(edit.coming).sort(compareEntries)));
    }
    this.blocks = next;
  }

  /** Lets go of every hit made from this catalogue. */
  forgetHits(): void {
    for (const block of this.blocks) this.hits.forget(block);
  }
}

/** `String.prototype.toWellFormed` (Node 20; TypeScript's lib here predates it): lone surrogates become U+FFFD. */
const wellFormed = (text: string): string => (text as string & { toWellFormed(): string }).toWellFormed();

/** Whether the stored tags (JSON) hold every tag. */
function hasTags(stored: string, tags: readonly string[], quoted: readonly string[]): boolean {
  // Stored as JSON.stringify writes them, a tag is there only if its JSON is: most entries are
  // passed over without parsing. Text with an escape in it is parsed, in case it was written otherwise.
  if (!stored.includes('\\')) for (const text of quoted) if (!stored.includes(text)) return false;
  const own = JSON.parse(stored) as string[];
  return tags.every((tag) => own.includes(tag));
}

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/** Entries per block: the unit a search scans with one string search and a change rebuilds. */
const BLOCK_SIZE = 1024;
/** Hits kept made (see `HitCache`): about 350 bytes each as the bench's titles go, some 35 MB in all. */
const HIT_BUDGET = 100_000;

/** Rows per read while loading an org. */
const LOAD_CHUNK = 20_000;

export interface SearchTuning {
  blockSize?: number;
  hitBudget?: number;
  loadChunk?: number;
}

/**
 * `GET /api/search` answered from memory: each org's dashboard and folder titles, kept sorted as
 * the answer is, with what their hits show. A search walks them in order, checks each title for
 * every word and each filter, and stops when the page is full; nothing is read from the database
 * but the changes since the last search. Checking a title in memory costs a small fraction of
 * what SQLite's walk did (see docs/performance.md).
 *
 * Changes: every insert, update of a shown column and delete of a `dashboard` row appends to
 * `dashboard_change` (triggers, migrations 0010 and 0017), whatever writes it: this process,
 * another on the same SQLite file, another instance on the same PostgreSQL database. Each search
 * first reads the entries since the last one it applied (store/dashboardChanges.ts) and re-reads
 * those dashboards, so an answer always reflects every committed write. When the log was pruned
 * past what was applied, the org is read again whole.
 */
export class DashboardSearch {
  private readonly orgs = new Map<number, OrgCatalogue>();
  /** Followed since the orgs in memory were read: they are up to date with what it returned. */
  private readonly changes: DashboardChangeLog;
  /** Loads and change reads run one at a time, in order. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly blockSize: number;
  private readonly loadChunk: number;
  private readonly hits: HitCache;

  /** `tuning`: smaller blocks, chunks and budgets let tests reach splits, merges and evictions with few dashboards. */
  constructor(
    private readonly db: Db,
    tuning: SearchTuning = {},
  ) {
    this.changes = dashboardChangeLog(db);
    this.blockSize = tuning.blockSize ?? BLOCK_SIZE;
    this.loadChunk = tuning.loadChunk ?? LOAD_CHUNK;
    this.hits = new HitCache(tuning.hitBudget ?? HIT_BUDGET);
  }

  /** The hits as `/api/search` answers them: a JSON array, UTF-8. */
  async answer(orgId: number, params: SearchParams, filter: FolderFilter, starred: ReadonlySet<number>): Promise<Buffer> {
    const catalogue = await this.current(orgId);
    // Each hit's bytes are kept once made: an answer copies them and builds no string.
    const pieces: Buffer[] = [OPEN];
    // A folder's part of its dashboards' hits, written once per answer.
    const folderTails = new Map<Folder, string>();
    const tailOf = (folder: Folder | undefined) => {
      if (!folder) return '';
      let tail = folderTails.get(folder);
      if (tail === undefined) folderTails.set(folder, (tail = folderTailOf(folder)));
      return tail;
    };
    this.find(catalogue, params, filter, (block, i) => {
      const folder = block.isFolder[i] === 1 ? undefined : catalogue.folders.get(block.folderIds[i]!);
      const hit = starred.has(block.ids[i]!)
        ? Buffer.from(`,${headOf(block, i)}true${tailOf(folder)}}`)
        : this.hits.hit(block, i, folder, () => Buffer.from(`,${headOf(block, i)}false${tailOf(folder)}}`));
      pieces.push(pieces.length === 1 ? hit.subarray(1) : hit);
    });
    pieces.push(CLOSE);
    return Buffer.concat(pieces);
  }

  /** The org's catalogue with every committed change applied. */
  private current(orgId: number): Promise<OrgCatalogue> {
    const next = this.queue.then(async () => {
      await this.applyChanges();
      let catalogue = this.orgs.get(orgId);
      if (!catalogue) {
        catalogue = await this.load(orgId);
        this.orgs.set(orgId, catalogue);
      }
      return catalogue;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async applyChanges(): Promise<void> {
    if (this.orgs.size === 0) return this.changes.start();
    const read = await this.changes.read();
    if (read.reload) {
      for (const catalogue of this.orgs.values()) catalogue.forgetHits();
      this.orgs.clear();
      return this.changes.start();
    }
    if (read.changed.length === 0) return;
    // Dashboard → its org, for the orgs in memory.
    const changed = new Map<number, number>();
    for (const row of read.changed) if (this.orgs.has(row.org_id)) changed.set(row.dashboard_id, row.org_id);
    const ids = [...changed.keys()];
    const byOrg = new Map<number, { ids: number[]; entries: Entry[] }>();
    for (const [id, orgId] of changed) {
      let org = byOrg.get(orgId);
      if (!org) byOrg.set(orgId, (org = { ids: [], entries: [] }));
      org.ids.push(id);
    }
    for (let start = 0; start < ids.length; start += 500) {
      for (const row of await this.entryRows()
        .where('id', 'in', ids.slice(start, start + 500))
        .execute()) {
        // Only into the org the change was logged for (a row is never moved between orgs).
        if (changed.get(row.id) === row.org_id) byOrg.get(row.org_id)!.entries.push(entryOf(row));
      }
    }
    for (const [orgId, org] of byOrg) this.orgs.get(orgId)!.update(org.ids, org.entries);
  }

  private entryRows() {
    return this.db
      .selectFrom('dashboard')
      .select(['id', 'org_id', 'uid', 'title', 'title_lower', 'slug', 'tags', 'is_folder', 'folder_id']);
  }

  /**
   * The org's rows, read in chunks in id order (the table's own order: no index seek per row, and
   * a million rows at once would double the memory for a moment), then sorted and packed.
   */
  private async load(orgId: number): Promise<OrgCatalogue> {
    const chunks: Block[] = [];
    const folders: Folder[] = [];
    for (let after = 0; ;) {
      const rows = await this.entryRows()
        .where('id', '>', after)
        // `+`: not through the org's title index, which would read the rows in title order.
        .where(sql<boolean>`+org_id = ${orgId}`)
        .orderBy('id')
        .limit(this.loadChunk)
        .execute();
      // Packed at once, so the rows and their strings die young.
      const entries = rows.map(entryOf);
      for (const entry of entries) if (entry.isFolder) folders.push(folderOf(entry));
      if (entries.length > 0) chunks.push(Block.of(entries));
      if (rows.length < this.loadChunk) break;
      after = rows[rows.length - 1]!.id;
    }
    return new OrgCatalogue(packChunks(chunks, this.blockSize), folders, this.blockSize, this.hits);
  }

  /** Reads every org's catalogue now (at start-up), so no first search waits for it. */
  async warm(): Promise<void> {
    const orgs = await this.db.selectFrom('org').select('id').execute();
    for (const { id } of orgs) await this.current(id);
  }

  /** Calls `found` with each entry of the answer's page, in order. */
  private find(catalogue: OrgCatalogue, params: SearchParams, filter: FolderFilter, found: (block: Block, i: number) => void): void {
    // A lone surrogate reaches SQLite as U+FFFD, as the stored titles did: the same here, so no
    // word matches half of a character.
    const words = wellFormed(params.query ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean);
    const tags = params.tag;
    const quotedTags = tags.map((tag) => JSON.stringify(tag));
    const wantFolders = params.type === undefined ? undefined : params.type === 'dash-folder';
    const starredOnly = params.starredIds && new Set(params.starredIds);
    const uids = params.dashboardUIDs.length > 0 ? new Set(params.dashboardUIDs) : undefined;
    const ids = params.dashboardIds.length > 0 ? new Set(params.dashboardIds) : undefined;
    let inFolder: ((folderId: number) => boolean) | undefined;
    if (params.folderIds.length > 0 || params.folderUIDs.length > 0) {
      const folderIds = new Set(params.folderIds.filter((id) => id !== 0));
      const folderUids = new Set(params.folderUIDs.filter((uid) => uid !== 'general'));
      const root = params.folderIds.includes(0) || params.folderUIDs.includes('general');
      inFolder = (folderId) =>
        folderId === 0
          ? root
          : folderIds.has(folderId) || (folderUids.size > 0 && folderUids.has(catalogue.folders.get(folderId)?.uid ?? ''));
    }
    let visible: ((id: number, isFolder: boolean, folderId: number) => boolean) | undefined;
    if (!filter.all) {
      const folders = new Set(filter.folderIds);
      const granted = new Set(filter.dashboardIds ?? []);
      const { rootVisible } = filter;
      // A folder is listed when it can be viewed; a dashboard when its folder can, or it is granted itself.
      visible = (id, isFolder, folderId) =>
        isFolder ? folders.has(id) : granted.has(id) || (folderId === 0 ? rootVisible : folders.has(folderId));
    }
    const matches = (block: Block, i: number): boolean => {
      const id = block.ids[i]!;
      const isFolder = block.isFolder[i] === 1;
      const folderId = block.folderIds[i]!;
      if (wantFolders !== undefined && isFolder !== wantFolders) return false;
      if (starredOnly && !starredOnly.has(id)) return false;
      if (uids && !uids.has(block.text(i, UID))) return false;
      if (ids && !ids.has(id)) return false;
      if (tags.length > 0 && !hasTags(block.text(i, TAGS), tags, quotedTags)) return false;
      if (inFolder && !inFolder(folderId)) return false;
      return !visible || visible(id, isFolder, folderId);
    };
    const skip = (params.page - 1) * params.limit;
    const end = skip + params.limit;
    let seen = 0;
    const { blocks } = catalogue;
    const descending = params.sort === 'alpha-desc';
    for (let b = 0; b < blocks.length && seen < end; b++) {
      const block = blocks[descending ? blocks.length - 1 - b : b]!;
      const candidates = words.length > 0 ? titlesWithAll(block, words) : undefined;
      const count = candidates ? candidates.length : block.size;
      for (let n = 0; n < count && seen < end; n++) {
        const position = descending ? count - 1 - n : n;
        const i = candidates ? candidates[position]! : position;
        if (!matches(block, i)) continue;
        if (seen >= skip) found(block, i);
        seen++;
      }
    }
  }
}
