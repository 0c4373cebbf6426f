import { describe, expect, it } from 'vitest';
import { formattedToString, formatValue, toFixed } from './valueFormats';

const f = (value: number, unit?: string, decimals?: number, tz?: string) => formattedToString(formatValue(value, unit, decimals, tz));

describe('toFixed (Grafana rounding)', () => {
  it('picks decimals from the value when none are given', () => {
    expect(toFixed(100)).toBe('100');
    expect(toFixed(100.4)).toBe('100');
    expect(toFixed(100.5)).toBe('101');
    expect(toFixed(1.5)).toBe('1.50');
    expect(toFixed(0.0123)).toBe('0.0123');
    expect(toFixed(0)).toBe('0');
  });
  it('pads to the asked decimals and treats negative decimals as zero', () => {
    expect(toFixed(100, 1)).toBe('100.0');
    expect(toFixed(100.37, 1)).toBe('100.4');
    expect(toFixed(100.4, 2)).toBe('100.40');
    expect(toFixed(186.123, -2)).toBe('186');
  });
  it('says NaN and infinities rather than failing', () => {
    expect(toFixed(Number.NaN)).toBe('NaN');
    expect(toFixed(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(toFixed(Number.NEGATIVE_INFINITY)).toBe('-∞');
  });
});

describe('units', () => {
  it.each([
    ['percent', 42.5, undefined, '42.5%'],
    ['percentunit', 0.256, 1, '25.6%'],
    ['bytes', 1536, undefined, '1.50 KiB'],
    ['bytes', 10, undefined, '10 B'],
    ['decbytes', 1_500_000, undefined, '1.50 MB'],
    ['kbytes', 10_000_000, 3, '9.537 GiB'],
    ['deckbytes', 10_000_000, 3, '10.000 GB'],
    ['bits', 2048, 0, '2 Kib'],
    ['decbits', 2500, 1, '2.5 kb'],
    ['s', 0.002, undefined, '2 ms'],
    ['s', 90, 1, '1.5 min'],
    ['s', 0, undefined, '0 s'],
    ['ms', 0.0024, 4, '0.0024 ms'],
    ['ms', 1250, 2, '1.25 s'],
    ['ms', 10_000_086.123, 1, '2.8 hour'],
    ['ms', 1200, 0, '1 s'],
    ['µs', 1500, 1, '1.5 ms'],
    ['ns', 2_000_000, 0, '2 ms'],
    ['reqps', 1234, 1, '1.2K req/s'],
    ['ops', 12, 0, '12 ops/s'],
    ['short', 1234, 1, '1.2 K'],
    ['short', 98765, 2, '98.77 K'],
    ['short', 2_500_000, 1, '2.5 Mil'],
    ['short', 3e9, 0, '3 Bil'],
    ['none', 12.345, 1, '12.3'],
    ['currencyUSD', 1532.82, 2, '$1.53K'],
    ['megwatt', 1000, 3, '1.000 GW'],
    ['kohm', 1000, 3, '1.000 MΩ'],
    ['dtdurations', 3725, 1, '1 hour, 2 minutes'],
    ['dtdurationms', 0, 0, '0 milliseconds'],
    ['dthms', 3725, undefined, '01:02:05'],
    ['clockms', 3_723_004, undefined, '1h:02m:03s:004ms'],
    ['clocks', 62, 1, '01m:02s'],
    ['lengthft', 3, 0, '3 ft'],
    ['string', 7, undefined, '7'],
  ] as const)('%s formats %d as %s', (unit, value, decimals, expected) => {
    expect(f(value, unit, decimals)).toBe(expected);
  });

  it('formats dateTimeAsIso in the dashboard time zone', () => {
    expect(f(Date.UTC(2024, 0, 2, 3, 4, 5), 'dateTimeAsIso', undefined, 'utc')).toBe('2024-01-02 03:04:05');
    expect(f(Date.UTC(2024, 0, 2, 3, 4, 5), 'dateTimeAsIso', undefined, 'Asia/Tokyo')).toBe('2024-01-02 12:04:05');
  });

  it('passes unknown units through as a suffix, and understands suffix:/prefix:/si:/count:/bool', () => {
    expect(f(3, 'widgets', 0)).toBe('3 widgets');
    expect(f(3, 'suffix: apples', 0)).toBe('3  apples');
    expect(f(3, 'prefix:€', 0)).toBe('€3');
    expect(f(1500, 'si:W', 1)).toBe('1.5 kW');
    expect(f(1500, 'si:mW', 1)).toBe('1.5 W');
    expect(f(2500, 'count:hits', 1)).toBe('2.5K hits');
    expect(f(1, 'bool_yes_no')).toBe('Yes');
    expect(f(0, 'bool:up/down')).toBe('down');
  });
});
