/**
 * A range query's answer read straight from the bytes Prometheus sent, for the common case: a
 * matrix of float samples as Prometheus itself writes it. `JSON.parse` builds an array and a
 * string for every sample only for the frame writer to join them back into text; here one pass
 * over the bytes copies each series' times (seconds → epoch-ms text) and values (already JSON
 * numbers) into the two JSON arrays the frame carries, with no string or array per sample
 * (issue 32: the query path should cost less than Prometheus's own work).
 *
 * Anything else — another key order or spacing (a proxy, another server speaking the API), native
 * histograms, escapes inside a sample, a value that is neither a JSON number nor NaN/±Inf —
 * answers undefined, and the caller parses the JSON as before: this is a shortcut, never a second
 * reading of the API.
 */
import type { Entities } from './frames';

/** One series of a matrix: its labels and its two columns as JSON array text. */
export interface ScannedSeries {
  metric: Record<string, string>;
  /** `[<epoch ms>,…]` */
  timesJson: string;
  /** `[<number or null>,…]`: NaN and ±Inf are written null, their rows listed in `entities` (Grafana's encoding). */
  valuesJson: string;
  entities: Entities | null;
}

export interface ScannedMatrix {
  /** The answer without its series (`data.result` is empty): status, warnings, infos. */
  envelope: unknown;
  series: ScannedSeries[];
}

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
/** Prometheus writes this prefix for every successful matrix answer (Go's field order, no spaces). */
const MATRIX_PREFIX = ascii('{"status":"success","data":{"resultType":"matrix","result":[');
const METRIC_KEY = ascii('{"metric":');
const VALUES_KEY = ascii(',"values":[');
const NULL = ascii('null');
/** The sample texts Prometheus writes for values JSON has no number for, and Grafana's entity for each. */
const SPECIAL_VALUES: Array<[Uint8Array, keyof Entities]> = [
  [ascii('NaN'), 'NaN'],
  [ascii('+Inf'), 'Inf'],
  [ascii('-Inf'), 'NegInf'],
  [ascii('Inf'), 'Inf'],
];

const QUOTE = 34;
const PLUS = 43;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const LOWER_E = 101;
const UPPER_E = 69;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

const isDigit = (code: number) => code >= ZERO && code <= NINE;
/** Whether each of a little-endian word's bytes is an ASCII digit: its high half is 3 before and after adding 6. */
const digitBytes = (word: number, mask: number, threes: number, sixes: number) =>
  (word & mask) === threes && ((word + sixes) & mask) === threes;

/** Whether the ten bytes from `at` are digits, the first not 0. */
function tenDigits(input: DataView, at: number): boolean {
  const first = input.getUint32(at, true);
  return (
    (first & 0xff) !== ZERO &&
    digitBytes(first, 0xf0f0f0f0, 0x30303030, 0x06060606) &&
    digitBytes(input.getUint32(at + 4, true), 0xf0f0f0f0, 0x30303030, 0x06060606) &&
    digitBytes(input.getUint16(at + 8, true), 0xf0f0, 0x3030, 0x0606)
  );
}

/** `00` as the last two bytes of a little-endian word whose first two are the time's last digits. */
const TWO_ZEROS_AFTER_TWO = (ZERO << 16) | (ZERO << 24);

function startsWith(bytes: Uint8Array, prefix: Uint8Array, at: number): boolean {
  if (at + prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

/** The index just past the JSON object starting at `start` (strings and escapes respected), or -1. */
function objectEnd(bytes: Uint8Array, start: number): number {
  if (bytes[start] !== OPEN_BRACE) return -1;
  let depth = 0;
  for (let i = start; i < bytes.length; i++) {
    const code = bytes[i]!;
    if (code === QUOTE) {
      for (i++; i < bytes.length; i++) {
        const inner = bytes[i]!;
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACE) depth++;
    else if (code === CLOSE_BRACE && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * Copies the digits from `from` into `out` at `written`, four at a time while four are digits (long
 * fractions: rates are often written with sixteen digits); answers the index past the last digit.
 */
function copyDigits(bytes: Uint8Array, input: DataView, from: number, out: Uint8Array, output: DataView, written: number): number {
  let at = from;
  while (at + 4 <= bytes.length && written + 4 <= out.length) {
    const word = input.getUint32(at, true);
    if (!digitBytes(word, 0xf0f0f0f0, 0x30303030, 0x06060606)) break;
    output.setUint32(written, word, true);
    at += 4;
    written += 4;
  }
  while (isDigit(bytes[at]!)) out[written++] = bytes[at++]!;
  return at;
}

/** Which of NaN/±Inf the bytes from `at` to `end` spell, if any. */
function specialValue(bytes: Uint8Array, at: number, end: number): keyof Entities | undefined {
  for (const [text, entity] of SPECIAL_VALUES) if (end - at === text.length && startsWith(bytes, text, at)) return entity;
  return undefined;
}

/**
 * A timestamp in seconds other than whole seconds (`1764226800.5`, or a leading zero) as epoch-ms
 * text, exactly as the parsed path prints it; undefined for any other form.
 */
function timeMsText(bytes: Uint8Array, at: number, end: number): string | undefined {
  let dot = -1;
  let text = '';
  for (let i = at; i < end; i++) {
    const code = bytes[i]!;
    if (code === DOT && dot < 0 && i > at) dot = i;
    else if (!isDigit(code)) return undefined;
    text += String.fromCharCode(code);
  }
  if (end === at || dot === end - 1) return undefined;
  return String(Math.round(Number(text) * 1000));
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');

/**
 * Where a series' columns are written. Every sample loses at least as many bytes of punctuation
 * (`[`, `,"`, `"]`, `,`) as its columns add (`000`, two commas; `null` for `"NaN"`), so columns as
 * long as the answer hold every series; writes past the end are dropped by the typed array and
 * caught by the position check after each series.
 */
interface Columns {
  times: Uint8Array;
  values: Uint8Array;
}

interface SeriesColumns {
  /** Just past the series' closing `]`. */
  at: number;
  /** The end of its times in `columns.times`. */
  timesEnd: number;
  /** The length of its values in `columns.values`. */
  valuesLength: number;
  entities: Entities | null;
}

/**
 * One series' samples from `start` (just inside `"values":[`) up to its closing `]`: the times
 * written as `[<ms>,…]` into `columns.times` from `written`, the values as `[<number>,…]` into
 * `columns.values` from 0. Undefined for any form but Prometheus's own.
 */
function scanSamples(bytes: Uint8Array, start: number, columns: Columns, written: number): SeriesColumns | undefined {
  const { times, values } = columns;
  const input = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const output = new DataView(times.buffer, times.byteOffset, times.byteLength);
  const valuesOutput = new DataView(values.buffer, values.byteOffset, values.byteLength);
  let t = written;
  let v = 0;
  let at = start;
  let entities: Entities | null = null;
  times[t++] = OPEN_BRACKET;
  values[v++] = OPEN_BRACKET;
  if (bytes[at] !== CLOSE_BRACKET) {
    for (let row = 0; ; row++) {
      // One sample: [<seconds>,"<value>"]
      if (bytes[at] !== OPEN_BRACKET) return undefined;
      if (row > 0) {
        times[t++] = COMMA;
        values[v++] = COMMA;
      }
      // Whole seconds, the usual case, are copied as they are read, and three zeros; ten digits
      // (every time from 2001 to 2286) four and two bytes at a time.
      const timeStart = ++at;
      const timeWritten = t;
      let code: number;
      if (bytes[at + 10] === COMMA && t + 16 <= times.length && tenDigits(input, at)) {
        output.setUint32(t, input.getUint32(at, true), true);
        output.setUint32(t + 4, input.getUint32(at + 4, true), true);
        output.setUint32(t + 8, input.getUint16(at + 8, true) | TWO_ZEROS_AFTER_TWO, true);
        times[t + 12] = ZERO;
        t += 13;
        at += 10;
      } else {
        code = bytes[at]!;
        if (code !== ZERO) {
          while (isDigit(code)) {
            times[t++] = code;
            code = bytes[++at]!;
          }
        }
        if (code === COMMA && at > timeStart && at - timeStart <= 15) {
          times[t++] = ZERO;
          times[t++] = ZERO;
          times[t++] = ZERO;
        } else {
          t = timeWritten;
          while (at < bytes.length && bytes[at] !== COMMA) at++;
          const ms = timeMsText(bytes, timeStart, at);
          if (ms === undefined) return undefined;
          for (let i = 0; i < ms.length; i++) times[t++] = ms.charCodeAt(i);
        }
      }
      if (bytes[++at] !== QUOTE) return undefined;
      // The value, copied as it is read while it is a JSON number: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?
      const valueStart = ++at;
      const valueWritten = v;
      let number = true;
      code = bytes[at]!;
      if (code === MINUS) {
        values[v++] = code;
        code = bytes[++at]!;
      }
      if (code === ZERO) {
        values[v++] = code;
        code = bytes[++at]!;
      } else if (isDigit(code)) {
        do {
          values[v++] = code;
          code = bytes[++at]!;
        } while (isDigit(code));
      } else number = false;
      // A fraction, then an exponent: each a mark (and sign) and at least one digit.
      if (number && code === DOT) {
        values[v++] = code;
        const digits = ++at;
        at = copyDigits(bytes, input, at, values, valuesOutput, v);
        v += at - digits;
        number = at > digits;
        code = bytes[at]!;
      }
      if (number && (code === LOWER_E || code === UPPER_E)) {
        values[v++] = code;
        if (bytes[++at] === PLUS || bytes[at] === MINUS) values[v++] = bytes[at++]!;
        const digits = at;
        at = copyDigits(bytes, input, at, values, valuesOutput, v);
        v += at - digits;
        number = at > digits;
        code = bytes[at]!;
      }
      if (number && code === QUOTE) at++;
      else {
        // NaN and ±Inf travel as null with their rows named; any other text is not Prometheus's.
        v = valueWritten;
        at = valueStart;
        while (at < bytes.length && bytes[at] !== QUOTE) at++;
        const special = specialValue(bytes, valueStart, at);
        if (special === undefined) return undefined;
        for (let i = 0; i < NULL.length; i++) values[v++] = NULL[i]!;
        entities ??= {};
        (entities[special] ??= []).push(row);
        at++;
      }
      if (bytes[at] !== CLOSE_BRACKET) return undefined;
      at++;
      if (bytes[at] === CLOSE_BRACKET) break;
      if (bytes[at] !== COMMA) return undefined;
      at++;
    }
  }
  times[t++] = CLOSE_BRACKET;
  values[v++] = CLOSE_BRACKET;
  // Past the end, the typed arrays dropped the writes: not an answer this reader can hold.
  if (t > times.length || v > values.length) return undefined;
  return { at, timesEnd: t, valuesLength: v, entities };
}

/** The columns' bytes, kept between answers up to 1 MB each (an answer's columns become a string before it returns). */
let kept: Columns = { times: new Uint8Array(0), values: new Uint8Array(0) };
const KEPT_BYTES = 1024 * 1024;

function columnsFor(size: number): Columns {
  if (kept.times.length >= size) return kept;
  const columns = { times: new Uint8Array(size), values: new Uint8Array(size) };
  if (size <= KEPT_BYTES) kept = columns;
  return columns;
}

/** The matrix's series read from the answer, or undefined when it is not in Prometheus's own form. */
export function scanPrometheusMatrix(answer: Uint8Array | string): ScannedMatrix | undefined {
  // A plain Uint8Array view, not a Buffer: every byte access then sees one kind of array.
  const bytes =
    typeof answer === 'string' ? new TextEncoder().encode(answer) : new Uint8Array(answer.buffer, answer.byteOffset, answer.byteLength);
  if (!startsWith(bytes, MATRIX_PREFIX, 0)) return undefined;
  const resultStart = MATRIX_PREFIX.length - 1;
  const columns = columnsFor(bytes.length + 2);
  // Each series' times, then its values, one after another in columns.times; these are their bounds.
  const bounds: Array<{ metric: Record<string, string>; timesStart: number; timesEnd: number; end: number; entities: Entities | null }> =
    [];
  let written = 0;
  let at = MATRIX_PREFIX.length;
  if (bytes[at] !== CLOSE_BRACKET) {
    for (;;) {
      if (!startsWith(bytes, METRIC_KEY, at)) return undefined;
      const metricStart = at + METRIC_KEY.length;
      const metricEnd = objectEnd(bytes, metricStart);
      if (metricEnd < 0 || !startsWith(bytes, VALUES_KEY, metricEnd)) return undefined;
      let metric: unknown;
      try {
        metric = JSON.parse(utf8.decode(bytes.subarray(metricStart, metricEnd)));
      } catch {
        return undefined;
      }
      if (typeof metric !== 'object' || metric === null || Array.isArray(metric)) return undefined;
      const scanned = scanSamples(bytes, metricEnd + VALUES_KEY.length, columns, written);
      if (scanned === undefined) return undefined;
      at = scanned.at;
      // The values end with `]` and the series with `}`; anything else (histograms) is not ours.
      if (bytes[at] !== CLOSE_BRACKET || bytes[at + 1] !== CLOSE_BRACE) return undefined;
      const end = scanned.timesEnd + scanned.valuesLength;
      if (end > columns.times.length) return undefined;
      columns.times.set(columns.values.subarray(0, scanned.valuesLength), scanned.timesEnd);
      bounds.push({
        metric: metric as Record<string, string>,
        timesStart: written,
        timesEnd: scanned.timesEnd,
        end,
        entities: scanned.entities,
      });
      written = end;
      at += 2;
      if (bytes[at] === COMMA) at++;
      else if (bytes[at] === CLOSE_BRACKET) break;
      else return undefined;
    }
  }
  // The rest (warnings, infos) is small: parse it with an empty result in the series' place.
  let envelope: unknown;
  try {
    envelope = JSON.parse(`${latin1.decode(bytes.subarray(0, resultStart))}[]${utf8.decode(bytes.subarray(at + 1))}`);
  } catch {
    return undefined;
  }
  // One string for every column (ASCII: digits, signs, commas, brackets, null), each series' two
  // columns slices of it. Strings live in V8's young generation and go at the next scavenge;
  // buffers made per answer are memory outside the heap, which V8 collects with full collections.
  const text = Buffer.from(columns.times.buffer, columns.times.byteOffset, written).toString('latin1');
  return {
    envelope,
    series: bounds.map((one) => ({
      metric: one.metric,
      timesJson: text.slice(one.timesStart, one.timesEnd),
      valuesJson: text.slice(one.timesEnd, one.end),
      entities: one.entities,
    })),
  };
}
