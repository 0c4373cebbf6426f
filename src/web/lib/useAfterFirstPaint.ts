import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true from the task after the browser has painted it: a part that
 * costs more to draw than the rest of the screen can wait, so what a person looks at first shows
 * first. (An effect alone can run before the paint, after a click or a key.) The change is a
 * transition: React draws that part in slices and lets more urgent updates (a lazily loaded editor
 * arriving, a key pressed) go first.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: number | undefined;
    // The animation frame's callbacks run before its paint; a task queued from one runs after it.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
