import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/** Renders a screen inside the app's providers and a memory router; extra routes record navigation. */
export function renderWithApp(
  element: ReactElement,
  {
    path = '/',
    initialEntry = path,
    extraRoutes = [],
  }: { path?: string; initialEntry?: string; extraRoutes?: { path: string; element: ReactElement }[] } = {},
): RenderResult {
  const router = createMemoryRouter([{ path, element }, ...extraRoutes], { initialEntries: [initialEntry] });
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}
