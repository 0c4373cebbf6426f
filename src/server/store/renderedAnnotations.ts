/** Annotation JSON kept by id and joined into answers without building one string. */
const OPEN = 0x5b; // [
const COMMA = 0x2c; // ,
const CLOSE = 0x5d; // ]

/** `[a,b,…]` from each element's JSON bytes (`undefined` elements left out), copied once into one buffer. */
export function joinJsonArray(parts: ReadonlyArray<Buffer | undefined>): Buffer {
  let length = 2;
  let count = 0;
  for (const part of parts) {
    if (part === undefined) continue;
    length += part.length;
    count++;
  }
  if (count > 1) length += count - 1;
  const out = Buffer.allocUnsafe(length);
  out[0] = OPEN;
  let at = 1;
  for (const part of parts) {
    if (part === undefined) continue;
    if (at > 1) out[at++] = COMMA;
    out.set(part, at);
    at += part.length;
  }
  out[at] = CLOSE;
  return out;
}

/**
 * Each annotation's JSON (`annotationJson`) by id, made once and reused while the connection has
 * seen no write at all (it holds the author's login and email and the dashboard's uid too, so any
 * write may change it) and for at most `ttlMs`; the oldest go first beyond `maxBytes`.
 */
export class RenderedAnnotations {
  private readonly entries = new Map<number, Buffer>();
  private bytes = 0;
  private writes = -1;
  private since = 0;

  constructor(
    private readonly writesNow: () => number,
    private readonly ttlMs: number,
    private readonly maxBytes: number,
  ) {}

  /**
   * Call before reading what is to be cached: empties the cache when anything was written since
   * it was filled (or it is too old), and returns the stamp `set` needs. Something cached from a
   * read that a write overtook is dropped by the next `begin`, which sees that write.
   */
  begin(): number {
    const writes = this.writesNow();
    const now = Date.now();
    if (writes !== this.writes || now - this.since >= this.ttlMs) {
      this.entries.clear();
      this.bytes = 0;
      this.writes = writes;
      this.since = now;
    }
    return writes;
  }

  get(id: number): Buffer | undefined {
    return this.entries.get(id);
  }

  set(id: number, json: Buffer, stamp: number): void {
    if (stamp !== this.writes || json.length > this.maxBytes || this.entries.has(id)) return;
    this.entries.set(id, json);
    this.bytes += json.length;
    for (const [oldest, bytes] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= bytes.length;
    }
  }
}
