import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBanner, ErrorBannerProvider } from '@/components/ui/error-banner';
import { Toaster, ToastProvider } from '@/components/ui/toast';
import { UnlockDialogProvider } from '@/features/unlock/components/unlock-dialog';
import { createQueryClient } from '@/lib/query-client';

/** App-wide state and the global overlays of spec §2: error banner, toast area, unlock dialog. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
