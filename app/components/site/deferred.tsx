import {
  createContext,
  memo,
  Suspense,
  use,
  useSyncExternalStore,
  type ComponentType,
} from "react";

/**
 * The deferred parts by name, for the server: entry.server.tsx provides them, so they are
 * in the server's bundle and never in the browser's (nothing the browser loads imports
 * them statically).
 */
export const DeferredPartsContext = createContext<Readonly<
  Record<string, ComponentType<never>>
> | null>(null);

/** Never settles: a boundary waiting on it keeps the server's HTML as it is. */
const NEVER: Promise<never> = new Promise(() => {});
const subscribe = () => () => {};

/**
 * A part of a page that the browser does not hydrate: static content (text, links, native
 * <details>, call links) below the fold. The server renders it like any component. In
 * the browser, its Suspense boundary waits, during hydration, on a promise that never
 * settles, so React leaves the server's HTML in place and the page loads, runs and
 * hydrates none of its code. The code is loaded only if React has to render the part
 * itself: when a client-side navigation shows the page.
 *
 * Rules for what goes inside: no event handlers (they would never be attached on the
 * first load), everything from props or stable contexts (a changed prop or context value
 * makes React render the part on the client), and the same output for the same props.
 * Links inside work as plain links on the first load (a full page load).
 *
 * `preload()` starts loading the code: a route's clientLoader calls it so that a client-side
 * navigation shows the page whole rather than this part a moment later.
 */
export function deferred<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // Offline for a moment: the next render tries again.
        throw error;
      },
    ));

  function Content(props: Props) {
    const onServer = use(DeferredPartsContext)?.[name] as ComponentType<Props> | undefined;
    // True while React hydrates (also a later attempt at this boundary), false when it
    // renders on the client; hydration sees the server's snapshot.
    const hydrating = useSyncExternalStore(
      subscribe,
      () => false,
      () => true,
    );
    let Component = onServer ?? loaded;
    if (!Component) {
      if (hydrating) use(NEVER);
      Component = use(preload());
    }
    return <Component {...props} />;
  }

  // The props are the page's data: equal content must not count as a change.
  const Deferred = memo(
    function Deferred(props: Props) {
      return (
        <Suspense fallback={null}>
          <Content {...props} />
        </Suspense>
      );
    },
    (before, after) => JSON.stringify(before) === JSON.stringify(after),
  );
  return Object.assign(Deferred, { preload });
}
