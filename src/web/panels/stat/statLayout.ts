/** Grafana's stat passes `VizRepeater` 3 px between values (see `vizRepeater.ts`). */
export const STAT_SPACING = 3;

/** Grafana's BigValue lays name and value side by side in a box more than 2.5 times as wide as high (unless `wideLayout` is off). */
export function isWideLayout(width: number, height: number, wideLayout: boolean): boolean {
  return wideLayout && height > 0 && width / height > 2.5;
}
