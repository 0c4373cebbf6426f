import { useSyncExternalStore } from 'react';
import { deleteAnnotation } from './api';

/**
 * Deletes that wait a few seconds for an Undo. They live outside any component, so leaving the
 * page does not cancel them; an annotation waiting here is hidden from the page meanwhile.
 */
export const UNDO_MS = 6000;

const timers = new Map<number, ReturnType<typeof setTimeout>>();
/** Deleted for good: stays hidden even before the list is fetched again. */
const deleted = new Set<number>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<number> = new Set();

function changed() {
  snapshot = new Set([...timers.keys(), ...deleted]);
  for (const listener of listeners) listener();
}

/** Schedules the delete; `done` runs after the server answered (with the error, if any). */
export function scheduleDelete(id: number, done: (error?: unknown) => void): void {
  cancelDelete(id);
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      deleted.add(id);
      deleteAnnotation(id).then(
        () => done(),
        (error: unknown) => {
          deleted.delete(id);
          changed();
          done(error);
        },
      );
    }, UNDO_MS),
  );
  changed();
}

/** Undo: the annotation stays. False when it is too late. */
export function cancelDelete(id: number): boolean {
  const timer = timers.get(id);
  if (timer === undefined) return false;
  clearTimeout(timer);
  timers.delete(id);
  changed();
  return true;
}

export function usePendingDeletes(): ReadonlySet<number> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}
