import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

function Dashboard({ name }: { name: string }) {
  return <p>{name}'s dashboard</p>;
}

/** A module loader the test resolves by hand, counting its calls. */
function manualModule() {
  let resolve: (module: { default: typeof Dashboard }) => void = () => {};
  const loader = {
    calls: 0,
    load: () => {
      loader.calls += 1;
      return new Promise<{ default: typeof Dashboard }>((done) => {
        resolve = done;
      });
    },
    arrive: () => resolve({ default: Dashboard }),
  };
  return loader;
}

describe('lazyWithPreload (issue 42)', () => {
  it('renders a preloaded page in the first render, its fallback never shown', async () => {
    const module = manualModule();
    const Page = lazyWithPreload(module.load);
    const preloaded = Page.preload();
    module.arrive();
    await preloaded;
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText("Ada's dashboard")).toBeTruthy();
    expect(screen.queryByText('Loading page')).toBeNull();
    expect(module.calls).toBe(1);
  });

  it('without a preload, shows the fallback until the module arrives, as lazy() does', async () => {
    const module = manualModule();
    const Page = lazyWithPreload(module.load);
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading page')).toBeTruthy();
    await act(async () => module.arrive());
    expect(await screen.findByText("Ada's dashboard")).toBeTruthy();
  });

  it('asks again after a failed preload', async () => {
    let calls = 0;
    const Page = lazyWithPreload(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject<{ default: typeof Dashboard }>(new Error('chunk failed'))
        : Promise.resolve({ default: Dashboard });
    });
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await Page.preload();
    render(<Page name="Ada" />);
    expect(screen.getByText("Ada's dashboard")).toBeTruthy();
  });
});
