/**
 * A range query's answer read straight from Prometheus's text, for the common case: a matrix of
 * float samples as Prometheus itself writes it. `JSON.parse` builds an array and a string for
 * every sample only for the frame writer to join them back into text; reading the text once and
 * cutting each series' times and values out of it costs a quarter of that (issue 32: the query
 * path should cost less than Prometheus's own work).
 *
 * Anything else — another key order or spacing (a proxy, another server speaking the API), native
 * histograms, escapes inside a sample — answers undefined, and the caller parses the JSON as
 * before: this is a shortcut, never a second reading of the API.
 */

/** One series of a matrix: its labels, its times as a JSON array of epoch ms, its sample texts. */
export interface ScannedSeries {
  metric: Record<string, string>;
  timesJson: string;
  texts: string[];
}

export interface ScannedMatrix {
  /** The answer without its series (`data.result` is empty): status, warnings, infos. */
  envelope: unknown;
  series: ScannedSeries[];
}

/** Prometheus writes this prefix for every successful matrix answer (Go's field order, no spaces). */
const MATRIX_PREFIX = '{"status":"success","data":{"resultType":"matrix","result":[';
const METRIC_KEY = '{"metric":';
const VALUES_KEY = ',"values":[';

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const DOT = 46;

const isDigit = (code: number) => code >= 48 && code <= 57;

/** The index just past the JSON object starting at `start` (strings and escapes respected), or -1. */
function objectEnd(text: string, start: number): number {
  if (text.charCodeAt(start) !== OPEN_BRACE) return -1;
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACE) depth++;
    else if (code === CLOSE_BRACE && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * A timestamp in seconds as Prometheus writes it (`1764226800` or `1764226800.5`) as epoch-ms
 * JSON text, exactly as the parsed path prints it; undefined for any other form.
 */
function timeMsText(text: string): string | undefined {
  let dot = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === DOT && dot < 0 && i > 0) dot = i;
    else if (!isDigit(code)) return undefined;
  }
  // Whole seconds print as themselves and three zeros; long or leading-zero forms go through a number.
  if (dot < 0 && text.length > 0 && text.length <= 15 && text.charCodeAt(0) !== 48) return `${text}000`;
  if (dot === text.length - 1) return undefined;
  return String(Math.round(Number(text) * 1000));
}

/** The matrix's series read from `body`, or undefined when it is not in Prometheus's own form. */
export function scanPrometheusMatrix(body: string): ScannedMatrix | undefined {
  if (!body.startsWith(MATRIX_PREFIX)) return undefined;
  const resultStart = MATRIX_PREFIX.length - 1;
  const series: ScannedSeries[] = [];
  let at = MATRIX_PREFIX.length;
  if (body.charCodeAt(at) !== CLOSE_BRACKET) {
    for (;;) {
      if (!body.startsWith(METRIC_KEY, at)) return undefined;
      const metricStart = at + METRIC_KEY.length;
      const metricEnd = objectEnd(body, metricStart);
      if (metricEnd < 0 || !body.startsWith(VALUES_KEY, metricEnd)) return undefined;
      let metric: unknown;
      try {
        metric = JSON.parse(body.slice(metricStart, metricEnd));
      } catch {
        return undefined;
      }
      at = metricEnd + VALUES_KEY.length;
      let timesJson = '[';
      const texts: string[] = [];
      if (body.charCodeAt(at) !== CLOSE_BRACKET) {
        for (;;) {
          // One sample: [<seconds>,"<value>"]
          if (body.charCodeAt(at) !== OPEN_BRACKET) return undefined;
          const comma = body.indexOf(',', at);
          if (comma < 0 || body.charCodeAt(comma + 1) !== QUOTE) return undefined;
          const time = timeMsText(body.slice(at + 1, comma));
          const valueEnd = body.indexOf('"', comma + 2);
          if (time === undefined || valueEnd < 0 || body.charCodeAt(valueEnd + 1) !== CLOSE_BRACKET) return undefined;
          const value = body.slice(comma + 2, valueEnd);
          if (value.includes('\\')) return undefined;
          timesJson += texts.length > 0 ? `,${time}` : time;
          texts.push(value);
          at = valueEnd + 2;
          if (body.charCodeAt(at) === CLOSE_BRACKET) break;
          if (body.charCodeAt(at) !== COMMA) return undefined;
          at++;
        }
      }
      // The values end with `]` and the series with `}`; anything else (histograms) is not ours.
      if (body.charCodeAt(at) !== CLOSE_BRACKET || body.charCodeAt(at + 1) !== CLOSE_BRACE) return undefined;
      if (typeof metric !== 'object' || metric === null || Array.isArray(metric)) return undefined;
      series.push({ metric: metric as Record<string, string>, timesJson: `${timesJson}]`, texts });
      at += 2;
      if (body.charCodeAt(at) === COMMA) at++;
      else if (body.charCodeAt(at) === CLOSE_BRACKET) break;
      else return undefined;
    }
  }
  // The rest (warnings, infos) is small: parse it with an empty result in the series' place.
  let envelope: unknown;
  try {
    envelope = JSON.parse(`${body.slice(0, resultStart)}[]${body.slice(at + 1)}`);
  } catch {
    return undefined;
  }
  return { envelope, series };
}
