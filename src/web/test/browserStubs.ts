import { afterEach, beforeEach, vi } from 'vitest';

/** jsdom has no IntersectionObserver: with this one, panels that never come into view simply wait. */
export function stubIntersectionObserver() {
  globalThis.IntersectionObserver ??= class {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
}

/**
 * For the file that calls it: every observed element is on screen and `width` × `height` (jsdom
 * neither lays out nor scrolls), so panels and previews draw and ask for their data at once.
 */
export function stubVisibleSizedElements(width: number, height: number) {
  class SizedResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      const size = [{ inlineSize: width, blockSize: height }];
      const rect = { x: 0, y: 0, top: 0, left: 0, width, height, right: 0, bottom: 0 };
      this.callback(
        [{ target, contentRect: rect, borderBoxSize: size, contentBoxSize: size } as unknown as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      );
    }
    unobserve() {}
    disconnect() {}
  }
  class VisibleIntersectionObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', SizedResizeObserver);
    vi.stubGlobal('IntersectionObserver', VisibleIntersectionObserver);
  });
  afterEach(() => vi.unstubAllGlobals());
}
