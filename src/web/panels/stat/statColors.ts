import { contrastRatio, PANEL_BACKGROUND, parseColor, rgbaToCss, type Rgba } from '../colors';

/**
 * The background of a stat in `colorMode: background` / `background_solid`, and the text that
 * reads on it. Grafana draws `background` as a 120° gradient of the colour a little darker and
 * lighter (lighter in the light theme), `background_solid` as the colour itself, and picks the text
 * colour from the background's luminance, looking through a transparent colour to the panel.
 */

function toHsl([r, g, b]: Rgba): [h: number, s: number, l: number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number, a: number): Rgba {
  const hue = (((h % 360) + 360) % 360) / 360;
  if (s === 0) return [l * 255, l * 255, l * 255, a];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255, a];
}

/** tinycolor's `darken(amount).spin(degrees)`: lightness down by `amount` percent points, hue turned. */
export function darkenAndSpin(color: string, amount: number, degrees: number): string {
  const rgba = parseColor(color);
  if (!rgba) return color;
  const [h, s, l] = toHsl(rgba);
  return rgbaToCss(fromHsl(h + degrees, s, Math.min(1, Math.max(0, l - amount / 100)), rgba[3]));
}

/** What the eye sees: a transparent colour over the panel's background. */
export function blendOver(color: string, background: string): string {
  const top = parseColor(color);
  const bottom = parseColor(background);
  if (!top || !bottom) return color;
  const a = top[3];
  return rgbaToCss([top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1]);
}

export interface StatBackground {
  /** The CSS `background` of the stat's box. */
  css: string;
  /** Text (value and name) that reaches WCAG AA contrast on every colour of the background. */
  text: string;
}

/** Black or white, whichever has the better worst-case contrast over all of `colors`. */
export function textOnAll(colors: string[]): string {
  const worst = (text: string) => Math.min(...colors.map((c) => contrastRatio(text, c)));
  return worst('#000000') >= worst('#ffffff') ? '#000000' : '#ffffff';
}

export function statBackground(color: string, mode: 'background' | 'background_solid', scheme: 'light' | 'dark'): StatBackground {
  const panel = PANEL_BACKGROUND[scheme];
  if (mode === 'background_solid') return { css: color, text: textOnAll([blendOver(color, panel)]) };
  // Grafana darkens in the dark theme and lightens (a factor of -0.7) in the light one.
  const factor = scheme === 'dark' ? 1 : -0.7;
  const from = darkenAndSpin(color, 15 * factor, 8);
  const to = darkenAndSpin(color, 5 * factor, -8);
  return { css: `linear-gradient(120deg, ${from}, ${to})`, text: textOnAll([blendOver(from, panel), blendOver(to, panel)]) };
}
