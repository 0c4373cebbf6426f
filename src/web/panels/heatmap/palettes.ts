import { parseColor, resolveColor, rgbaToCss, type Rgba } from '../colors';
import type { Scheme } from '../fieldDisplay';

/**
 * The heatmap's colour schemes (Grafana names them after d3-scale-chromatic's interpolators):
 * each as evenly spaced anchor colours (ColorBrewer's and matplotlib's published stops),
 * interpolated linearly between. `invert` says when Grafana flips a scheme so that low counts
 * fade into the background: always (diverging), in the dark theme (light-to-dark sequential
 * schemes), or in the light theme (dark-to-light ones).
 */
interface ColorScheme {
  name: string;
  invert: 'always' | 'dark' | 'light';
  stops: string[];
}

const s = (text: string) => text.split(' ').map((hex) => `#${hex}`);

export const COLOR_SCHEMES: ColorScheme[] = [
  { name: 'BrBG', invert: 'always', stops: s('543005 8c510a bf812d dfc27d f6e8c3 f5f5f5 c7eae5 80cdc1 35978f 01665e 003c30') },
  { name: 'PiYG', invert: 'always', stops: s('8e0152 c51b7d de77ae f1b6da fde0ef f7f7f7 e6f5d0 b8e186 7fbc41 4d9221 276419') },
  { name: 'PRGn', invert: 'always', stops: s('40004b 762a83 9970ab c2a5cf e7d4e8 f7f7f7 d9f0d3 a6dba0 5aae61 1b7837 00441b') },
  { name: 'PuOr', invert: 'always', stops: s('7f3b08 b35806 e08214 fdb863 fee0b6 f7f7f7 d8daeb b2abd2 8073ac 542788 2d004b') },
  { name: 'RdBu', invert: 'always', stops: s('67001f b2182b d6604d f4a582 fddbc7 f7f7f7 d1e5f0 92c5de 4393c3 2166ac 053061') },
  { name: 'RdGy', invert: 'always', stops: s('67001f b2182b d6604d f4a582 fddbc7 ffffff e0e0e0 bababa 878787 4d4d4d 1a1a1a') },
  { name: 'RdYlBu', invert: 'always', stops: s('a50026 d73027 f46d43 fdae61 fee090 ffffbf e0f3f8 abd9e9 74add1 4575b4 313695') },
  { name: 'RdYlGn', invert: 'always', stops: s('a50026 d73027 f46d43 fdae61 fee08b ffffbf d9ef8b a6d96a 66bd63 1a9850 006837') },
  { name: 'Spectral', invert: 'always', stops: s('9e0142 d53e4f f46d43 fdae61 fee08b ffffbf e6f598 abdda4 66c2a5 3288bd 5e4fa2') },
  { name: 'Blues', invert: 'dark', stops: s('f7fbff deebf7 c6dbef 9ecae1 6baed6 4292c6 2171b5 08519c 08306b') },
  { name: 'Greens', invert: 'dark', stops: s('f7fcf5 e5f5e0 c7e9c0 a1d99b 74c476 41ab5d 238b45 006d2c 00441b') },
  { name: 'Greys', invert: 'dark', stops: s('ffffff f0f0f0 d9d9d9 bdbdbd 969696 737373 525252 252525 000000') },
  { name: 'Oranges', invert: 'dark', stops: s('fff5eb fee6ce fdd0a2 fdae6b fd8d3c f16913 d94801 a63603 7f2704') },
  { name: 'Purples', invert: 'dark', stops: s('fcfbfd efedf5 dadaeb bcbddc 9e9ac8 807dba 6a51a3 54278f 3f007d') },
  { name: 'Reds', invert: 'dark', stops: s('fff5f0 fee0d2 fcbba1 fc9272 fb6a4a ef3b2c cb181d a50f15 67000d') },
  { name: 'Turbo', invert: 'light', stops: s('23171b 4a58dd 2f9df5 27d7c4 4df884 95fb51 dedd32 ffa423 f65f18 ba2208 900c00') },
  { name: 'Cividis', invert: 'light', stops: s('00224e 123570 3b496c 575d6d 707173 8a8678 a59c74 c3b369 e1cc55 fee838') },
  { name: 'Viridis', invert: 'light', stops: s('440154 482878 3e4989 31688e 26828e 1f9e89 35b779 6ece58 b5de2b fde725') },
  { name: 'Magma', invert: 'light', stops: s('000004 1c1044 4f127b 812581 b5367a e55064 fb8761 fec287 fcfdbf') },
  { name: 'Inferno', invert: 'light', stops: s('000004 1f0c48 550f6d 88226a ba3655 e35933 f98c0a f9c932 fcffa4') },
  { name: 'Plasma', invert: 'light', stops: s('0d0887 46039f 7201a8 9c179e bd3786 d8576b ed7953 fb9f3a fdca26 f0f921') },
  { name: 'Warm', invert: 'light', stops: s('6e40aa 963db3 bf3caf e4419d fe4b83 ff5e63 ff7847 fb9633 e2b72f c6d63c aff05b') },
  { name: 'Cool', invert: 'light', stops: s('6e40aa 6054c8 4c6edb 368ce1 23abd8 1ac7c2 1ddfa3 30ef82 52f667 7ff658 aff05b') },
  { name: 'Cubehelix', invert: 'light', stops: s('000000 1a1530 163d4e 1f6642 54792f a07949 d07e93 cf9cda c1caf3 d2eeef ffffff') },
  { name: 'BuGn', invert: 'dark', stops: s('f7fcfd e5f5f9 ccece6 99d8c9 66c2a4 41ae76 238b45 006d2c 00441b') },
  { name: 'BuPu', invert: 'dark', stops: s('f7fcfd e0ecf4 bfd3e6 9ebcda 8c96c6 8c6bb1 88419d 810f7c 4d004b') },
  { name: 'GnBu', invert: 'dark', stops: s('f7fcf0 e0f3db ccebc5 a8ddb5 7bccc4 4eb3d3 2b8cbe 0868ac 084081') },
  { name: 'OrRd', invert: 'dark', stops: s('fff7ec fee8c8 fdd49e fdbb84 fc8d59 ef6548 d7301f b30000 7f0000') },
  { name: 'PuBuGn', invert: 'dark', stops: s('fff7fb ece2f0 d0d1e6 a6bddb 67a9cf 3690c0 02818a 016c59 014636') },
  { name: 'PuBu', invert: 'dark', stops: s('fff7fb ece7f2 d0d1e6 a6bddb 74a9cf 3690c0 0570b0 045a8d 023858') },
  { name: 'PuRd', invert: 'dark', stops: s('f7f4f9 e7e1ef d4b9da c994c7 df65b0 e7298a ce1256 980043 67001f') },
  { name: 'RdPu', invert: 'dark', stops: s('fff7f3 fde0dd fcc5c0 fa9fb5 f768a1 dd3497 ae017e 7a0177 49006a') },
  { name: 'YlGnBu', invert: 'dark', stops: s('ffffd9 edf8b1 c7e9b4 7fcdbb 41b6c4 1d91c0 225ea8 253494 081d58') },
  { name: 'YlGn', invert: 'dark', stops: s('ffffe5 f7fcb9 d9f0a3 addd8e 78c679 41ab5d 238443 006837 004529') },
  { name: 'YlOrBr', invert: 'dark', stops: s('ffffe5 fff7bc fee391 fec44f fe9929 ec7014 cc4c02 993404 662506') },
  { name: 'YlOrRd', invert: 'dark', stops: s('ffffcc ffeda0 fed976 feb24c fd8d3c fc4e2a e31a1c bd0026 800026') },
  { name: 'Rainbow', invert: 'always', stops: s('6e40aa bf3caf fe4b83 ff7847 e2b72f aff05b 52f667 1ddfa3 23abd8 4c6edb 6e40aa') },
  { name: 'Sinebow', invert: 'always', stops: s('ff4040 e78d0b a7d503 58fc2a 18f472 00bfbf 1872f4 582afc a703d5 e70b8d ff4040') },
];

/** What `options.color` says about colours (panelcfg's HeatmapColorOptions). */
export interface HeatmapColorOptions {
  mode: 'scheme' | 'opacity';
  scheme: string;
  fill: string;
  scale: 'exponential' | 'linear';
  exponent: number;
  steps: number;
  reverse: boolean;
  min?: number;
  max?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function heatmapColorOptionsOf(color: unknown): HeatmapColorOptions {
  const c = isObject(color) ? color : {};
  return {
    mode: c.mode === 'opacity' ? 'opacity' : 'scheme',
    scheme: typeof c.scheme === 'string' && c.scheme ? c.scheme : 'Oranges',
    fill: typeof c.fill === 'string' && c.fill ? c.fill : 'dark-orange',
    scale: c.scale === 'linear' ? 'linear' : 'exponential',
    exponent: finite(c.exponent) ?? 0.5,
    steps: Math.max(2, Math.min(256, Math.round(finite(c.steps) ?? 64))),
    reverse: c.reverse === true,
    min: finite(c.min),
    max: finite(c.max),
  };
}

function mix(a: Rgba, b: Rgba, t: number): Rgba {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, 1];
}

/** The colour at `t` (0–1) along the anchors. */
export function interpolateStops(stops: string[], t: number): string {
  const colors = stops.map((stop) => parseColor(stop)!);
  const at = Math.max(0, Math.min(1, t)) * (colors.length - 1);
  const i = Math.min(colors.length - 2, Math.floor(at));
  return rgbaToCss(mix(colors[i]!, colors[i + 1]!, at - i));
}

/** `steps` colours from the lowest count's to the highest's, as Grafana's `quantizeScheme`. */
export function heatmapPalette(options: HeatmapColorOptions, theme: Scheme): string[] {
  const last = options.steps - 1;
  const palette: string[] = [];
  if (options.mode === 'opacity') {
    const [r, g, b] = parseColor(resolveColor(options.fill, theme)) ?? [255, 120, 10, 1];
    for (let i = 0; i <= last; i++) {
      const linear = i / last;
      const alpha = options.scale === 'exponential' ? Math.pow(linear, options.exponent) : linear;
      palette.push(rgbaToCss([r, g, b, alpha]));
    }
    return palette;
  }
  const scheme = COLOR_SCHEMES.find((one) => one.name === options.scheme) ?? COLOR_SCHEMES.find((one) => one.name === 'Spectral')!;
  for (let i = 0; i <= last; i++) palette.push(interpolateStops(scheme.stops, i / last));
  const invert =
    scheme.invert === 'always' || (scheme.invert === 'dark' && theme === 'dark') || (scheme.invert === 'light' && theme === 'light');
  // Grafana flips on `reverse` or the scheme's own rule, not both.
  if (options.reverse || invert) palette.reverse();
  return palette;
}

/** The palette index of a count, as Grafana's `valuesToFills`. */
export function paletteIndex(value: number, min: number, max: number, size: number): number {
  if (value <= min) return 0;
  if (value >= max) return size - 1;
  return Math.min(size - 1, Math.floor((size * (value - min)) / (max - min || 1)));
}
