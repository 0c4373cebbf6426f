/**
 * The search catalogue's storage: dashboards and folders as entries, packed in blocks in the
 * answer's order (`title_lower`, then id), and the word search inside a block.
 */
import type { SearchRow } from './dashboards';

/** A dashboard or folder as its row gives it: what blocks are packed from and rebuilt from. */
export interface Entry {
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
export interface Folder {
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

export const compareEntries = (a: Entry, b: Entry) => compareKeys(a.titleLower, a.id, b.titleLower, b.id);

export function entryOf(row: EntryRow): Entry {
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

export const folderOf = (entry: Entry): Folder => ({ id: entry.id, uid: entry.uid, title: entry.title, slug: entry.slug });

/** Each entry's texts in a block, in this order. */
export const UID = 0;
export const TITLE = 1;
export const SLUG = 2;
export const TAGS = 3;
const TEXTS = 4;

type PackedColumns = Pick<Block, 'ids' | 'folderIds' | 'isFolder' | 'lower' | 'lowerStarts'> & { texts: string; textStarts: Int32Array };

/**
 * A run of consecutive entries, packed: numbers in typed arrays, texts joined into two strings.
 * A million dashboards as objects were over 300 MB of heap in some six million objects, and
 * every full collection walked them all (half a second on this machine, paid by whichever
 * request was running); packed, a block is a dozen objects, and the collector does not look
 * inside typed arrays or strings. A block never changes: a change to its entries makes new blocks.
 */
export class Block {
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
 * Where the blocks of `count` sorted entries start, then `count`: `blockSize` to
 * `2 × blockSize - 1` entries each (fewer only when there are fewer).
 */
export function blockBounds(count: number, blockSize: number): number[] {
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
export function packChunks(chunks: readonly Block[], blockSize: number): Block[] {
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

/**
 * The positions in the block whose title holds every word, in order. Found in the joined titles
 * alone, leapfrogging: each word is looked for from the start of the current candidate title; one
 * found further on makes its title the candidate. A title is read only once every word is in it:
 * at a million titles, reading each one costs more than searching the text.
 */
export function titlesWithAll(block: Block, words: string[]): number[] {
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
