import { useCallback, useEffect, useState } from 'react';

/**
 * The height that takes an element from where it starts on the page to the bottom of the window,
 * less `bottomPx`: a panel viewed alone fills the screen below the header, whatever the header's
 * height. Measured again when the window resizes.
 */
export function useViewportFill(bottomPx: number) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(0, Math.floor(window.innerHeight - top - bottomPx)));
    };
    measure();
    // The header above may change height (variables loading, a wrapped line): measure then too.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element, bottomPx]);
  // A callback for the element's `ref`: the measuring starts once the element is there.
  const measureElement = useCallback((node: HTMLElement | null) => setElement(node), []);
  return [measureElement, height] as const;
}
