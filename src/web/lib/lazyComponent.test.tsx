import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazyComponent';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module load the test settles by hand. */
function deferredModule() {
  let settle!: { resolve(): void; reject(error: Error): void };
  let loads = 0;
  const load = () => {
    loads++;
    return new Promise<{ default: typeof Greeting }>((resolve, reject) => {
      settle = { resolve: () => resolve({ default: Greeting }), reject };
    });
  };
  return { load, settle: () => settle, loads: () => loads };
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('lazyComponent', () => {
  it('shows the fallback while the module loads, then the component with its props', async () => {
    const module = deferredModule();
    const Lazy = lazyComponent(module.load, <p>Loading…</p>);
    render(<Lazy name="Ada" />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    module.settle().resolve();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('renders a preloaded module in its first render, without a fallback, and loads it once', async () => {
    const module = deferredModule();
    const Lazy = lazyComponent(module.load, <p>Loading…</p>);
    const preloaded = Lazy.preload();
    module.settle().resolve();
    await preloaded;
    render(<Lazy name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    render(<Lazy name="Linus" />);
    expect(screen.getByText('Hello Linus')).toBeInTheDocument();
    expect(module.loads()).toBe(1);
  });

  it('throws a failed load to the nearest error boundary, and loads again on the next mount', async () => {
    // React reports an error its boundary caught; the test expects that one.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const module = deferredModule();
    const Lazy = lazyComponent(module.load);
    const first = render(
      <Boundary>
        <Lazy name="Ada" />
      </Boundary>,
    );
    module.settle().reject(new Error('chunk failed to load'));
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk failed to load');
    reported.mockRestore();
    first.unmount();
    render(<Lazy name="Ada" />);
    expect(module.loads()).toBe(2);
    module.settle().resolve();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });
});
