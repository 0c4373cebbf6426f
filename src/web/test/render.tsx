import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createQueryClient } from '../api/queryClient';
import { Providers } from '../app/Providers';

/** Renders routes as the app does (providers, router) at `path`. */
export function renderRoutes(routes: RouteObject[], path: string): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(<Providers queryClient={createQueryClient()}>{ui}</Providers>);
}
