import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { AppProvider } from './provider';

/**
 * The whole app on a router: the browser's in main.tsx, an in-memory one where the build prerenders
 * a page (prerender.server.tsx). Both render this same tree, so the prerendered markup hydrates.
 */
export function App({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
}
