import { type ComponentType, lazy } from 'react';

type ModuleLoader<P> = () => Promise<{ default: ComponentType<P> }>;

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Loads the module now; once it has, the component renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` whose module can be loaded before its first render. issue 42: a lazy component
 * suspends on its first render even when its chunk already arrived, and React holds the reveal of
 * a suspended boundary until 300 ms after its fallback showed (its fallback throttle), so the
 * signed-in first screen (layout, then dashboard) waited that long with its code in hand. Loaded
 * ahead (`preload()`), it renders at once; not loaded, it suspends as `lazy()` does.
 */
export function lazyWithPreload<P extends object>(load: ModuleLoader<P>): PreloadableComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        loading = null; // the next render or preload asks again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => {
    const module = await load();
    Loaded ??= module.default;
    return module;
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module load, as lazy() is
  function Preloadable(props: P) {
    const Component = Loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
