/** Grafana's colour names, its classic series palette, and contrast helpers that keep text readable in both themes. */

/** Grafana's classic palette: the order series take their colours in (`color.mode: palette-classic`). */
export const CLASSIC_PALETTE = [
  '#7EB26D',
  '#EAB839',
  '#6ED0E0',
  '#EF843C',
  '#E24D42',
  '#1F78C1',
  '#BA43A9',
  '#705DA0',
  '#508642',
  '#CCA300',
  '#447EBC',
  '#C15C17',
  '#890F02',
  '#0A437C',
  '#6D1F62',
  '#584477',
  '#B7DBAB',
  '#F4D598',
  '#70DBED',
  '#F9BA8F',
  '#F29191',
  '#82B5D8',
  '#E5A8E2',
  '#AEA2E0',
  '#629E51',
  '#E5AC0E',
  '#64B0C8',
  '#E0752D',
  '#BF1B00',
  '#0A50A1',
  '#962D82',
  '#614D93',
  '#9AC48A',
  '#F2C96D',
  '#65C5DB',
  '#F9934E',
  '#EA6460',
  '#5195CE',
  '#D683CE',
  '#806EB7',
  '#3F6833',
  '#967302',
  '#2F575E',
  '#99440A',
  '#58140C',
  '#052B51',
  '#511749',
  '#3F2B5B',
  '#E0F9D7',
  '#FCEACA',
  '#CFFAFF',
  '#F9E2D2',
  '#FCE2DE',
  '#BADFF4',
  '#F9D9F9',
  '#DEDAF7',
];

const HUES: Record<string, [superLight: string, light: string, main: string, semiDark: string, dark: string]> = {
  red: ['#FFA6B0', '#FF7383', '#F2495C', '#E02F44', '#C4162A'],
  orange: ['#FFCB7D', '#FFB357', '#FF9830', '#FF780A', '#FA6400'],
  yellow: ['#FFF899', '#FFEE52', '#FADE2A', '#F2CC0C', '#E0B400'],
  green: ['#C8F2C2', '#96D98D', '#73BF69', '#56A64B', '#37872D'],
  blue: ['#C0D8FF', '#8AB8FF', '#5794F2', '#3274D9', '#1F60C4'],
  purple: ['#DEB6F2', '#CA95E5', '#B877D9', '#A352CC', '#8F3BB8'],
};

const NAMED: Record<string, string> = (() => {
  const named: Record<string, string> = {
    transparent: 'rgba(0,0,0,0)',
    white: '#ffffff',
    black: '#000000',
    gray: '#808080',
    grey: '#808080',
  };
  for (const [hue, [superLight, light, main, semiDark, dark]] of Object.entries(HUES)) {
    Object.assign(named, {
      [`super-light-${hue}`]: superLight,
      [`light-${hue}`]: light,
      [hue]: main,
      [`semi-dark-${hue}`]: semiDark,
      [`dark-${hue}`]: dark,
    });
  }
  return named;
})();

/** A colour as the dashboard JSON names it (`green`, `semi-dark-red`, `#ff0000`, `rgb(...)`) → a CSS colour. */
export function resolveColor(name: string | undefined | null, scheme: 'light' | 'dark' = 'dark'): string {
  if (!name) return scheme === 'dark' ? '#CCCCDC' : '#24292E';
  if (name === 'text') return scheme === 'dark' ? '#CCCCDC' : '#24292E';
  return NAMED[name] ?? NAMED[name.toLowerCase()] ?? name;
}

export function paletteColor(index: number): string {
  return CLASSIC_PALETTE[((index % CLASSIC_PALETTE.length) + CLASSIC_PALETTE.length) % CLASSIC_PALETTE.length]!;
}

/** A stable palette index from a name (`palette-classic-by-name`). */
export function paletteIndexByName(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  return Math.abs(hash) % CLASSIC_PALETTE.length;
}

export type Rgba = [r: number, g: number, b: number, a: number];

export function parseColor(color: string): Rgba | undefined {
  const c = color.trim();
  const hex = /^#([0-9a-f]{3,8})$/i.exec(c);
  if (hex) {
    let h = hex[1]!;
    if (h.length === 3 || h.length === 4) h = [...h].map((x) => x + x).join('');
    if (h.length !== 6 && h.length !== 8) return undefined;
    const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
    return [n(0), n(2), n(4), h.length === 8 ? n(6) / 255 : 1];
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(c);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith('%') ? parseFloat(rgb[4]) / 100 : parseFloat(rgb[4]);
    return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), alpha];
  }
  return undefined;
}

const toHex = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

export function rgbaToCss([r, g, b, a]: Rgba): string {
  return a >= 1
    ? `#${toHex(r)}${toHex(g)}${toHex(b)}`
    : `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${Number(a.toFixed(3))})`;
}

/** The colour at `alpha` opacity (fills: `fillOpacity` 0–100 → alpha 0–1). */
export function withAlpha(color: string, alpha: number): string {
  const rgba = parseColor(color);
  if (!rgba) return color;
  return rgbaToCss([rgba[0], rgba[1], rgba[2], Math.max(0, Math.min(1, alpha))]);
}

function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const ca = parseColor(a);
  const cb = parseColor(b);
  if (!ca || !cb) return 1;
  const [l1, l2] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** Black or white text on a coloured background, whichever reads better. */
export function textOn(background: string): string {
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

function mix(a: Rgba, b: Rgba, t: number): Rgba {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, 1];
}

/** The panel backgrounds of the two themes (Mantine's body colours). */
export const PANEL_BACKGROUND = { light: '#ffffff', dark: '#242424' } as const;

/**
 * The same hue, darkened (light theme) or lightened (dark theme) just enough that text in it reaches
 * WCAG AA contrast (4.5:1) on the panel: Grafana's threshold green on white is only 2.2:1.
 */
export function readableColor(color: string, scheme: 'light' | 'dark', minimum = 4.5): string {
  const background = PANEL_BACKGROUND[scheme];
  const rgba = parseColor(color);
  if (!rgba) return color;
  if (contrastRatio(rgbaToCss([rgba[0], rgba[1], rgba[2], 1]), background) >= minimum) return rgbaToCss([rgba[0], rgba[1], rgba[2], 1]);
  const toward: Rgba = scheme === 'light' ? [0, 0, 0, 1] : [255, 255, 255, 1];
  for (let t = 0.05; t <= 1; t += 0.05) {
    const candidate = rgbaToCss(mix(rgba, toward, t));
    if (contrastRatio(candidate, background) >= minimum) return candidate;
  }
  return rgbaToCss(toward);
}

/** Grafana's continuous schemes (`color.mode: continuous-GrYlRd`, ...), as colour stops from low to high. */
const CONTINUOUS: Record<string, string[]> = {
  'continuous-GrYlRd': ['#73BF69', '#FADE2A', '#F2495C'],
  'continuous-RdYlGr': ['#F2495C', '#FADE2A', '#73BF69'],
  'continuous-BlYlRd': ['#5794F2', '#FADE2A', '#F2495C'],
  'continuous-YlRd': ['#FADE2A', '#F2495C'],
  'continuous-BlPu': ['#5794F2', '#B877D9'],
  'continuous-YlBl': ['#FADE2A', '#5794F2'],
  'continuous-blues': ['#C0D8FF', '#1F60C4'],
  'continuous-reds': ['#FFA6B0', '#C4162A'],
  'continuous-greens': ['#C8F2C2', '#37872D'],
  'continuous-purples': ['#DEB6F2', '#8F3BB8'],
  'continuous-viridis': ['#440154', '#31688E', '#35B779', '#FDE725'],
  'continuous-magma': ['#000004', '#51127C', '#B63679', '#FB8861', '#FCFDBF'],
  'continuous-plasma': ['#0D0887', '#7E03A8', '#CC4778', '#F89540', '#F0F921'],
  'continuous-inferno': ['#000004', '#56106E', '#BB3754', '#F98C0A', '#FCFFA4'],
  'continuous-cividis': ['#00204C', '#7C7B78', '#FFE945'],
};

export function isContinuousMode(mode: string | undefined): boolean {
  return !!mode && mode in CONTINUOUS;
}

/** The colours a continuous scheme runs through, from the low end to the high end. */
export function continuousStops(mode: string): string[] {
  return CONTINUOUS[mode] ?? CONTINUOUS['continuous-GrYlRd']!;
}

/** The colour of a continuous scheme at `fraction` (0–1) of the field's range. */
export function continuousColor(mode: string, fraction: number): string {
  const stops = (CONTINUOUS[mode] ?? CONTINUOUS['continuous-GrYlRd']!).map((s) => parseColor(s)!);
  const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(f));
  return rgbaToCss(mix(stops[i]!, stops[i + 1]!, f - i));
}
