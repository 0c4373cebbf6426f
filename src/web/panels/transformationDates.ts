/**
 * Dates as Grafana's "Convert field type" reads and writes them: its `dateTimeParse` is moment's
 * forgiving parse (each token looked for in what is left of the text, anything between skipped,
 * `YYYY-MM-DD HH:mm:ss` when no format is given), and `.format()` its output.
 */
import { dateParts } from './valueFormats';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** moment's split of a format into tokens: `[literal]`, the date tokens, or any other single character. */
const TOKENS = /(\[[^[]*\])|(MMMM|MMM|MM?|DD?|YYYY|YY|HH?|hh?|mm?|ss?|S{1,9}|X|x|ZZ?|a|A|.)/g;

/** What each token reads in moment's forgiving mode. */
const TOKEN_REGEX: Record<string, RegExp> = {
  YYYY: /\d{1,4}/,
  YY: /\d\d?/,
  MMMM: /[a-z]+/i,
  MMM: /[a-z]+/i,
  MM: /\d\d?/,
  M: /\d\d?/,
  DD: /\d\d?/,
  D: /\d\d?/,
  HH: /\d\d?/,
  H: /\d\d?/,
  hh: /\d\d?/,
  h: /\d\d?/,
  mm: /\d\d?/,
  m: /\d\d?/,
  ss: /\d\d?/,
  s: /\d\d?/,
  X: /[+-]?\d+(\.\d{1,3})?/,
  x: /[+-]?\d+/,
  Z: /Z|[+-]\d\d:?\d\d/i,
  ZZ: /Z|[+-]\d\d:?\d\d/i,
  a: /[ap]\.?m?\.?/i,
  A: /[ap]\.?m?\.?/i,
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function tokenRegex(token: string): RegExp {
  if (TOKEN_REGEX[token]) return TOKEN_REGEX[token];
  if (/^S+$/.test(token)) return token.length <= 3 ? /\d{1,3}/ : /\d+/;
  return new RegExp(escapeRegExp(token.startsWith('[') ? token.slice(1, -1) : token));
}

interface Parts {
  year?: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
  ms?: number;
  pm?: boolean;
  offsetMinutes?: number;
  epoch?: number;
}

function readToken(token: string, input: string, parts: Parts): void {
  const n = Number(input);
  switch (token) {
    case 'YYYY':
      parts.year = input.length === 2 ? n + (n > 68 ? 1900 : 2000) : n;
      return;
    case 'YY':
      parts.year = n + (n > 68 ? 1900 : 2000);
      return;
    case 'MMMM':
    case 'MMM': {
      const index = MONTHS.indexOf(input.slice(0, 3).toLowerCase());
      parts.month = index < 0 ? Number.NaN : index;
      return;
    }
    case 'MM':
    case 'M':
      parts.month = n - 1;
      return;
    case 'DD':
    case 'D':
      parts.day = n;
      return;
    case 'HH':
    case 'H':
    case 'hh':
    case 'h':
      parts.hour = n;
      return;
    case 'mm':
    case 'm':
      parts.minute = n;
      return;
    case 'ss':
    case 's':
      parts.second = n;
      return;
    case 'X':
      parts.epoch = parseFloat(input) * 1000;
      return;
    case 'x':
      parts.epoch = n;
      return;
    case 'Z':
    case 'ZZ': {
      if (input.toUpperCase() === 'Z') parts.offsetMinutes = 0;
      else {
        const m = /([+-])(\d\d):?(\d\d)/.exec(input)!;
        parts.offsetMinutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
      }
      return;
    }
    case 'a':
    case 'A':
      parts.pm = input.toLowerCase().startsWith('p');
      return;
    default:
      if (/^S+$/.test(token)) parts.ms = Math.floor(Number(`0.${input}`) * 1000);
  }
}

/** The instant a wall clock shows in a zone: the browser's, `utc`, or an IANA name. */
export function zonedInstant(c: Required<Pick<Parts, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'ms'>>, timeZone?: string) {
  const utc = Date.UTC(c.year, c.month, c.day, c.hour, c.minute, c.second, c.ms);
  if (timeZone === 'utc') return utc;
  if (!timeZone || timeZone === 'browser') return new Date(c.year, c.month, c.day, c.hour, c.minute, c.second, c.ms).getTime();
  const offsetAt = (ms: number) => {
    const p = dateParts(ms, timeZone);
    return Date.UTC(+p.YYYY, +p.MM - 1, +p.DD, +p.HH, +p.mm, +p.ss, +p.SSS) - ms;
  };
  return utc - offsetAt(utc - offsetAt(utc));
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** A date text read with a moment format (`YYYY-MM-DD HH:mm:ss` when none): epoch ms, or NaN when moment finds it invalid. */
export function parseDateText(text: string, format = 'YYYY-MM-DD HH:mm:ss', timeZone?: string): number {
  const parts: Parts = {};
  let rest = text;
  let parsedAny = false;
  for (const match of format.matchAll(TOKENS)) {
    const token = match[0];
    const found = tokenRegex(token).exec(rest);
    const isDateToken = !token.startsWith('[') && (token in TOKEN_REGEX || /^S+$/.test(token));
    if (!found) continue;
    rest = rest.slice(found.index + found[0].length);
    if (isDateToken) {
      parsedAny = true;
      readToken(token, found[0], parts);
    }
  }
  if (!parsedAny) return Number.NaN;
  if (parts.epoch !== undefined) return parts.epoch;
  // moment's defaults: today for the date parts before the first one given, then the start of each.
  const now = new Date();
  const year = parts.year ?? now.getFullYear();
  const month = parts.month ?? (parts.year === undefined && parts.day !== undefined ? now.getMonth() : 0);
  const day = parts.day ?? (parts.year === undefined && parts.month === undefined ? now.getDate() : 1);
  let hour = parts.hour ?? 0;
  if (parts.pm !== undefined && hour <= 12) hour = parts.pm ? (hour % 12) + 12 : hour % 12;
  const c = { year, month, day, hour, minute: parts.minute ?? 0, second: parts.second ?? 0, ms: parts.ms ?? 0 };
  const overflow =
    !Number.isFinite(c.month) ||
    c.month < 0 ||
    c.month > 11 ||
    c.day < 1 ||
    c.day > daysIn(c.year, c.month) ||
    c.hour > 24 ||
    c.minute > 59 ||
    c.second > 59 ||
    (c.hour === 24 && (c.minute > 0 || c.second > 0 || c.ms > 0));
  if (overflow) return Number.NaN;
  if (parts.offsetMinutes !== undefined) {
    return Date.UTC(c.year, c.month, c.day, c.hour, c.minute, c.second, c.ms) - parts.offsetMinutes * 60_000;
  }
  return zonedInstant(c, timeZone);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** moment's `.format(pattern)` for the common tokens; no pattern gives its ISO default `YYYY-MM-DDTHH:mm:ssZ`. */
export function formatDateText(ms: number, pattern: string | undefined, timeZone?: string): string {
  if (!Number.isFinite(ms)) return 'Invalid date';
  const p = dateParts(ms, timeZone);
  const wall = Date.UTC(+p.YYYY, +p.MM - 1, +p.DD, +p.HH, +p.mm, +p.ss, +p.SSS);
  const offset = Math.round((wall - ms) / 60_000);
  const zoneText = (sep: string) => `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}${sep}${pad(offset % 60)}`;
  const hour = +p.HH;
  const values: Record<string, string> = {
    YYYY: p.YYYY,
    YY: p.YYYY.slice(-2),
    MMMM: new Date(wall).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }),
    MMM: new Date(wall).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' }),
    MM: p.MM,
    M: String(+p.MM),
    DD: p.DD,
    D: String(+p.DD),
    HH: p.HH,
    H: String(hour),
    hh: pad(hour % 12 || 12),
    h: String(hour % 12 || 12),
    mm: p.mm,
    m: String(+p.mm),
    ss: p.ss,
    s: String(+p.ss),
    SSS: p.SSS,
    X: String(Math.floor(ms / 1000)),
    x: String(ms),
    Z: zoneText(':'),
    ZZ: zoneText(''),
    A: hour < 12 ? 'AM' : 'PM',
    a: hour < 12 ? 'am' : 'pm',
  };
  return (pattern || 'YYYY-MM-DDTHH:mm:ssZ').replace(TOKENS, (token) =>
    token.startsWith('[') ? token.slice(1, -1) : (values[token] ?? (/^S+$/.test(token) ? p.SSS.slice(0, token.length) : token)),
  );
}
