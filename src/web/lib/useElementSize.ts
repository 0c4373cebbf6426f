import { useCallback, useEffect, useRef, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

const NONE: ElementSize = { width: 0, height: 0 };

/**
 * An element's border-box size, as Mantine's `useElementSize`, but known in the render that mounts
 * it: the first size is read as the element is attached (the layout the browser does before its
 * first paint anyway), where Mantine's waits for a ResizeObserver callback and then an animation
 * frame. Panels and Explore size their queries by it, so their requests go out a frame or more
 * sooner, not after whatever long task runs first. Later changes come through a ResizeObserver,
 * applied in the next animation frame (a size set inside the observer's callback can make it
 * report again in the same frame, which browsers refuse as a loop).
 */
export function useElementSize<T extends HTMLElement = HTMLDivElement>(): ElementSize & { ref: (node: T | null) => void } {
  const [size, setSize] = useState<ElementSize>(NONE);
  const observer = useRef<ResizeObserver | null>(null);
  const frame = useRef(0);
  const update = useCallback(
    (width: number, height: number) =>
      setSize((current) => (current.width === width && current.height === height ? current : { width, height })),
    [],
  );
  const ref = useCallback(
    (node: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      cancelAnimationFrame(frame.current);
      if (!node) return;
      const box = node.getBoundingClientRect();
      update(box.width, box.height);
      observer.current = new ResizeObserver((entries) => {
        const entry = entries[0];
        if (!entry) return;
        const border = entry.borderBoxSize?.[0];
        const width = border ? border.inlineSize : entry.contentRect.width;
        const height = border ? border.blockSize : entry.contentRect.height;
        cancelAnimationFrame(frame.current);
        frame.current = requestAnimationFrame(() => update(width, height));
      });
      observer.current.observe(node);
    },
    [update],
  );
  useEffect(
    () => () => {
      observer.current?.disconnect();
      cancelAnimationFrame(frame.current);
    },
    [],
  );
  return { ref, ...size };
}
