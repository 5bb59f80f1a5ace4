import { lazy, Suspense, type ComponentType } from 'react';

export type LazyPart<P> = ComponentType<P> & {
  /** Fetches the part's code now (when the page is idle, say), so that it shows at once when first needed. */
  preload(): void;
};

/**
 * A component whose code loads when it first renders, not with the first screen, which then has less to fetch and
 * evaluate before it draws. It shows nothing while its code loads. Should the code never come (offline before the
 * service worker kept it, a release that replaced it), `Fallback` renders with the same props instead: a plain
 * version that still says and does what the part does, rather than an error.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, Fallback: ComponentType<P>): LazyPart<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component }), () => ({ default: Fallback })));
  function Part(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Part.preload = () => void load().catch(() => undefined);
  return Part;
}
