import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export type LazyComponent<P> = ComponentType<P & { fallback?: ReactNode }> & {
  /**
   * Fetches the code now (after the first paint, when idle), so the component shows at once when first rendered.
   * Settles when the code is here or failed to come: a failure is tried again when the component renders.
   */
  preload(): Promise<void>;
};

/**
 * A component whose code loads when it first renders (or is preloaded), not with the first screen. Once its code is
 * here it renders at once: React.lazy alone suspends on its first render even then, and React holds a boundary's
 * content back for up to 300 ms after its fallback showed, so a preloaded dialog would still open late. While the
 * code loads, `fallback` shows (nothing by default). Should the code never come, `failed` renders with the same props
 * where given (a plain version that still says what the part does); otherwise the error reaches the error boundary.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, failed?: ComponentType<P>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  // One fetch at a time; a failed one is forgotten, so a later render or preload tries again.
  const fetchCode = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() =>
    fetchCode().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        if (failed) return { default: failed };
        throw error;
      },
    ),
  );
  function Component({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    // Chosen once per mount: the element's type then never changes under it.
    const [Ready] = useState(() => loaded);
    const Shown = Ready ?? Lazy;
    return (
      <Suspense fallback={fallback}>
        <Shown {...(props as P)} />
      </Suspense>
    );
  }
  Component.preload = () => fetchCode().then(
    () => undefined,
    () => undefined,
  );
  return Component;
}
