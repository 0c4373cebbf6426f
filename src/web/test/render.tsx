import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createQueryClient } from '../api/queryClient';
import { Providers } from '../app/Providers';

/** Renders routes as the app does (providers, router, one query client for both) at `path`. */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  path: string,
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, { initialEntries: [path] });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(<Providers queryClient={createQueryClient()}>{ui}</Providers>);
}
