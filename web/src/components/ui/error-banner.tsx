import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import './error-banner.css';

interface ErrorBannerContextValue {
  message: string | null;
  showError: (message: string) => void;
  clearError: () => void;
}

const ErrorBannerContext = createContext<ErrorBannerContextValue | null>(null);

export function ErrorBannerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const showError = useCallback((next: string) => setMessage(next), []);
  const clearError = useCallback(() => setMessage(null), []);
  const value = useMemo(() => ({ message, showError, clearError }), [message, showError, clearError]);
  return <ErrorBannerContext value={value}>{children}</ErrorBannerContext>;
}

export function useErrorBanner(): ErrorBannerContextValue {
  const context = useContext(ErrorBannerContext);
  if (!context) throw new Error('useErrorBanner must be used inside ErrorBannerProvider');
  return context;
}

/** The top banner (spec §2 global overlays): shown while a message is set, gone once closed. */
export function ErrorBanner() {
  const { message, clearError } = useErrorBanner();
  if (!message) return null;
  return (
    <div className="error-banner" role="alert">
      <p className="error-banner__message">{message}</p>
      <button type="button" className="error-banner__close" aria-label="Dismiss error" onClick={clearError}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
