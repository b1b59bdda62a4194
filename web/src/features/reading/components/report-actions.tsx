import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { describeError } from '@/lib/api-client';
import {
  emailReading,
  getReadingSharingQueryOptions,
  readingPdfUrl,
  reportShareUrl,
  updateReadingSharing,
} from '../api/report-sharing';
import './report-actions.css';

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
 * Keep and share a reading: Download PDF, Share, Email me this reading, and (for its owner) Stop
 * sharing. In a free preview the PDF is part of the unlock, so its button offers that instead.
 */
export function ReportActions({ readingId, onLockedPdf }: { readingId: string; onLockedPdf?: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const sharingQuery = useQuery(getReadingSharingQueryOptions(readingId));
  const sharing = sharingQuery.data;
  const [emailOpen, setEmailOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailId = useId();

  const sharingMutation = useMutation({
    mutationFn: (update: { shared: boolean; includePhoto?: boolean }) =>
      updateReadingSharing(readingId, update),
    onSuccess: (updated) => {
      queryClient.setQueryData(getReadingSharingQueryOptions(readingId).queryKey, updated);
      toast({
        title: updated.shared ? 'Sharing is on' : 'Sharing stopped',
        description: updated.shared
          ? 'Anyone with the link can open this reading.'
          : 'The link now opens only in this browser.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      }),
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
      toast({ title: 'Link copied', description: 'Paste it anywhere to share your reading.' });
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
          <Button variant="secondary" size="sm" onClick={onLockedPdf}>
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
          disabled={sharing?.shared === false}
        >
          Share
        </Button>
        {sharing?.emailAvailable ? (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={emailOpen}
            aria-controls={`${emailId}-form`}
            onClick={() => setEmailOpen((open) => !open)}
          >
            Email me this reading
          </Button>
        ) : null}
        {sharing?.owner ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={sharingMutation.isPending}
            onClick={() => sharingMutation.mutate({ shared: !sharing.shared })}
          >
            {sharing.shared ? 'Stop sharing' : 'Share again'}
          </Button>
        ) : null}
      </div>
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
