/**
 * Search hits as JSON: the reference object (`searchHit`), the text the catalogue writes for an
 * entry without building that object, and the cache of hits already written.
 */
import type { SearchHit } from '../../contract/search';
import { dashboardUrl, folderUrl } from '../urls';
import { SLUG, TAGS, TITLE, UID, type Block, type Folder } from './searchBlocks';
import type { SearchRow } from './dashboards';

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

/**
 * Made hits, kept in their blocks up to a budget: a hit is made once per dashboard, not per
 * answer (a first answer of 1,000 hits spends most of its time writing them). Past the budget
 * all are let go and made again as asked, so memory stays bounded however much is searched.
 */
export class HitCache {
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
export function headOf(block: Block, i: number): string {
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
export function folderTailOf(folder: Folder): string {
  const fields: Pick<SearchHit, 'folderId' | 'folderUid' | 'folderTitle' | 'folderUrl'> = {
    folderId: folder.id,
    folderUid: folder.uid,
    folderTitle: folder.title,
    folderUrl: folderUrl(folder.uid, folder.slug),
  };
  return `,${JSON.stringify(fields).slice(1, -1)}`;
}
