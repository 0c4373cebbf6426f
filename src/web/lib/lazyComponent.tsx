import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** A component whose code loads on first use; `preload` starts that load earlier. */
export interface LazyComponent<P> {
  (props: P): ReactNode;
  /** Loads the module (once; again after a failure) and resolves when the component can render. */
  preload(): Promise<void>;
}

/**
 * A component whose module loads on first use, like `React.lazy`, drawing `fallback` meanwhile,
 * but without suspending. React reveals content that suspended no sooner than 300 ms after the last
 * Suspense fallback appeared anywhere on the page (its FALLBACK_THROTTLE_MS), and `React.lazy`
 * suspends on every first render, even of a module that was preloaded: panels, query editors and
 * the panel editor waited for that timer with their code already there. Here a module that is
 * there renders at once, one still loading shows `fallback` and renders as soon as it arrives, and
 * a failed load is thrown to the nearest error boundary, as `React.lazy` does.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function Lazy(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      if (Loaded) return;
      let mounted = true;
      preload().then(
        () => mounted && setLoaded(() => loaded),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [Loaded]);
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : fallback;
  }
  return Object.assign(Lazy, { preload });
}
