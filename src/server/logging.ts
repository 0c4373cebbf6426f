/**
 * The server's log lines (pino, through Fastify): JSON by default, or written as `pretty` (for a
 * person at a terminal) or `logfmt` (Grafana's own format). Secrets never reach a line: tokens are
 * only ever in the Authorization header, which no line carries, and the paths below are redacted
 * should an object holding them be logged.
 */
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';

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

const LEVEL_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
/** Methods a request's logger answers from its own bindings: forwarded to it, made on first use. */
const CHILD_METHODS = ['child', 'bindings', 'setBindings', 'flush'] as const;
const MAKE = Symbol('make');
const MADE = Symbol('made');

interface StandIn {
  [MAKE]: () => FastifyBaseLogger;
  [MADE]?: FastifyBaseLogger;
}
type Method = (this: FastifyBaseLogger, ...args: unknown[]) => unknown;

const made = (standIn: StandIn): FastifyBaseLogger => (standIn[MADE] ??= standIn[MAKE]());

/**
 * What a parent's stand-ins inherit: the parent (its level, levels, serializers), with every
 * method whose answer depends on the child's bindings forwarded to the child, made on the first
 * such call. A level the parent does not write is not written by the child either (it has the
 * parent's level until one is set on it), so such a call makes nothing.
 */
function standInPrototype(parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean }): object {
  const proto = Object.create(parent) as Record<string, unknown>;
  for (const name of LEVEL_METHODS) {
    proto[name] = function (this: StandIn, ...args: unknown[]) {
      const child = this[MADE];
      if (child === undefined && !parent.isLevelEnabled(name)) return;
      (child ?? made(this))[name](...(args as [string]));
    };
  }
  for (const name of CHILD_METHODS) {
    proto[name] = function (this: StandIn, ...args: unknown[]) {
      const child = made(this);
      return ((child as unknown as Record<string, Method>)[name] as Method).apply(child, args);
    };
  }
  proto.isLevelEnabled = function (this: StandIn, level: string) {
    return ((this[MADE] ?? parent) as typeof parent).isLevelEnabled(level);
  };
  Object.defineProperty(proto, 'level', {
    get(this: StandIn) {
      return (this[MADE] ?? parent).level;
    },
    set(this: StandIn, level: string) {
      made(this).level = level;
    },
  });
  return proto;
}

/**
 * Fastify gives every request a child logger with its `reqId`. Making one costs pino a copy of its
 * formatters and the binding stringified through the redaction (several µs of a small request's
 * CPU, its garbage included), and almost no request writes a line. Each request gets a stand-in
 * instead, which makes that same child (same bindings, same options) when a line is written or
 * anything else needs it: the lines are the same.
 */
export function requestLoggersOnUse(app: FastifyInstance): void {
  const prototypes = new WeakMap<object, object>();
  app.setChildLoggerFactory(function (logger, bindings, options) {
    const parent = logger as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
    // A route's own level or serializers, or no pino at all (`logger: false`): as Fastify does.
    if (typeof parent.isLevelEnabled !== 'function' || Object.keys(options).length > 0) return logger.child(bindings, options);
    let proto = prototypes.get(logger);
    if (proto === undefined) {
      proto = standInPrototype(parent as FastifyBaseLogger & { isLevelEnabled(level: string): boolean });
      prototypes.set(logger, proto);
    }
    const standIn = Object.create(proto) as StandIn;
    standIn[MAKE] = () => logger.child(bindings, options);
    return standIn as unknown as FastifyBaseLogger;
  });
}
