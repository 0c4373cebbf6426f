import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazyComponent } from '../lib/lazyComponent';
import { ensurePortalRoot, theme } from './theme';

ensurePortalRoot();

// The notification stack and the dialog host (./Overlays) are not needed for a page's first paint:
// asked for as this module loads, they download beside the first page's code, not in the first
// download. Without suspending (lazyComponent): a notification shown meanwhile would appear late.
const Overlays = lazyComponent(() => import('./Overlays'));
Overlays.preload().catch(() => undefined);

/** Theme (following the system until the person picks one), notifications, modals and the query cache. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <Overlays />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
