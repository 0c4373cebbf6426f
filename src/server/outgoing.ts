/**
 * The one policy every outgoing request follows (health checks, queries, the data source proxy):
 * addresses that must never be reached (cloud metadata by default, and always the unspecified
 * addresses 0.0.0.0/8 and `::`, which reach this host), a cap on concurrent requests, and header
 * names a data source may not set. An IPv6 address that stands for an IPv4 one (mapped,
 * compatible, NAT64, 6to4) is judged as that IPv4 address too.
 *
 * Deny decisions are made on the *resolved* address, inside the lookup the connection really uses,
 * so a host name that resolves (or re-resolves) to a denied address is refused too. IP literals do
 * not go through a lookup in node: check `isAddressDenied(url.hostname)` before connecting to one.
 * Pooled keep-alive sockets skip the lookup too: pool only sockets opened through `guardedLookup`
 * (as `outgoingHttp.ts` does).
 */
import dns from 'node:dns';
import net from 'node:net';

export interface OutgoingSettings {
  /** CIDRs (IPv4 or IPv6) that no outgoing connection may reach. */
  denyCidrs: string[];
  /** How many outgoing requests may run at once; more are refused (429), not queued. */
  maxConcurrent: number;
}

export const DEFAULT_DENY_CIDRS = ['169.254.169.254/32', 'fd00:ec2::254/128'];
// Room for several people loading dashboards at once (each panel query holds one slot while it runs),
// while still bounding what a flood of checks or proxy calls can open.
export const DEFAULT_MAX_CONCURRENT = 128;

let settings: OutgoingSettings = { denyCidrs: DEFAULT_DENY_CIDRS, maxConcurrent: DEFAULT_MAX_CONCURRENT };
let denyList = buildDenyList(settings.denyCidrs);
let activeSlots = 0;

/** Parses `a.b.c.d/n` or `v6::/n` (a bare address is a single host); throws with the offending text. */
export function parseCidr(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  const [rawAddress, rawPrefix, extra] = text.trim().split('/');
  const address = (rawAddress ?? '').replace(/^\[|\]$/g, '');
  const version = net.isIP(address);
  if (!version || extra !== undefined) throw new Error(`"${text}" is not a CIDR such as 10.0.0.0/8 or fd00::/8`);
  const max = version === 4 ? 32 : 128;
  const prefix = rawPrefix === undefined ? max : Number(rawPrefix);
  if (!/^\d+$/.test(rawPrefix ?? String(max)) || prefix > max) throw new Error(`"${text}" has a prefix length outside 0–${max}`);
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

function buildDenyList(cidrs: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const { address, prefix, family } = parseCidr(cidr);
    list.addSubnet(address, prefix, family);
  }
  return list;
}

/** Replaces the policy's settings (main.ts calls this from the configuration). Invalid CIDRs throw. */
export function configureOutgoing(next: Partial<OutgoingSettings>): void {
  const merged: OutgoingSettings = { ...settings, ...next };
  if (!Number.isInteger(merged.maxConcurrent) || merged.maxConcurrent < 1) {
    throw new Error(`the outgoing concurrency limit must be a whole number ≥ 1, got ${merged.maxConcurrent}`);
  }
  denyList = buildDenyList(merged.denyCidrs);
  judged.clear();
  settings = { denyCidrs: [...merged.denyCidrs], maxConcurrent: merged.maxConcurrent };
}

/** The settings in force (for docs, logs and tests). */
export function outgoingSettings(): Readonly<OutgoingSettings> {
  return settings;
}

/**
 * Whether an IP literal (IPv4, IPv6, bracketed IPv6, IPv4 embedded in IPv6) may not be dialed.
 * Anything that is not an IP literal (a host name) is not denied here: resolve it first.
 */
export function isAddressDenied(address: string): boolean {
  return denialOf(address) !== undefined;
}

type Denial = 'unspecified' | 'listed' | undefined;

/**
 * Addresses already judged under the list in force (cleared when it changes): a data source's
 * address is checked on every query, and the list's check builds a socket address each time.
 */
const judged = new Map<string, Denial>();
const MAX_JUDGED = 1024;

/** Why an IP literal may not be dialed: always (unspecified), by the configured list, or not at all. */
function denialOf(address: string): Denial {
  if (judged.has(address)) return judged.get(address);
  const denial = judge(address);
  if (judged.size >= MAX_JUDGED) judged.clear();
  judged.set(address, denial);
  return denial;
}

function judge(address: string): Denial {
  const literal = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const version = net.isIP(literal);
  if (version === 4) return ipv4Denial(literal);
  if (version !== 6) return undefined;
  const bytes = ipv6Bytes(literal);
  // `::` reaches this host, like 0.0.0.0.
  if (bytes.every((byte) => byte === 0)) return 'unspecified';
  if (denyList.check(literal, 'ipv6')) return 'listed';
  const embedded = embeddedIpv4(bytes);
  if (embedded.length === 0) return undefined;
  const denials = embedded.map(ipv4Denial);
  if (denials.includes('listed')) return 'listed';
  // Where a prefix allows several readings, it is unspecified only when every reading is.
  return denials.every((denial) => denial === 'unspecified') ? 'unspecified' : undefined;
}

/** 0.0.0.0/8 ("this network") is never a real destination: the kernel dials this host instead. */
function ipv4Denial(address: string): 'unspecified' | 'listed' | undefined {
  if (address.startsWith('0.')) return 'unspecified';
  return denyList.check(address, 'ipv4') ? 'listed' : undefined;
}

/** The 16 bytes of an IPv6 literal that `net.isIP` accepted (`::`, a trailing dotted quad). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.flatMap((group) => [group >> 8, group & 255]);
}

const ipv4Of = (bytes: number[]) => bytes.join('.');
const allZero = (bytes: number[]) => bytes.every((byte) => byte === 0);

/**
 * The IPv4 addresses an IPv6 address stands for, when connecting to it reaches an IPv4 host:
 * IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`), IPv4-compatible (`::a.b.c.d`, but not `::1`), NAT64's
 * well-known prefix (`64:ff9b::/96`), 6to4 (`2002:AABB:CCDD::/48`) and NAT64's local-use prefix
 * (`64:ff9b:1::/48`), whose IPv4 sits where the operator's prefix length puts it: every
 * well-formed reading of RFC 6052 (prefix /48, /56, /64 or /96) is returned.
 */
function embeddedIpv4(bytes: number[]): string[] {
  const low = bytes.slice(12);
  if (allZero(bytes.slice(0, 10)) && bytes[10] === 0xff && bytes[11] === 0xff) return [ipv4Of(low)];
  // IPv4-translated (SIIT): ::ffff:0:a.b.c.d.
  if (allZero(bytes.slice(0, 8)) && bytes[8] === 0xff && bytes[9] === 0xff && allZero(bytes.slice(10, 12))) return [ipv4Of(low)];
  if (allZero(bytes.slice(0, 12))) return ipv4Of(low) === '0.0.0.1' ? [] : [ipv4Of(low)];
  const prefix = bytes.slice(0, 6).join(',');
  if (prefix === '0,100,255,155,0,0' && allZero(bytes.slice(6, 12))) return [ipv4Of(low)];
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return [ipv4Of(bytes.slice(2, 6))];
  if (prefix === '0,100,255,155,0,1' && bytes[8] === 0) {
    // RFC 6052 layouts: bits 64–71 are zero, the IPv4 is split around them, the suffix is zero.
    const readings: Array<[number[], number[]]> = [
      [
        [6, 7, 9, 10],
        [11, 12, 13, 14, 15],
      ],
      [
        [7, 9, 10, 11],
        [12, 13, 14, 15],
      ],
      [
        [9, 10, 11, 12],
        [13, 14, 15],
      ],
      [[12, 13, 14, 15], []],
    ];
    return readings
      .filter(([, suffix]) => allZero(suffix.map((index) => bytes[index]!)))
      .map(([positions]) => ipv4Of(positions.map((index) => bytes[index]!)));
  }
  return [];
}

/** The refusal's words: a configured range names the setting; an unspecified address says why it is never allowed. */
export function deniedMessage(address: string): string {
  if (denialOf(address) === 'unspecified') {
    return `address ${address} is not allowed: an unspecified address (0.0.0.0/8, ::) reaches this server itself`;
  }
  return `address ${address} is not allowed (SIGHTLINE_DATASOURCE_DENY)`;
}

function deniedError(address: string): NodeJS.ErrnoException {
  return Object.assign(new Error(deniedMessage(address)), { code: 'EDENIED' });
}

/** Whether an error is the policy's refusal (its message is then safe and meant to be shown). */
export function isDeniedError(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'EDENIED';
}

/**
 * A `lookup` for `http.request`, `https.request` and `net.connect`: resolves as `dns.lookup` does,
 * then fails with code `EDENIED` when any resolved address is denied (so a round-robin name cannot
 * slip a denied address in).
 */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, options.all ? [] : '', 0);
      return;
    }
    const denied = addresses.find((entry) => isAddressDenied(entry.address));
    if (denied) {
      callback(deniedError(denied.address), options.all ? [] : '', 0);
      return;
    }
    if (addresses.length === 0) {
      callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), options.all ? [] : '', 0);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * For clients that take a host rather than a lookup (the SQL drivers): resolves `host`, throws an
 * `EDENIED` error when any of its addresses is denied, and returns the address to connect to, so
 * the connection cannot be steered elsewhere by a second resolution.
 */
export async function resolveAllowed(host: string): Promise<string> {
  const literal = host.replace(/^\[|\]$/g, '');
  if (net.isIP(literal)) {
    if (isAddressDenied(literal)) throw deniedError(literal);
    return literal;
  }
  const addresses = await dns.promises.lookup(literal, { all: true });
  const denied = addresses.find((entry) => isAddressDenied(entry.address));
  if (denied) throw deniedError(denied.address);
  if (addresses.length === 0) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  return addresses[0]!.address;
}

export class OutgoingBusyError extends Error {
  constructor(limit = settings.maxConcurrent) {
    super(`too many outgoing requests at once (limit ${limit}, SIGHTLINE_OUTGOING_MAX_CONCURRENT); try again in a moment`);
  }
}

/** Runs `work` in one of the bounded slots; when all are taken it throws OutgoingBusyError at once (routes answer 429). */
export async function withOutgoingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (activeSlots >= settings.maxConcurrent) throw new OutgoingBusyError();
  activeSlots++;
  try {
    return await work();
  } finally {
    activeSlots--;
  }
}

/** How many slots are taken now (for tests and metrics). */
export function outgoingInFlight(): number {
  return activeSlots;
}

const FORBIDDEN_HEADER_NAMES = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'via',
  'http2-settings',
  'accept-encoding',
  'content-encoding',
]);

/**
 * Header names a data source may not set on outgoing requests: they steer routing, framing or
 * the connection itself (request smuggling, virtual-host probing), or belong to a proxy.
 */
export function isForbiddenHeaderName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return FORBIDDEN_HEADER_NAMES.has(lower) || lower.startsWith('proxy-') || lower.startsWith(':');
}

/** An RFC 9110 token: what node accepts as a header name. */
export function isValidHeaderName(name: string): boolean {
  return /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name);
}
