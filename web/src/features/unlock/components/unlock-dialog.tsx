import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FULL_READING_PRICE } from '@/config/brand';
import './unlock-dialog.css';

const BENEFITS = [
  'Full detailed reading for all life areas',
  'Personalized future predictions',
  'PDF download of your complete reading',
] as const;

interface UnlockDialogContextValue {
  isOpen: boolean;
  openUnlock: () => void;
  closeUnlock: () => void;
}

const UnlockDialogContext = createContext<UnlockDialogContextValue | null>(null);

/** The unlock dialog starts closed and is controlled by the app (spec §4). */
export function UnlockDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const openUnlock = useCallback(() => setOpen(true), []);
  const closeUnlock = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ isOpen, openUnlock, closeUnlock }), [isOpen, openUnlock, closeUnlock]);
  return (
    <UnlockDialogContext value={value}>
      {children}
      <UnlockDialog open={isOpen} onClose={closeUnlock} />
    </UnlockDialogContext>
  );
}

export function useUnlockDialog(): UnlockDialogContextValue {
  const context = useContext(UnlockDialogContext);
  if (!context) throw new Error('useUnlockDialog must be used inside UnlockDialogProvider');
  return context;
}

export function UnlockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Unlock Your Full Reading"
      description="Go beyond the free preview with the complete Vedic reading of your palm."
      className="unlock-dialog"
    >
      <p className="unlock-dialog__price">
        <span className="unlock-dialog__amount">{FULL_READING_PRICE}</span>
        <span className="unlock-dialog__terms">one-off payment</span>
      </p>
      <ul className="unlock-dialog__benefits">
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <div className="unlock-dialog__actions">
        {/* Checkout is not built yet (spec §1): the purchase button is a placeholder. */}
        <Button size="lg">Unlock for {FULL_READING_PRICE}</Button>
        <Button variant="ghost" onClick={onClose}>
          Continue with Free Preview
        </Button>
      </div>
    </Dialog>
  );
}
