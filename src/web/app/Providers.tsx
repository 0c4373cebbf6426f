import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ensurePortalRoot, theme } from './theme';

ensurePortalRoot();

// The notification stack and the dialog host (./Overlays) are not needed for a page's first paint:
// asked for as this module loads, they download beside the first page's code, not in the first
// download. No Suspense: React holds back revealing a suspended tree for a moment, and a
// notification shown meanwhile would appear late.
let LoadedOverlays: ComponentType | undefined;
const overlays = import('./Overlays').then((module) => (LoadedOverlays = module.default));

function Overlays() {
  const [Loaded, setLoaded] = useState(() => LoadedOverlays);
  useEffect(() => {
    if (Loaded) return;
    let mounted = true;
    void overlays.then((component) => mounted && setLoaded(() => component));
    return () => {
      mounted = false;
    };
  }, [Loaded]);
  return Loaded ? <Loaded /> : null;
}

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
