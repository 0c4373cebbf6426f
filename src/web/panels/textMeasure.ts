/**
 * Widths of text before it is drawn: legends size themselves to their names and graphs leave room
 * for their edge labels. A canvas measures in the browser; where there is none (tests, workers)
 * an average glyph width stands in.
 */

let context: CanvasRenderingContext2D | null | undefined;

function measuringContext(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  try {
    // jsdom has no canvas (and says so on the console): tests take the estimate.
    const noCanvas = typeof document === 'undefined' || /jsdom/i.test(globalThis.navigator?.userAgent ?? '');
    context = noCanvas ? null : document.createElement('canvas').getContext('2d');
  } catch {
    context = null;
  }
  return context;
}

/** Width in CSS pixels of `text` (its widest line) in a `fontSize` px system font. */
export function textWidth(text: string, fontSize = 12, fontWeight = 400): number {
  const lines = text.split('\n');
  const ctx = measuringContext();
  if (ctx) {
    ctx.font = `${fontWeight} ${fontSize}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    return Math.max(0, ...lines.map((line) => ctx.measureText(line).width));
  }
  // Proportional fonts average a little over half their size per glyph.
  return Math.max(0, ...lines.map((line) => line.length * fontSize * 0.58));
}
