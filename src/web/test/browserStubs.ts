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
