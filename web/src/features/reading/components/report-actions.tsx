import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useHydrated } from '@/hooks/use-hydrated';
import { describeError } from '@/lib/api-client';
import { readingQueryKey } from '../api/reading-query-keys';
import {
  deleteReading,
  emailReading,
  getReadingSharingQueryOptions,
  readingPdfUrl,
  reportShareUrl,
  updateReadingSharing,
} from '../api/report-sharing';
import './report-actions.css';

// Only an owner who presses Delete needs the dialog: its code stays off the report's first paint.
const ConfirmDialog = lazy(() =>
  import('@/components/ui/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Phones share through the system sheet; elsewhere the link is copied. */
function prefersShareSheet(): boolean {
  return typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  throw new Error('clipboard unavailable');
}

/**
 * Keep and share a reading: Download PDF and Share for everyone who can see it; for its owner also
 * Email me this reading, Stop sharing and Delete this reading. A reading is private until its
 * owner presses Share. In a free preview the PDF is part of the unlock, so its button offers that instead.
 */
export function ReportActions({ readingId, onLockedPdf }: { readingId: string; onLockedPdf?: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const sharingQuery = useQuery(getReadingSharingQueryOptions(readingId));
  const sharing = sharingQuery.data;
  const hydrated = useHydrated();
  const [emailOpen, setEmailOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailId = useId();

  const sharingMutation = useMutation({
    mutationFn: (update: { shared: boolean; includePhoto?: boolean }) =>
      updateReadingSharing(readingId, update),
    onSuccess: (updated) => {
      queryClient.setQueryData(getReadingSharingQueryOptions(readingId).queryKey, updated);
      if (!updated.shared)
        toast({ title: 'Sharing stopped', description: 'The link now opens only in this browser.' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  const navigate = useNavigate();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteMutation = useMutation({
    mutationFn: () => deleteReading(readingId),
    onSuccess: () => {
      setConfirmingDelete(false);
      toast({
        title: 'Reading deleted',
        description: 'Your palm photo, this reading and every copy of it are gone.',
      });
      void navigate('/', { replace: true });
      // Nothing of it stays in this browser's memory either.
      queryClient.removeQueries({ queryKey: readingQueryKey(readingId) });
    },
    onError: (error) => {
      setConfirmingDelete(false);
      toast({
        title: 'Error',
        description: describeError(error, 'The reading could not be deleted. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const emailMutation = useMutation({
    mutationFn: (address: string) => emailReading(readingId, address),
    onSuccess: () => {
      setEmailOpen(false);
      toast({ title: 'Email on its way', description: `We are sending your reading to ${email.trim()}.` });
      setEmail('');
    },
    onError: (error) => setEmailError(describeError(error, 'We could not send the email. Please try again.')),
  });

  async function share() {
    if (sharing?.owner && !sharing.shared) {
      // Sharing is the owner's choice: the link opens for others only from this press on.
      try {
        await sharingMutation.mutateAsync({ shared: true });
      } catch {
        return;
      }
    }
    const url = reportShareUrl(readingId);
    if (prefersShareSheet()) {
      try {
        await navigator.share({ title: 'My palm reading', url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await copyText(url);
      toast({
        title: 'Link copied',
        description: sharing?.owner
          ? 'Anyone with the link can now open the palm reading, without your answers.'
          : 'Paste it anywhere to share this reading.',
      });
    } catch {
      toast({ title: 'Copy this link to share', description: url, duration: 10_000 });
    }
  }

  function submitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setEmailError('Please enter a valid email address, like name@example.com.');
      return;
    }
    setEmailError(null);
    emailMutation.mutate(address);
  }

  return (
    <section className="report-actions" aria-label="Keep and share this reading">
      <div className="report-actions__buttons">
        {onLockedPdf ? (
          <Button variant="secondary" size="sm" onClick={onLockedPdf} disabled={!hydrated}>
            Download PDF
          </Button>
        ) : (
          <a className="btn btn--secondary btn--sm" href={readingPdfUrl(readingId)} download>
            Download PDF
          </a>
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void share()}
          disabled={!hydrated || sharingMutation.isPending}
        >
          Share
        </Button>
        {sharing?.emailAvailable && sharing.owner ? (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={emailOpen}
            aria-controls={`${emailId}-form`}
            disabled={!hydrated}
            onClick={() => setEmailOpen((open) => !open)}
          >
            Email me this reading
          </Button>
        ) : null}
        {sharing?.owner && sharing.shared ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={!hydrated || sharingMutation.isPending}
            onClick={() => sharingMutation.mutate({ shared: false })}
          >
            Stop sharing
          </Button>
        ) : null}
        {sharing?.owner ? (
          <Button variant="ghost" size="sm" disabled={!hydrated} onClick={() => setConfirmingDelete(true)}>
            Delete this reading
          </Button>
        ) : null}
      </div>
      {confirmingDelete ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="Delete this reading?"
            description="Your palm photo, the reading, your answers and every PDF or link of it are removed at once. This cannot be undone."
            confirmLabel="Delete reading"
            pending={deleteMutation.isPending}
            onConfirm={() => deleteMutation.mutate()}
            onCancel={() => setConfirmingDelete(false)}
          />
        </Suspense>
      ) : null}
      {sharing?.owner ? (
        <p className="report-actions__hint">
          {sharing.shared
            ? 'Anyone with the link can open the palm reading; your answers and your own words stay with you.'
            : 'Only this browser can open this reading. Share opens the palm reading, without your answers, to anyone with the link.'}
        </p>
      ) : null}
      {sharing?.owner && sharing.shared ? (
        <label className="report-actions__photo">
          <input
            type="checkbox"
            checked={sharing.includePhoto}
            disabled={sharingMutation.isPending}
            onChange={(event) => sharingMutation.mutate({ shared: true, includePhoto: event.target.checked })}
          />
          Show my palm photo on the link preview (otherwise a drawn hand)
        </label>
      ) : null}
      {emailOpen ? (
        <form id={`${emailId}-form`} className="report-actions__email" onSubmit={submitEmail} noValidate>
          <label htmlFor={emailId}>Your email address</label>
          <div className="report-actions__email-row">
            <input
              id={emailId}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${emailId}-error` : `${emailId}-hint`}
            />
            <Button type="submit" size="sm" disabled={emailMutation.isPending}>
              {emailMutation.isPending ? 'Sending…' : 'Send'}
            </Button>
          </div>
          {emailError ? (
            <p id={`${emailId}-error`} className="report-actions__error" role="alert">
              {emailError}
            </p>
          ) : (
            <p id={`${emailId}-hint`} className="report-actions__hint">
              {onLockedPdf
                ? 'We send the free preview once and keep the address only with that delivery record.'
                : 'We send the reading with its PDF once and keep the address only with that delivery record.'}
            </p>
          )}
        </form>
      ) : null}
    </section>
  );
}
