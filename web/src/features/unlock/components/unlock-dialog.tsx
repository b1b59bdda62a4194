import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

/** What the dialog sells: one reading, at the price the server offers it for. */
export interface UnlockOffer {
  readingId: string;
  price: { amount: number; currency: string };
}

interface UnlockDialogContextValue {
  isOpen: boolean;
  openUnlock: (offer: UnlockOffer) => void;
  closeUnlock: () => void;
}

// The dialog's code (checkout, its styles) loads when a visitor first opens it, not with every page.
const UnlockDialog = lazy(() => import('./unlock-dialog-panel'));

const UnlockDialogContext = createContext<UnlockDialogContextValue | null>(null);

/**
 * The unlock dialog starts closed and is controlled by the app (spec §4). It is opened only for a
 * reading the server offers to unlock, i.e. when payments are configured.
 */
export function UnlockDialogProvider({ children }: { children: ReactNode }) {
  const [offer, setOffer] = useState<UnlockOffer | null>(null);
  const openUnlock = useCallback((next: UnlockOffer) => setOffer(next), []);
  const closeUnlock = useCallback(() => setOffer(null), []);
  const value = useMemo(
    () => ({ isOpen: offer !== null, openUnlock, closeUnlock }),
    [offer, openUnlock, closeUnlock],
  );
  return (
    <UnlockDialogContext value={value}>
      {children}
      {offer ? (
        <Suspense fallback={null}>
          <UnlockDialog offer={offer} onClose={closeUnlock} />
        </Suspense>
      ) : null}
    </UnlockDialogContext>
  );
}

export function useUnlockDialog(): UnlockDialogContextValue {
  const context = useContext(UnlockDialogContext);
  if (!context) throw new Error('useUnlockDialog must be used inside UnlockDialogProvider');
  return context;
}
