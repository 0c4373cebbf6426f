import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { PanelProps } from '../../../panels/types';
import { LivePanel, type LivePanelProps } from './LivePanel';

// The renderer says what size it was given; the drawing itself is the renderers' tests' business.
vi.mock('../../../panels/PanelRenderer', () => ({
  PanelRenderer: (props: PanelProps) => (
    <div data-testid="renderer" data-width={props.width} data-height={props.height} data-heading-level={props.headingLevel} />
  ),
}));

const CONTENT = { width: 400, height: 200 };

/** A browser's ResizeObserver: the border box is the content box plus the element's own padding. */
class PaddingAwareResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(node: HTMLElement) {
    const px = (side: string) => parseFloat(node.style.getPropertyValue(`padding-${side}`)) || 0;
    const inlineSize = CONTENT.width + px('left') + px('right');
    const blockSize = CONTENT.height + px('top') + px('bottom');
    const entry = {
      target: node,
      contentRect: { x: 0, y: 0, top: 0, left: 0, width: CONTENT.width, height: CONTENT.height, right: 0, bottom: 0 },
      borderBoxSize: [{ inlineSize, blockSize }],
      contentBoxSize: [{ inlineSize: CONTENT.width, blockSize: CONTENT.height }],
    } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

class VisibleIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(node: Element) {
    this.callback([{ isIntersecting: true, target: node } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

function props(overrides: Partial<LivePanelProps> = {}): LivePanelProps {
  return {
    panel: { id: 1, type: 'text', title: 'Notes', options: { content: '# Hi' } },
    dashboardUid: 'd1',
    scope: { variables: {}, builtins: {} },
    range: { from: 0, to: 1 },
    timeZone: 'utc',
    dataSources: [],
    annotations: [],
    variablesReady: true,
    viewing: false,
    headingLevel: 2,
    canEdit: false,
    onView: () => {},
    onChangeTimeRange: () => {},
    onCreateAnnotation: () => {},
    onApplyPanelJson: () => {},
    onInspect: () => {},
    onInspectTab: () => {},
    onShare: () => {},
    ...overrides,
  };
}

describe('LivePanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives its renderer the box inside the panel padding, so content keeps clear of the right and bottom borders', async () => {
    vi.stubGlobal('ResizeObserver', PaddingAwareResizeObserver);
    vi.stubGlobal('IntersectionObserver', VisibleIntersectionObserver);
    renderWithProviders(<LivePanel {...props()} />);
    const renderer = await screen.findByTestId('renderer');
    expect(renderer).toHaveAttribute('data-width', String(CONTENT.width));
    expect(renderer).toHaveAttribute('data-height', String(CONTENT.height));
  });

  it('tells its renderer the level of its title, so headings inside start one below', async () => {
    vi.stubGlobal('ResizeObserver', PaddingAwareResizeObserver);
    vi.stubGlobal('IntersectionObserver', VisibleIntersectionObserver);
    renderWithProviders(<LivePanel {...props({ headingLevel: 3 })} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Notes' })).toBeInTheDocument();
    expect(await screen.findByTestId('renderer')).toHaveAttribute('data-heading-level', '3');
  });

  it('adds its number among panels of the same title to the region’s name only, so landmarks stay unique', () => {
    vi.stubGlobal('ResizeObserver', PaddingAwareResizeObserver);
    vi.stubGlobal('IntersectionObserver', VisibleIntersectionObserver);
    renderWithProviders(
      <>
        <LivePanel {...props()} />
        <LivePanel {...props({ panel: { id: 2, type: 'text', title: 'Notes' }, titleNumber: 2 })} />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Notes' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notes (2)' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Notes' })).toHaveLength(2);
  });

  it('shows no title for a panel without one, and names its region by its id instead', async () => {
    vi.stubGlobal('ResizeObserver', PaddingAwareResizeObserver);
    vi.stubGlobal('IntersectionObserver', VisibleIntersectionObserver);
    renderWithProviders(<LivePanel {...props({ panel: { id: 7, type: 'text', title: '', options: { content: 'x' } } })} />);
    const region = screen.getByRole('region', { name: 'Panel 7' });
    expect(screen.queryByText(/untitled/i)).not.toBeInTheDocument();
    // Named for a screen reader, never drawn: the heading is visually hidden, the header takes no line.
    expect(within(region).getByRole('heading', { level: 2, name: 'Panel 7' }).className).toMatch(/srOnly/);
    expect(within(region).getByRole('button', { name: 'Menu for panel 7' })).toBeInTheDocument();
    // With no header line the renderer has the padded box, top included.
    expect((await screen.findByTestId('renderer')).parentElement?.parentElement).toHaveStyle({ padding: '8px' });
  });
});
