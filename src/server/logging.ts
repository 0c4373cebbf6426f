/**
 * The server's log lines (pino, through Fastify): JSON by default, or written as `pretty` (for a
 * person at a terminal) or `logfmt` (Grafana's own format). Secrets never reach a line: tokens are
 * only ever in the Authorization header, which no line carries, and the paths below are redacted
 * should an object holding them be logged.
 */
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

export type LogFormat = 'json' | 'pretty' | 'logfmt';

export const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty', 'logfmt'];

/** Paths pino replaces with "[redacted]" in whatever object a line logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'headers.authorization',
  'authorization',
  'secureJsonData',
  '*.secureJsonData',
  'secrets',
  '*.secrets',
  'password',
  '*.password',
  'token',
  '*.token',
];

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
/** Fields every line has, written first (pretty) or skipped (they are in the line already). */
const HEAD = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

function scalar(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Object) return JSON.stringify(value);
  return String(value);
}

/** `key=value`, quoted when the value has spaces, quotes or `=` (logfmt's rules). */
function logfmtPair(key: string, value: unknown): string {
  const text = scalar(value);
  return `${key}=${text === '' || /[\s"=\\]/.test(text) ? JSON.stringify(text) : text}`;
}

/** One JSON line from pino, written as `format`. Errors (`err`) keep their stack on the lines after. */
export function formatLine(line: string, format: Exclude<LogFormat, 'json'>): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return `${line}\n`;
  }
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toISOString();
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  const rest = Object.entries(entry).filter(([key]) => !HEAD.has(key) && key !== 'err');
  if (format === 'logfmt') {
    const pairs = [logfmtPair('t', time), logfmtPair('level', level), logfmtPair('msg', entry.msg ?? '')];
    for (const [key, value] of rest) pairs.push(logfmtPair(key, value));
    if (err) pairs.push(logfmtPair('error', err.message ?? ''), logfmtPair('stack', err.stack ?? ''));
    return `${pairs.join(' ')}\n`;
  }
  const fields = rest.map(([key, value]) => logfmtPair(key, value)).join(' ');
  const head = `${time.slice(11, 23)} ${level.toUpperCase().padEnd(5)} ${scalar(entry.msg ?? '')}`;
  const stack = err?.stack ? `\n    ${err.stack.split('\n').join('\n    ')}` : '';
  return `${head}${fields ? `  ${fields}` : ''}${stack}\n`;
}

/** A stream for pino that rewrites its JSON lines as `format` onto `out`. */
export function formattingStream(format: Exclude<LogFormat, 'json'>, out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk, _encoding, done) {
      pending += String(chunk);
      let end: number;
      let text = '';
      while ((end = pending.indexOf('\n')) !== -1) {
        text += formatLine(pending.slice(0, end), format);
        pending = pending.slice(end + 1);
      }
      if (text) out.write(text);
      done();
    },
  });
}

/** Pretty at a terminal, JSON otherwise (a file, a pipe, a log collector). */
export function defaultLogFormat(isTty = process.stdout.isTTY === true): LogFormat {
  return isTty ? 'pretty' : 'json';
}

/** Fastify's `logger` option for a level and format. */
export function loggerOptions(
  level: string,
  format: LogFormat,
  out: NodeJS.WritableStream = process.stdout,
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(format === 'json' ? (out === process.stdout ? {} : { stream: out }) : { stream: formattingStream(format, out) }),
  };
}
