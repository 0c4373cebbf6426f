import { sql } from 'kysely';
import type { SearchHit } from '../../contract/search';
import { dashboardUrl, folderUrl } from '../urls';
import { dashboardChangeLog, type DashboardChangeLog } from './dashboardChanges';
import type { Db } from './db';
import type { FolderFilter, SearchParams, SearchRow } from './dashboards';

/** One search hit as Grafana's `/api/search` shows it. The reference for the text the catalogue writes. */
export function searchHit(row: SearchRow, isStarred: boolean): SearchHit {
  const isFolder = row.is_folder === 1;
  const hit: SearchHit = {
    id: row.id,
    uid: row.uid,
    title: row.title,
    uri: `db/${row.slug}`,
    url: isFolder ? folderUrl(row.uid, row.slug) : dashboardUrl(row.uid, row.slug),
    slug: row.slug,
    type: isFolder ? 'dash-folder' : 'dash-db',
    tags: JSON.parse(row.tags) as string[],
    isStarred,
  };
  if (!isFolder && row.folder_id !== null && row.folderUid !== null) {
    hit.folderId = row.folder_id;
    hit.folderUid = row.folderUid;
    hit.folderTitle = row.folderTitle ?? '';
    hit.folderUrl = folderUrl(row.folderUid, row.folderSlug ?? '-');
  }
  return hit;
}

/** A dashboard or folder as the catalogue holds it: what a search checks and what its hit shows. */
interface Entry {
  id: number;
  uid: string;
  title: string;
  titleLower: string;
  slug: string;
  /** The tags as stored: a JSON array. */
  tags: string;
  isFolder: boolean;
  folderId: number | null;
  /** The tags parsed, on the first search by tag. */
  tagList: ReadonlySet<string> | undefined;
  /** The hit's JSON, `,` first, unstarred: made by the first search that shows it. */
  hit: Buffer | undefined;
  /** The folder entry `hit` shows (a renamed folder is a new entry, so the hit is made again). */
  hitFolder: Entry | undefined;
}

type EntryRow = Pick<SearchRow, 'id' | 'uid' | 'title' | 'slug' | 'is_folder' | 'tags' | 'folder_id'> & {
  org_id: number;
  title_lower: string;
};

/**
 * UTF-16 code units order U+D800–DFFF (surrogates) before U+E000–FFFF; code points, and so
 * SQLite's byte order of UTF-8 text, after. Shifting them past makes the two orders one.
 */
function codePointKey(unit: number): number {
  return unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

/** The answer's order: `title_lower`, then id, as SQLite's `order by title_lower, id` sorts them. */
function compareEntries(a: Entry, b: Entry): number {
  if (a.titleLower !== b.titleLower) {
    const x = a.titleLower;
    const y = b.titleLower;
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) {
      const cx = x.charCodeAt(i);
      const cy = y.charCodeAt(i);
      if (cx !== cy) return codePointKey(cx) - codePointKey(cy);
    }
    return x.length - y.length;
  }
  return a.id - b.id;
}

function entryOf(row: EntryRow): Entry {
  return {
    id: row.id,
    uid: row.uid,
    title: row.title,
    // The same string when the title is lower-case already, as most are.
    titleLower: row.title_lower === row.title ? row.title : row.title_lower,
    slug: row.slug,
    tags: row.tags,
    isFolder: row.is_folder === 1,
    folderId: row.folder_id,
    // Present from the start, so every entry has one shape (property reads stay fast).
    tagList: undefined,
    hit: undefined,
    hitFolder: undefined,
  };
}

/** The hit's JSON up to `"isStarred":`, as `JSON.stringify(searchHit(…))` writes it. */
function headOf(entry: Entry): string {
  const url = entry.isFolder ? folderUrl(entry.uid, entry.slug) : dashboardUrl(entry.uid, entry.slug);
  return (
    `{"id":${entry.id},"uid":${JSON.stringify(entry.uid)},"title":${JSON.stringify(entry.title)},` +
    `"uri":${JSON.stringify(`db/${entry.slug}`)},"url":${JSON.stringify(url)},"slug":${JSON.stringify(entry.slug)},` +
    // The stored tags are already the array as JSON.stringify writes it (dashboards.ts writes
    // them, the column's default is `[]`): parsing and writing them again cost every first hit.
    `"type":"${entry.isFolder ? 'dash-folder' : 'dash-db'}","tags":${entry.tags},"isStarred":`
  );
}

/** What a hit of a dashboard in `folder` adds after `isStarred`. */
function folderTailOf(folder: Entry): string {
  const fields: Pick<SearchHit, 'folderId' | 'folderUid' | 'folderTitle' | 'folderUrl'> = {
    folderId: folder.id,
    folderUid: folder.uid,
    folderTitle: folder.title,
    folderUrl: folderUrl(folder.uid, folder.slug),
  };
  return `,${JSON.stringify(fields).slice(1, -1)}`;
}

/** Entries per block: the unit a search scans with one string search and a change rebuilds. */
const BLOCK_SIZE = 1024;

/**
 * A run of consecutive entries with their lower-cased titles joined by newlines (a word holds no
 * whitespace, so a match never spans two titles). Finding a word's matches in the joined text
 * with `indexOf` skips the titles without it far faster than checking each title.
 */
class Block {
  private joined: { text: string; starts: Int32Array } | undefined;
  constructor(readonly entries: Entry[]) {}

  /** The joined titles and where each title starts in them (one more: the end); rebuilt after a change. */
  get text(): { text: string; starts: Int32Array } {
    if (!this.joined) {
      const starts = new Int32Array(this.entries.length + 1);
      let offset = 0;
      for (let i = 0; i < this.entries.length; i++) {
        starts[i] = offset;
        offset += this.entries[i]!.titleLower.length + 1;
      }
      starts[this.entries.length] = offset;
      this.joined = { text: `${this.entries.map((entry) => entry.titleLower).join('\n')}\n`, starts };
    }
    return this.joined;
  }

  changed(): void {
    this.joined = undefined;
  }
}

/** One org's dashboards and folders, in the answer's order, in blocks. */
class OrgCatalogue {
  readonly byId = new Map<number, Entry>();
  readonly blocks: Block[] = [];

  constructor(entries: Entry[]) {
    for (const entry of entries) this.byId.set(entry.id, entry);
    for (let start = 0; start < entries.length; start += BLOCK_SIZE) this.blocks.push(new Block(entries.slice(start, start + BLOCK_SIZE)));
  }

  /** The block `entry` is in or belongs in, and its place there. */
  private position(entry: Entry): { block: number; at: number } {
    let low = 0;
    let high = this.blocks.length - 1;
    // The first block whose last entry does not sort before `entry` (else the last block).
    while (low < high) {
      const middle = (low + high) >>> 1;
      const entries = this.blocks[middle]!.entries;
      if (compareEntries(entries[entries.length - 1]!, entry) < 0) low = middle + 1;
      else high = middle;
    }
    const entries = this.blocks[low]?.entries ?? [];
    let from = 0;
    let to = entries.length;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if (compareEntries(entries[middle]!, entry) < 0) from = middle + 1;
      else to = middle;
    }
    return { block: low, at: from };
  }

  remove(id: number): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    const { block, at } = this.position(entry);
    const target = this.blocks[block];
    if (target?.entries[at] !== entry) return;
    target.entries.splice(at, 1);
    if (target.entries.length === 0) this.blocks.splice(block, 1);
    else target.changed();
  }

  add(entry: Entry): void {
    this.remove(entry.id);
    this.byId.set(entry.id, entry);
    if (this.blocks.length === 0) {
      this.blocks.push(new Block([entry]));
      return;
    }
    const { block, at } = this.position(entry);
    const target = this.blocks[block]!;
    target.entries.splice(at, 0, entry);
    if (target.entries.length >= 2 * BLOCK_SIZE) {
      this.blocks.splice(block, 1, new Block(target.entries.slice(0, BLOCK_SIZE)), new Block(target.entries.slice(BLOCK_SIZE)));
    } else {
      target.changed();
    }
  }
}

/** `String.prototype.toWellFormed` (Node 20; TypeScript's lib here predates it): lone surrogates become U+FFFD. */
const wellFormed = (text: string): string => (text as string & { toWellFormed(): string }).toWellFormed();

/**
 * The block's entries whose title holds every word, in order (all of them for no word). Found in
 * the joined titles alone, leapfrogging: each word is looked for from the start of the current
 * candidate title; one found further on makes its title the candidate. A title is read only once
 * every word is in it: at a million titles, reading each one costs more than searching the text.
 */
function entriesWithAll(block: Block, words: string[]): Entry[] {
  if (words.length === 0) return block.entries;
  const { text, starts } = block.text;
  const count = block.entries.length;
  const found: Entry[] = [];
  let candidate = 0;
  while (candidate < count) {
    let agreed = 0;
    for (let w = 0; agreed < words.length; w = (w + 1) % words.length) {
      const at = text.indexOf(words[w]!, starts[candidate]);
      if (at === -1) return found;
      let title = candidate;
      while (starts[title + 1]! <= at) title++;
      if (title === candidate) {
        agreed++;
      } else {
        candidate = title;
        agreed = 1;
      }
    }
    found.push(block.entries[candidate]!);
    candidate++;
  }
  return found;
}

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/** Rows per read while loading an org. */
const LOAD_CHUNK = 20_000;

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

  constructor(private readonly db: Db) {
    this.changes = dashboardChangeLog(db);
  }

  /** The hits as `/api/search` answers them: a JSON array, UTF-8. */
  async answer(orgId: number, params: SearchParams, filter: FolderFilter, starred: ReadonlySet<number>): Promise<Buffer> {
    const catalogue = await this.current(orgId);
    // Each hit's bytes are kept once made: an answer copies them and builds no string.
    const pieces: Buffer[] = [OPEN];
    // A folder's part of its dashboards' hits, written once per answer.
    const folderTails = new Map<Entry, string>();
    const tailOf = (folder: Entry | undefined) => {
      if (!folder) return '';
      let tail = folderTails.get(folder);
      if (tail === undefined) folderTails.set(folder, (tail = folderTailOf(folder)));
      return tail;
    };
    for (const entry of this.find(catalogue, params, filter)) {
      const folder = entry.isFolder || entry.folderId === null ? undefined : catalogue.byId.get(entry.folderId);
      let hit: Buffer;
      if (starred.has(entry.id)) {
        hit = Buffer.from(`,${headOf(entry)}true${tailOf(folder)}}`);
      } else {
        if (!entry.hit || entry.hitFolder !== folder) {
          entry.hit = Buffer.from(`,${headOf(entry)}false${tailOf(folder)}}`);
          entry.hitFolder = folder;
        }
        hit = entry.hit;
      }
      pieces.push(pieces.length === 1 ? hit.subarray(1) : hit);
    }
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
      this.orgs.clear();
      return this.changes.start();
    }
    if (read.changed.length === 0) return;
    // Dashboard → its org, for the orgs in memory.
    const changed = new Map<number, number>();
    for (const row of read.changed) if (this.orgs.has(row.org_id)) changed.set(row.dashboard_id, row.org_id);
    const ids = [...changed.keys()];
    const current = new Map<number, EntryRow>();
    for (let start = 0; start < ids.length; start += 500) {
      for (const row of await this.entryRows()
        .where('id', 'in', ids.slice(start, start + 500))
        .execute())
        current.set(row.id, row);
    }
    for (const [id, orgId] of changed) {
      const catalogue = this.orgs.get(orgId)!;
      catalogue.remove(id);
      const row = current.get(id);
      if (row && row.org_id === orgId) catalogue.add(entryOf(row));
    }
  }

  private entryRows() {
    return this.db
      .selectFrom('dashboard')
      .select(['id', 'org_id', 'uid', 'title', 'title_lower', 'slug', 'tags', 'is_folder', 'folder_id']);
  }

  /**
   * The org's rows, read in chunks in id order (the table's own order: no index seek per row, and
   * a million rows at once would double the memory for a moment), then sorted.
   */
  private async load(orgId: number): Promise<OrgCatalogue> {
    const entries: Entry[] = [];
    for (let after = 0; ;) {
      const rows = await this.entryRows()
        .where('id', '>', after)
        // `+`: not through the org's title index, which would read the rows in title order.
        .where(sql<boolean>`+org_id = ${orgId}`)
        .orderBy('id')
        .limit(LOAD_CHUNK)
        .execute();
      for (const row of rows) entries.push(entryOf(row));
      if (rows.length < LOAD_CHUNK) break;
      after = rows[rows.length - 1]!.id;
    }
    return new OrgCatalogue(entries.sort(compareEntries));
  }

  /** Reads every org's catalogue now (at start-up), so no first search waits for it. */
  async warm(): Promise<void> {
    const orgs = await this.db.selectFrom('org').select('id').execute();
    for (const { id } of orgs) await this.current(id);
  }

  private find(catalogue: OrgCatalogue, params: SearchParams, filter: FolderFilter): Entry[] {
    // A lone surrogate reaches SQLite as U+FFFD, as the stored titles did: the same here, so no
    // word matches half of a character.
    const words = wellFormed(params.query ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean);
    const tags = params.tag;
    const wantFolders = params.type === undefined ? undefined : params.type === 'dash-folder';
    const starredOnly = params.starredIds && new Set(params.starredIds);
    const uids = params.dashboardUIDs.length > 0 ? new Set(params.dashboardUIDs) : undefined;
    const ids = params.dashboardIds.length > 0 ? new Set(params.dashboardIds) : undefined;
    let inFolder: ((entry: Entry) => boolean) | undefined;
    if (params.folderIds.length > 0 || params.folderUIDs.length > 0) {
      const folderIds = new Set(params.folderIds.filter((id) => id !== 0));
      const folderUids = new Set(params.folderUIDs.filter((uid) => uid !== 'general'));
      const root = params.folderIds.includes(0) || params.folderUIDs.includes('general');
      inFolder = (entry) =>
        entry.folderId === null
          ? root
          : folderIds.has(entry.folderId) || (folderUids.size > 0 && folderUids.has(catalogue.byId.get(entry.folderId)?.uid ?? ''));
    }
    let visible: ((entry: Entry) => boolean) | undefined;
    if (!filter.all) {
      const folders = new Set(filter.folderIds);
      const granted = new Set(filter.dashboardIds ?? []);
      const { rootVisible } = filter;
      // A folder is listed when it can be viewed; a dashboard when its folder can, or it is granted itself.
      visible = (entry) =>
        entry.isFolder
          ? folders.has(entry.id)
          : granted.has(entry.id) || (entry.folderId === null ? rootVisible : folders.has(entry.folderId));
    }
    const matches = (entry: Entry): boolean => {
      if (wantFolders !== undefined && entry.isFolder !== wantFolders) return false;
      if (starredOnly && !starredOnly.has(entry.id)) return false;
      if (uids && !uids.has(entry.uid)) return false;
      if (ids && !ids.has(entry.id)) return false;
      if (tags.length > 0) {
        const own = (entry.tagList ??= new Set(JSON.parse(entry.tags) as string[]));
        for (const tag of tags) if (!own.has(tag)) return false;
      }
      if (inFolder && !inFolder(entry)) return false;
      return !visible || visible(entry);
    };
    const skip = (params.page - 1) * params.limit;
    const end = skip + params.limit;
    const found: Entry[] = [];
    let seen = 0;
    const { blocks } = catalogue;
    const descending = params.sort === 'alpha-desc';
    for (let b = 0; b < blocks.length && seen < end; b++) {
      const block = blocks[descending ? blocks.length - 1 - b : b]!;
      const candidates = entriesWithAll(block, words);
      for (let n = 0; n < candidates.length && seen < end; n++) {
        const entry = candidates[descending ? candidates.length - 1 - n : n]!;
        if (!matches(entry)) continue;
        if (seen >= skip) found.push(entry);
        seen++;
      }
    }
    return found;
  }
}
