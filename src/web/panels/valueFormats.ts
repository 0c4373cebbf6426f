/**
 * Grafana's units (`fieldConfig.defaults.unit`): the same ids, scaling steps and rounding as
 * grafana-data's `valueFormats`, so an imported dashboard shows the numbers its authors saw.
 */

export interface FormattedValue {
  prefix?: string;
  text: string;
  suffix?: string;
}

export type ValueFormatter = (value: number, decimals?: number | null, timeZone?: string) => FormattedValue;

export function formattedToString(value: FormattedValue): string {
  return `${value.prefix ?? ''}${value.text}${value.suffix ?? ''}`;
}

/** How many decimals a value shows when the panel does not say: two significant digits, none for integers. */
function decimalsFor(value: number): number {
  const log10 = Math.floor(Math.log(Math.abs(value)) / Math.LN10);
  let dec = -log10 + 1;
  const magnitude = Math.pow(10, -dec);
  const norm = value / magnitude;
  // 2.5 needs one more decimal than 2.
  if (norm > 2.25) ++dec;
  if (value % 1 === 0) dec = 0;
  return Math.max(0, dec);
}

export function toFixed(value: number, decimals?: number | null): string {
  if (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY) return value.toLocaleString('en-US');
  if (Number.isNaN(value)) return 'NaN';
  const places = decimals === null || decimals === undefined ? decimalsFor(value) : Math.max(0, Math.min(20, Math.trunc(decimals)));
  if (value === 0) return value.toFixed(places);
  const factor = places ? Math.pow(10, places) : 1;
  const formatted = String(Math.round(value * factor) / factor);
  if (formatted.includes('e')) return formatted;
  const point = formatted.indexOf('.');
  const precision = point === -1 ? 0 : formatted.length - point - 1;
  if (precision < places) return (precision ? formatted : `${formatted}.`) + String(factor).slice(1, places - precision + 1);
  return formatted;
}

function fixedUnit(unit: string, asPrefix = false): ValueFormatter {
  return (value, decimals) => {
    const text = toFixed(value, decimals);
    if (!unit) return { text };
    return asPrefix ? { prefix: unit, text } : { text, suffix: ` ${unit}` };
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Steps through `units` by powers of `factor`; `offset` is the index of the unscaled unit. */
export function scaledUnits(factor: number, units: string[], offset = 0): ValueFormatter {
  return (value, decimals) => {
    if (!Number.isFinite(value)) return { text: toFixed(value, decimals) };
    const index = value === 0 ? 0 : Math.floor(Math.log10(Math.abs(value)) / Math.log10(factor));
    const step = clamp(index, -offset, units.length - offset - 1);
    return { text: toFixed(value / Math.pow(factor, step), decimals), suffix: units[offset + step] };
  };
}

const SI_PREFIXES = ['f', 'p', 'n', 'µ', 'm', '', 'k', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'];
const SI_BASE = SI_PREFIXES.indexOf('');

function decimalSI(unit: string, offset = 0): ValueFormatter {
  return scaledUnits(
    1000,
    SI_PREFIXES.map((p) => ` ${p}${unit}`),
    SI_BASE + offset,
  );
}

function binarySI(unit: string, offset = 0): ValueFormatter {
  return scaledUnits(
    1024,
    ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'Zi', 'Yi'].map((p) => ` ${p}${unit}`),
    offset,
  );
}

function countUnit(symbol: string): ValueFormatter {
  const scale = scaledUnits(1000, ['', 'K', 'M', 'B', 'T']);
  return (value, decimals) => {
    const scaled = scale(value, decimals);
    return { ...scaled, suffix: `${scaled.suffix ?? ''} ${symbol}` };
  };
}

function currency(symbol: string, asSuffix = false): ValueFormatter {
  const scale = scaledUnits(1000, ['', 'K', 'M', 'B', 'T']);
  return (value, decimals) => {
    const scaled = scale(value, decimals);
    return asSuffix ? { ...scaled, suffix: `${scaled.suffix ?? ''}${symbol}` } : { ...scaled, prefix: symbol };
  };
}

/** Picks the first band whose limit the magnitude is under; `divisor` turns the value into that band's unit. */
function bands(list: Array<[limit: number, divisor: number, suffix: string]>, last: [divisor: number, suffix: string]): ValueFormatter {
  return (value, decimals) => {
    const magnitude = Math.abs(value);
    for (const [limit, divisor, suffix] of list) {
      if (magnitude < limit) return { text: toFixed(value / divisor, decimals), suffix };
    }
    return { text: toFixed(value / last[0], decimals), suffix: last[1] };
  };
}

const nanoseconds = bands(
  [
    [1e3, 1, ' ns'],
    [1e6, 1e3, ' µs'],
    [1e9, 1e6, ' ms'],
    [6e10, 1e9, ' s'],
    [3.6e12, 6e10, ' min'],
    [8.64e13, 3.6e12, ' hour'],
  ],
  [8.64e13, ' day'],
);
const microseconds = bands(
  [
    [1e3, 1, ' µs'],
    [1e6, 1e3, ' ms'],
  ],
  [1e6, ' s'],
);
const milliseconds = bands(
  [
    [1e3, 1, ' ms'],
    [6e4, 1e3, ' s'],
    [3.6e6, 6e4, ' min'],
    [8.64e7, 3.6e6, ' hour'],
    [3.1536e10, 8.64e7, ' day'],
  ],
  [3.1536e10, ' year'],
);
const secondsAbove1 = bands(
  [
    [60, 1, ' s'],
    [3600, 60, ' min'],
    [86400, 3600, ' hour'],
    [604800, 86400, ' day'],
    [31536000, 604800, ' week'],
  ],
  [3.15569e7, ' year'],
);
function seconds(value: number, decimals?: number | null): FormattedValue {
  if (value === 0) return { text: '0', suffix: ' s' };
  const magnitude = Math.abs(value);
  if (magnitude < 1e-6) return { text: toFixed(value * 1e9, decimals), suffix: ' ns' };
  if (magnitude < 1e-3) return { text: toFixed(value * 1e6, decimals), suffix: ' µs' };
  if (magnitude < 1) return { text: toFixed(value * 1e3, decimals), suffix: ' ms' };
  return secondsAbove1(value, decimals);
}
const minutes = bands(
  [
    [60, 1, ' min'],
    [1440, 60, ' hour'],
    [10080, 1440, ' day'],
    [604800, 10080, ' week'],
  ],
  [5.25948e5, ' year'],
);
const hours = bands(
  [
    [24, 1, ' hour'],
    [168, 24, ' day'],
    [8760, 168, ' week'],
  ],
  [8760, ' year'],
);
const days = bands(
  [
    [7, 1, ' day'],
    [365, 7, ' week'],
  ],
  [365, ' year'],
);

const DURATION_UNITS: Array<[name: string, ms: number]> = [
  ['year', 31536000000],
  ['month', 2592000000],
  ['week', 604800000],
  ['day', 86400000],
  ['hour', 3600000],
  ['minute', 60000],
  ['second', 1000],
  ['millisecond', 1],
];

/** `dtdurations` / `dtdurationms`: "2 hours, 3 minutes" with `decimals` more units after the first. */
function duration(unitMs: number, unitName: string): ValueFormatter {
  const format = (value: number, decimals?: number | null): FormattedValue => {
    if (value === 0) return { text: '0', suffix: ` ${unitName}s` };
    if (value < 0) {
      const positive = format(-value, decimals);
      return { ...positive, suffix: `${positive.suffix ?? ''} ago` };
    }
    let rest = value * unitMs;
    let remaining = decimals ?? 0;
    let started = false;
    const parts: string[] = [];
    for (const [name, ms] of DURATION_UNITS) {
      if (remaining < 0) break;
      const count = rest / ms;
      if (count >= 1 || started) {
        started = true;
        const whole = Math.floor(count);
        parts.push(`${whole} ${name}${whole === 1 ? '' : 's'}`);
        rest %= ms;
        remaining--;
      }
    }
    return { text: parts.join(', ') };
  };
  return format;
}

/** `clockms` / `clocks`: a duration as a clock (`01h:02m:03s:004ms`), shorter with fewer decimals. */
function clock(ms: number, decimals?: number | null): FormattedValue {
  const pad = (n: number, width = 2) => String(Math.floor(n)).padStart(width, '0');
  const abs = Math.abs(ms);
  const h = Math.floor(abs / 3_600_000);
  const m = (abs % 3_600_000) / 60_000;
  const s = (abs % 60_000) / 1000;
  const milli = abs % 1000;
  let text: string;
  if (abs < 1000) text = `${pad(milli, 3)}ms`;
  else if (abs < 60_000) text = decimals === 0 ? `${pad(s)}s` : `${pad(s)}s:${pad(milli, 3)}ms`;
  else if (abs < 3_600_000)
    text = decimals === 0 ? `${pad(m)}m` : decimals === 1 ? `${pad(m)}m:${pad(s)}s` : `${pad(m)}m:${pad(s)}s:${pad(milli, 3)}ms`;
  else
    text =
      decimals === 0
        ? `${h}h`
        : decimals === 1
          ? `${h}h:${pad(m)}m`
          : decimals === 2
            ? `${h}h:${pad(m)}m:${pad(s)}s`
            : `${h}h:${pad(m)}m:${pad(s)}s:${pad(milli, 3)}ms`;
  return { text: ms < 0 ? `-${text}` : text };
}

function hms(value: number): FormattedValue {
  if (value < 0) return { text: hms(-value).text, suffix: ' ago' };
  const pad = (n: number) => String(n).padStart(2, '0');
  return { text: `${pad(Math.floor(value / 3600))}:${pad(Math.floor((value % 3600) / 60))}:${pad(Math.floor(value % 60))}` };
}

function dhms(value: number): FormattedValue {
  if (value < 0) return { text: dhms(-value).text, suffix: ' ago' };
  const wholeDays = Math.floor(value / 86400);
  return { text: `${wholeDays > 0 ? `${wholeDays} d ` : ''}${hms(value - wholeDays * 86400).text}` };
}

/** An IANA zone for Intl from the dashboard's `timezone` (`browser`, `utc` or a zone name). */
export function intlTimeZone(timeZone?: string): string | undefined {
  if (!timeZone || timeZone === 'browser') return undefined;
  if (timeZone === 'utc') return 'UTC';
  return timeZone;
}

/** Date and time parts of `ms` in the zone, for patterns such as `YYYY-MM-DD HH:mm:ss`. */
export function dateParts(ms: number, timeZone?: string): Record<'YYYY' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss' | 'SSS', string> {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: intlTimeZone(timeZone),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(ms);
  } catch {
    // An unknown zone name: fall back to the browser's zone rather than fail the panel.
    return dateParts(ms);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    YYYY: get('year'),
    MM: get('month'),
    DD: get('day'),
    HH: get('hour'),
    mm: get('minute'),
    ss: get('second'),
    SSS: String(((ms % 1000) + 1000) % 1000).padStart(3, '0'),
  };
}

export function formatDateTime(ms: number, pattern: string, timeZone?: string): string {
  if (!Number.isFinite(ms)) return '';
  const parts = dateParts(ms, timeZone);
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss|SSS/g, (token) => parts[token as keyof typeof parts]);
}

function dateTime(pattern: string, todayPattern?: string): ValueFormatter {
  return (value, _decimals, timeZone) => {
    if (todayPattern && formatDateTime(value, 'YYYY-MM-DD', timeZone) === formatDateTime(Date.now(), 'YYYY-MM-DD', timeZone)) {
      return { text: formatDateTime(value, todayPattern, timeZone) };
    }
    return { text: formatDateTime(value, pattern, timeZone) };
  };
}

function fromNow(value: number): FormattedValue {
  const diff = Date.now() - value;
  const ago = Math.abs(diff);
  const steps: Array<[number, string]> = [
    [31536000000, 'year'],
    [2592000000, 'month'],
    [86400000, 'day'],
    [3600000, 'hour'],
    [60000, 'minute'],
  ];
  for (const [ms, name] of steps) {
    if (ago >= ms) {
      const n = Math.round(ago / ms);
      const text = `${n} ${name}${n === 1 ? '' : 's'}`;
      return { text: diff >= 0 ? `${text} ago` : `in ${text}` };
    }
  }
  return { text: diff >= 0 ? 'a few seconds ago' : 'in a few seconds' };
}

const FORMATS: Record<string, ValueFormatter> = {
  none: fixedUnit(''),
  short: scaledUnits(1000, ['', ' K', ' Mil', ' Bil', ' Tri', ' Quadr', ' Quint', ' Sext', ' Sept']),
  percent: (v, d) => ({ text: toFixed(v, d), suffix: '%' }),
  percentunit: (v, d) => ({ text: toFixed(v * 100, d), suffix: '%' }),
  humidity: fixedUnit('%H'),
  dB: fixedUnit('dB'),
  hex0x: (v, d) => {
    const hex = parseFloat(toFixed(v, d)).toString(16).toUpperCase();
    return { text: hex.startsWith('-') ? `-0x${hex.slice(1)}` : `0x${hex}` };
  },
  hex: (v, d) => ({ text: parseFloat(toFixed(v, d)).toString(16).toUpperCase() }),
  sci: (v, d) => ({ text: v.toExponential(d ?? undefined) }),
  locale: (v, d) => ({ text: v.toLocaleString(undefined, { maximumFractionDigits: d ?? undefined }) }),
  pixel: fixedUnit('px'),
  // Data
  bits: binarySI('b'),
  bytes: binarySI('B'),
  kbytes: binarySI('B', 1),
  mbytes: binarySI('B', 2),
  gbytes: binarySI('B', 3),
  tbytes: binarySI('B', 4),
  pbytes: binarySI('B', 5),
  decbits: decimalSI('b'),
  decbytes: decimalSI('B'),
  deckbytes: decimalSI('B', 1),
  decmbytes: decimalSI('B', 2),
  decgbytes: decimalSI('B', 3),
  dectbytes: decimalSI('B', 4),
  decpbytes: decimalSI('B', 5),
  // Data rate
  pps: decimalSI('pps'),
  bps: decimalSI('bps'),
  Bps: decimalSI('B/s'),
  KBs: decimalSI('B/s', 1),
  Kbits: decimalSI('bps', 1),
  MBs: decimalSI('B/s', 2),
  Mbits: decimalSI('bps', 2),
  GBs: decimalSI('B/s', 3),
  Gbits: decimalSI('bps', 3),
  TBs: decimalSI('B/s', 4),
  Tbits: decimalSI('bps', 4),
  binBps: binarySI('B/s'),
  binbps: binarySI('b/s'),
  // Time
  hertz: decimalSI('Hz'),
  ns: nanoseconds,
  µs: microseconds,
  us: microseconds,
  ms: milliseconds,
  s: seconds,
  m: minutes,
  h: hours,
  d: days,
  dtdurationms: duration(1, 'millisecond'),
  dtdurations: duration(1000, 'second'),
  dthms: hms,
  dtdhms: dhms,
  timeticks: (v, d) => seconds(v / 100, d),
  // Throughput
  cps: countUnit('c/s'),
  ops: countUnit('ops/s'),
  reqps: countUnit('req/s'),
  rps: countUnit('rd/s'),
  wps: countUnit('wr/s'),
  iops: countUnit('io/s'),
  eps: countUnit('evt/s'),
  mps: countUnit('msg/s'),
  recps: countUnit('rec/s'),
  rowsps: countUnit('rows/s'),
  cpm: countUnit('c/m'),
  opm: countUnit('ops/m'),
  reqpm: countUnit('req/m'),
  rpm: countUnit('rd/m'),
  wpm: countUnit('wr/m'),
  // Boolean
  bool: (v) => ({ text: v ? 'True' : 'False' }),
  bool_yes_no: (v) => ({ text: v ? 'Yes' : 'No' }),
  bool_on_off: (v) => ({ text: v ? 'On' : 'Off' }),
  // Date and time
  dateTimeAsIso: dateTime('YYYY-MM-DD HH:mm:ss'),
  dateTimeAsIsoNoDateIfToday: dateTime('YYYY-MM-DD HH:mm:ss', 'HH:mm:ss'),
  dateTimeAsUS: dateTime('MM/DD/YYYY HH:mm:ss'),
  dateTimeAsUSNoDateIfToday: dateTime('MM/DD/YYYY HH:mm:ss', 'HH:mm:ss'),
  dateTimeAsSystem: dateTime('YYYY-MM-DD HH:mm:ss'),
  dateTimeFromNow: fromNow,
  // Energy, length, mass and friends that scale with SI prefixes
  watt: decimalSI('W'),
  kwatt: decimalSI('W', 1),
  megwatt: decimalSI('W', 2),
  gwatt: decimalSI('W', 3),
  mwatt: decimalSI('W', -1),
  Wm2: fixedUnit('W/m²'),
  voltamp: decimalSI('VA'),
  kvoltamp: decimalSI('VA', 1),
  voltampreact: decimalSI('var'),
  kvoltampreact: decimalSI('var', 1),
  watth: decimalSI('Wh'),
  watthperkg: decimalSI('Wh/kg'),
  kwatth: decimalSI('Wh', 1),
  kwattm: decimalSI('W-Min', 1),
  amph: decimalSI('Ah'),
  kamph: decimalSI('Ah', 1),
  mamph: decimalSI('Ah', -1),
  joule: decimalSI('J'),
  ev: decimalSI('eV'),
  amp: decimalSI('A'),
  kamp: decimalSI('A', 1),
  mamp: decimalSI('A', -1),
  volt: decimalSI('V'),
  kvolt: decimalSI('V', 1),
  mvolt: decimalSI('V', -1),
  dBm: decimalSI('dBm'),
  ohm: decimalSI('Ω'),
  kohm: decimalSI('Ω', 1),
  Mohm: decimalSI('Ω', 2),
  farad: decimalSI('F'),
  µfarad: decimalSI('F', -2),
  nfarad: decimalSI('F', -3),
  pfarad: decimalSI('F', -4),
  ffarad: decimalSI('F', -5),
  henry: decimalSI('H'),
  mhenry: decimalSI('H', -1),
  µhenry: decimalSI('H', -2),
  lumens: decimalSI('Lm'),
  pressurembar: decimalSI('bar', -1),
  pressurebar: decimalSI('bar'),
  pressurekbar: decimalSI('bar', 1),
  pressurepa: decimalSI('Pa'),
  pressurehpa: fixedUnit('hPa'),
  pressurekpa: fixedUnit('kPa'),
  pressurepsi: scaledUnits(1000, ['psi', 'ksi', 'Mpsi']),
  Hs: decimalSI('H/s'),
  lengthmm: decimalSI('m', -1),
  lengthm: decimalSI('m'),
  lengthkm: decimalSI('m', 1),
  massmg: decimalSI('g', -1),
  massg: decimalSI('g'),
  masskg: decimalSI('g', 1),
  litre: decimalSI('L'),
  mlitre: decimalSI('L', -1),
  flops: decimalSI('FLOP/s'),
  string: (v) => ({ text: String(v) }),
  clockms: (v, d) => clock(v, d),
  clocks: (v, d) => clock(v * 1000, d),
  // Plain suffixes
  ...Object.fromEntries(
    Object.entries({
      accMS2: 'm/sec²',
      accFS2: 'f/sec²',
      accG: 'g',
      radian: 'rad',
      grad: 'grad',
      arcmin: 'arcmin',
      arcsec: 'arcsec',
      areaM2: 'm²',
      areaF2: 'ft²',
      areaMI2: 'mi²',
      ppb: 'ppb',
      conppb: 'ppb',
      conngm3: 'ng/m³',
      conμgm3: 'μg/m³',
      conmgm3: 'mg/m³',
      congm3: 'g/m³',
      conmgdL: 'mg/dL',
      conmmolL: 'mmol/L',
      flowgpm: 'gpm',
      flowcms: 'cms',
      flowcfs: 'cfs',
      flowcfm: 'cfm',
      litreh: 'L/h',
      flowlpm: 'L/min',
      flowmlpm: 'mL/min',
      lux: 'lux',
      masst: 't',
      lengthft: 'ft',
      lengthmi: 'mi',
      velocitymph: 'mph',
      velocityknot: 'kn',
      rotrads: 'rad/s',
      rotdegs: '°/s',
      m3: 'm³',
      Nm3: 'Nm³',
      dm3: 'dm³',
      gallons: 'gal',
    }).map(([id, symbol]) => [id, fixedUnit(symbol)]),
  ),
  rothz: decimalSI('Hz'),
  forceNm: decimalSI('Nm'),
  forcekNm: decimalSI('Nm', 1),
  forceN: decimalSI('N'),
  forcekN: decimalSI('N', 1),
  celsius: fixedUnit('°C'),
  fahrenheit: fixedUnit('°F'),
  farenheit: fixedUnit('°F'),
  kelvin: fixedUnit('K'),
  degree: fixedUnit('°'),
  rotrpm: fixedUnit('rpm'),
  velocityms: fixedUnit('m/s'),
  velocitykmh: fixedUnit('km/h'),
  ppm: fixedUnit('ppm'),
  // Currency
  currencyUSD: currency('$'),
  currencyGBP: currency('£'),
  currencyEUR: currency('€'),
  currencyJPY: currency('¥'),
};

/** The formatter for a unit id: Grafana's ids, `prefix:`/`suffix:`/`si:`/`count:`/`currency:`/`time:`/`bool:` forms, else the id as a suffix. */
export function getValueFormat(unit?: string | null): ValueFormatter {
  if (!unit) return FORMATS.none!;
  const known = FORMATS[unit];
  if (known) return known;
  const colon = unit.indexOf(':');
  if (colon > 0) {
    const kind = unit.slice(0, colon);
    const rest = unit.slice(colon + 1);
    switch (kind) {
      case 'prefix':
        return fixedUnit(rest, true);
      case 'suffix':
        return fixedUnit(rest);
      case 'si': {
        const offset = SI_PREFIXES.indexOf(rest.charAt(0) === 'μ' ? 'µ' : rest.charAt(0));
        return offset > -1 && rest.length > 1 ? decimalSI(rest.slice(1), offset - SI_BASE) : decimalSI(rest);
      }
      case 'count':
        return countUnit(rest);
      case 'currency':
        return currency(rest);
      case 'time':
        return (v, _d, tz) => ({ text: formatDateTime(v, rest, tz) });
      case 'bool': {
        const [whenTrue, whenFalse] = rest.includes('/')
          ? [rest.slice(0, rest.indexOf('/')), rest.slice(rest.indexOf('/') + 1)]
          : [rest, '-'];
        return (v) => ({ text: v ? whenTrue! : whenFalse! });
      }
    }
  }
  return fixedUnit(unit);
}

export function isBooleanUnit(unit?: string): boolean {
  return !!unit && unit.startsWith('bool');
}

/** Formats a number in a unit: `formatValue(1536, 'bytes')` → "1.50 KiB". */
export function formatValue(value: number, unit?: string | null, decimals?: number | null, timeZone?: string): FormattedValue {
  return getValueFormat(unit)(value, decimals, timeZone);
}
