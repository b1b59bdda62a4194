import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBanner, ErrorBannerProvider } from '@/components/ui/error-banner';
import { Toaster, ToastProvider } from '@/components/ui/toast';
import { UnlockDialogProvider } from '@/features/unlock/components/unlock-dialog';

/**
 * App-wide state and the global overlays of spec §2: error banner, toast area, unlock dialog. The
 * query cache comes from whoever renders the app, so a server render and the browser that hydrates
 * it can start from the same data.
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBannerProvider>
        <ToastProvider>
          <UnlockDialogProvider>
            <ErrorBanner />
            {children}
            <Toaster />
          </UnlockDialogProvider>
        </ToastProvider>
      </ErrorBannerProvider>
    </QueryClientProvider>
  );
}
