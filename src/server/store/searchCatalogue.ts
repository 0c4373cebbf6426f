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

/** A dashboard or folder as its row gives it: what blocks are packed from and rebuilt from. */
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
}

/** A folder as its dashboards' hits show it. A changed folder is a new object, so their hits are made again. */
interface Folder {
  id: number;
  uid: string;
  title: string;
  slug: string;
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
function compareKeys(x: string, xId: number, y: string, yId: number): number {
  if (x !== y) {
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) {
      const cx = x.charCodeAt(i);
      const cy = y.charCodeAt(i);
      if (cx !== cy) return codePointKey(cx) - codePointKey(cy);
    }
    return x.length - y.length;
  }
  return xId - yId;
}

const compareEntries = (a: Entry, b: Entry) => compareKeys(a.titleLower, a.id, b.titleLower, b.id);

function entryOf(row: EntryRow): Entry {
  return {
    id: row.id,
    uid: row.uid,
    title: row.title,
    titleLower: row.title_lower,
    slug: row.slug,
    tags: row.tags,
    isFolder: row.is_folder === 1,
    folderId: row.folder_id,
  };
}

const folderOf = (entry: Entry): Folder => ({ id: entry.id, uid: entry.uid, title: entry.title, slug: entry.slug });

/** Each entry's texts in a block, in this order. */
const UID = 0;
const TITLE = 1;
const SLUG = 2;
const TAGS = 3;
const TEXTS = 4;

type PackedColumns = Pick<Block, 'ids' | 'folderIds' | 'isFolder' | 'lower' | 'lowerStarts'> & { texts: string; textStarts: Int32Array };

/**
 * A run of consecutive entries, packed: numbers in typed arrays, texts joined into two strings.
 * A million dashboards as objects were over 300 MB of heap in some six million objects, and
 * every full collection walked them all (half a second on this machine, paid by whichever
 * request was running); packed, a block is a dozen objects, and the collector does not look
 * inside typed arrays or strings. A block never changes: a change to its entries makes new blocks.
 */
class Block {
  readonly size: number;
  readonly ids: Float64Array;
  /** The folder each entry is in; 0 for none (ids start at 1). */
  readonly folderIds: Float64Array;
  /** 1 for a folder. */
  readonly isFolder: Uint8Array;
  /**
   * The lower-cased titles, each followed by a newline (a word holds no whitespace, so a match
   * never spans two titles). Finding a word's matches with `indexOf` skips the titles without it
   * far faster than checking each title.
   */
  readonly lower: string;
  /** Where each title starts in `lower`, and one more: the end. */
  readonly lowerStarts: Int32Array;
  /** Each entry's uid, title, slug and tags, one after another. */
  private readonly texts: string;
  private readonly textStarts: Int32Array;
  /** Hits made so far (unstarred JSON, comma first, see `HitCache`), by position, with the folder each shows. */
  hits: Array<Buffer | undefined> | undefined;
  hitFolders: Array<Folder | undefined> | undefined;
  hitCount = 0;

  private constructor(columns: PackedColumns) {
    this.size = columns.ids.length;
    this.ids = columns.ids;
    this.folderIds = columns.folderIds;
    this.isFolder = columns.isFolder;
    this.lower = columns.lower;
    this.lowerStarts = columns.lowerStarts;
    this.texts = columns.texts;
    this.textStarts = columns.textStarts;
  }

  /** The entries, packed in their order. */
  static of(entries: readonly Entry[]): Block {
    const writer = new BlockWriter(entries.length);
    for (const entry of entries) {
      writer.entry(entry.id, entry.folderId ?? 0, entry.isFolder ? 1 : 0, entry.titleLower);
      const own = [entry.uid, entry.title, entry.slug, entry.tags];
      for (let t = 0; t < TEXTS; t++) {
        writer.markText(t);
        writer.appendText(own[t]!);
      }
    }
    return new Block(writer.finish());
  }

  /**
   * Entries of other blocks, packed: the `n`th is `sources[n]`'s entry at `positions[n]`. Each
   * entry's title and its other texts are copied as one run each, without an object per entry.
   */
  static gathered(sources: readonly Block[], positions: readonly number[]): Block {
    const writer = new BlockWriter(sources.length);
    for (let n = 0; n < sources.length; n++) {
      const source = sources[n]!;
      const i = positions[n]!;
      writer.entry(source.ids[i]!, source.folderIds[i]!, source.isFolder[i]!, source.titleLower(i));
      const textStart = source.textStarts[i * TEXTS]!;
      for (let t = 0; t < TEXTS; t++) writer.markText(t, source.textStarts[i * TEXTS + t]! - textStart);
      writer.appendText(source.texts.slice(textStart, source.textStarts[(i + 1) * TEXTS]));
    }
    return new Block(writer.finish());
  }

  text(i: number, which: number): string {
    const at = i * TEXTS + which;
    return this.texts.slice(this.textStarts[at], this.textStarts[at + 1]);
  }

  titleLower(i: number): string {
    return this.lower.slice(this.lowerStarts[i], this.lowerStarts[i + 1]! - 1);
  }

  entry(i: number): Entry {
    const folderId = this.folderIds[i]!;
    return {
      id: this.ids[i]!,
      uid: this.text(i, UID),
      title: this.text(i, TITLE),
      titleLower: this.titleLower(i),
      slug: this.text(i, SLUG),
      tags: this.text(i, TAGS),
      isFolder: this.isFolder[i] === 1,
      folderId: folderId === 0 ? null : folderId,
    };
  }

  /** Where this block's `i`th entry sorts against `other`'s `j`th, read in place (no string made). */
  compareAt(i: number, other: Block, j: number): number {
    const x = this.lower;
    const y = other.lower;
    const xStart = this.lowerStarts[i]!;
    const yStart = other.lowerStarts[j]!;
    const xLength = this.lowerStarts[i + 1]! - 1 - xStart;
    const yLength = other.lowerStarts[j + 1]! - 1 - yStart;
    const n = Math.min(xLength, yLength);
    for (let k = 0; k < n; k++) {
      const cx = x.charCodeAt(xStart + k);
      const cy = y.charCodeAt(yStart + k);
      if (cx !== cy) return codePointKey(cx) - codePointKey(cy);
    }
    return xLength !== yLength ? xLength - yLength : this.ids[i]! - other.ids[j]!;
  }

  /** Where `entry` sorts against this block's last entry. */
  compareLast(entry: Entry): number {
    const last = this.size - 1;
    return compareKeys(this.titleLower(last), this.ids[last]!, entry.titleLower, entry.id);
  }
}

/** A block's columns, written an entry at a time. */
class BlockWriter {
  private readonly ids: Float64Array;
  private readonly folderIds: Float64Array;
  private readonly isFolder: Uint8Array;
  private readonly lowerStarts: Int32Array;
  private readonly textStarts: Int32Array;
  private readonly lower: string[];
  private readonly texts: string[] = [];
  private count = 0;
  private lowerAt = 0;
  private textAt = 0;

  constructor(private readonly size: number) {
    this.ids = new Float64Array(size);
    this.folderIds = new Float64Array(size);
    this.isFolder = new Uint8Array(size);
    this.lowerStarts = new Int32Array(size + 1);
    this.textStarts = new Int32Array(size * TEXTS + 1);
    // One more, empty: joined, it ends the last title with its newline (no concatenation after,
    // which would make a second string).
    this.lower = new Array<string>(size + 1).fill('');
  }

  /** The next entry's numbers and lowered title; its texts follow (`markText`, `appendText`). */
  entry(id: number, folderId: number, isFolder: number, titleLower: string): void {
    const n = this.count++;
    this.ids[n] = id;
    this.folderIds[n] = folderId;
    this.isFolder[n] = isFolder;
    this.lowerStarts[n] = this.lowerAt;
    this.lower[n] = titleLower;
    this.lowerAt += titleLower.length + 1;
  }

  /** The current entry's text `which` (uid, title, slug, tags) starts `offset` past what is appended so far. */
  markText(which: number, offset = 0): void {
    this.textStarts[(this.count - 1) * TEXTS + which] = this.textAt + offset;
  }

  appendText(text: string): void {
    this.texts.push(text);
    this.textAt += text.length;
  }

  finish(): PackedColumns {
    this.lowerStarts[this.size] = this.lowerAt;
    this.textStarts[this.size * TEXTS] = this.textAt;
    const { ids, folderIds, isFolder, lowerStarts, textStarts } = this;
    return { ids, folderIds, isFolder, lower: this.lower.join('\n'), lowerStarts, texts: this.texts.join(''), textStarts };
  }
}

/**
 * Made hits, kept in their blocks up to a budget: a hit is made once per dashboard, not per
 * answer (a first answer of 1,000 hits spends most of its time writing them). Past the budget
 * all are let go and made again as asked, so memory stays bounded however much is searched.
 */
class HitCache {
  private readonly blocks = new Set<Block>();
  private count = 0;

  constructor(private readonly budget: number) {}

  hit(block: Block, i: number, folder: Folder | undefined, make: () => Buffer): Buffer {
    const kept = block.hits?.[i];
    if (kept !== undefined && block.hitFolders![i] === folder) return kept;
    const made = make();
    if (kept === undefined) {
      if (this.count >= this.budget) this.clear();
      if (!block.hits) {
        block.hits = new Array<Buffer | undefined>(block.size);
        block.hitFolders = new Array<Folder | undefined>(block.size);
        this.blocks.add(block);
      }
      block.hitCount++;
      this.count++;
    }
    block.hits![i] = made;
    block.hitFolders![i] = folder;
    return made;
  }

  /** Lets go of the hits of a block that is no longer in a catalogue. */
  forget(block: Block): void {
    if (!this.blocks.delete(block)) return;
    this.count -= block.hitCount;
    block.hits = undefined;
    block.hitFolders = undefined;
    block.hitCount = 0;
  }

  clear(): void {
    for (const block of this.blocks) {
      block.hits = undefined;
      block.hitFolders = undefined;
      block.hitCount = 0;
    }
    this.blocks.clear();
    this.count = 0;
  }
}

/**
 * Where the blocks of `count` sorted entries start, then `count`: `blockSize` to
 * `2 × blockSize - 1` entries each (fewer only when there are fewer).
 */
function blockBounds(count: number, blockSize: number): number[] {
  const blockCount = Math.max(1, Math.floor(count / blockSize));
  const bounds: number[] = [];
  for (let b = 0; b <= blockCount; b++) bounds.push(Math.floor((b * count) / blockCount));
  return bounds;
}

/**
 * The chunks' entries, in the answer's order, packed into blocks. Chunks are blocks too (packed as
 * read, in id order): sorting positions in them rather than an object per row leaves no million
 * small objects to outlive the load, only the chunks' few large strings and arrays, which a full
 * collection frees whole instead of sweeping page after page.
 */
function packChunks(chunks: readonly Block[], blockSize: number): Block[] {
  let largest = 0;
  for (const chunk of chunks) largest = Math.max(largest, chunk.size);
  // A position is its chunk's index, shifted, and its place in the chunk: small integers, which
  // sort fastest as a plain array.
  const shift = 32 - Math.clz32(largest);
  const mask = (1 << shift) - 1;
  const order: number[] = [];
  for (let c = 0; c < chunks.length; c++) for (let i = 0; i < chunks[c]!.size; i++) order.push((c << shift) | i);
  order.sort((a, b) => chunks[a >>> shift]!.compareAt(a & mask, chunks[b >>> shift]!, b & mask));
  const bounds = blockBounds(order.length, blockSize);
  const blocks: Block[] = [];
  for (let b = 0; b + 1 < bounds.length; b++) {
    const from = bounds[b]!;
    const size = bounds[b + 1]! - from;
    if (size === 0) continue;
    const sources = new Array<Block>(size);
    const positions = new Array<number>(size);
    for (let n = 0; n < size; n++) {
      const position = order[from + n]!;
      sources[n] = chunks[position >>> shift]!;
      positions[n] = position & mask;
    }
    blocks.push(Block.gathered(sources, positions));
  }
  return blocks;
}

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

/**
 * The positions in the block whose title holds every word, in order. Found in the joined titles
 * alone, leapfrogging: each word is looked for from the start of the current candidate title; one
 * found further on makes its title the candidate. A title is read only once every word is in it:
 * at a million titles, reading each one costs more than searching the text.
 */
function titlesWithAll(block: Block, words: string[]): number[] {
  const { lower: text, lowerStarts: starts, size } = block;
  const found: number[] = [];
  let candidate = 0;
  while (candidate < size) {
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
    found.push(candidate);
    candidate++;
  }
  return found;
}

/** Whether JSON.stringify escapes anything in the text: a quote, a backslash, a control character or a (lone) surrogate. */
function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return true;
  }
  return false;
}

/** `JSON.stringify(text)`, without its work when nothing in the text needs escaping (as in most titles and uids). */
const quoted = (text: string) => (needsEscape(text) ? JSON.stringify(text) : `"${text}"`);

/** The hit's JSON up to `"isStarred":`, as `JSON.stringify(searchHit(…))` writes it. */
function headOf(block: Block, i: number): string {
  const uid = quoted(block.text(i, UID));
  const slug = quoted(block.text(i, SLUG)).slice(1, -1);
  const isFolder = block.isFolder[i] === 1;
  // The URL is the uid and slug joined: JSON of each is JSON of the whole.
  const url = isFolder ? folderUrl(uid.slice(1, -1), slug) : dashboardUrl(uid.slice(1, -1), slug);
  return (
    `{"id":${block.ids[i]},"uid":${uid},"title":${quoted(block.text(i, TITLE))},` +
    `"uri":"db/${slug}","url":"${url}","slug":"${slug}",` +
    // The stored tags are already the array as JSON.stringify writes it (dashboards.ts writes
    // them, the column's default is `[]`): parsing and writing them again cost every first hit.
    `"type":"${isFolder ? 'dash-folder' : 'dash-db'}","tags":${block.text(i, TAGS)},"isStarred":`
  );
}

/** What a hit of a dashboard in `folder` adds after `isStarred`. */
function folderTailOf(folder: Folder): string {
  const fields: Pick<SearchHit, 'folderId' | 'folderUid' | 'folderTitle' | 'folderUrl'> = {
    folderId: folder.id,
    folderUid: folder.uid,
    folderTitle: folder.title,
    folderUrl: folderUrl(folder.uid, folder.slug),
  };
  return `,${JSON.stringify(fields).slice(1, -1)}`;
}

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
