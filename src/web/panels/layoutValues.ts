/** Text sizing shared by stat, gauge and bar gauge (where values go: `vizRepeater.ts`). */

/** A font size that lets `text` fill about `share` of a box without overflowing it. */
export function fitFontSize(text: string, width: number, height: number, share = 0.6, min = 10, max = 120): number {
  const chars = Math.max(1, text.length);
  const byWidth = (width * 0.92) / (chars * 0.6);
  const byHeight = height * share;
  return Math.round(Math.max(min, Math.min(max, byWidth, byHeight)));
}
