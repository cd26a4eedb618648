import { lazy, type ComponentType } from 'react';

/** The component a module exports under `K`. */
type Exported<M, K extends keyof M> = M[K] extends ComponentType<infer P> ? ComponentType<P> : never;

/**
 * React.lazy over a named export of a module loaded on demand: `lazyNamed(() => import('./x'), 'X')`.
 * `loaded` (optional) hands over the module when it is already in (a chunk its caller asked for itself, ahead of
 * the render): React then reads the component without suspending, so the render commits the page itself instead of
 * its Suspense fallback first (a thenable that calls back at once).
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K, loaded?: () => M | undefined) {
  type Module = { default: Exported<M, K> };
  return lazy((): Promise<Module> => {
    const ready = loaded?.();
    if (!ready) return load().then((m) => ({ default: m[name] as Exported<M, K> }));
    const now = { then: (resolve: (m: Module) => void) => resolve({ default: ready[name] as Exported<M, K> }) };
    return now as unknown as Promise<Module>;
  });
}
