import type { ReadingView } from '@palm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { BrandLockup } from '@/components/layout/brand-lockup';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getReadingQueryOptions, isReadingPending } from '@/features/reading/api/get-reading';
import { ReadingReport } from '@/features/reading/components/reading-report';
import {
  ReadingFailed,
  ReadingInProgress,
  ReadingNotFound,
} from '@/features/reading/components/reading-states';
import { useUnlockDialog } from '@/features/unlock/components/unlock-dialog';
import { UnlockOfferCard } from '@/features/unlock/components/unlock-offer';
import './report.css';

function ReportBody({ id }: { id: string }) {
  const readingQuery = useQuery(getReadingQueryOptions(id));
  // The report is a large tree: rendered as a transition, React builds it in slices between which
  // the browser stays responsive, instead of one long task once the reading arrives.
  const view = useDeferredValue(readingQuery.data);
  if (readingQuery.isError) return <ReadingNotFound />;
  if (!view) return <Spinner label="Loading your reading..." />;
  if (isReadingPending(view.status)) return <ReadingInProgress />;
  if (view.status === 'failed') return <ReadingFailed message={view.error} />;
  return <SoldReport view={view} recheck={() => void readingQuery.refetch()} />;
}

/** The report with what it sells: only a preview the server offers to unlock mentions unlocking. */
function SoldReport({ view, recheck }: { view: ReadingView; recheck: () => void }) {
  const { openUnlock } = useUnlockDialog();
  const offer = view.unlock ? { readingId: view.id, price: view.unlock } : null;
  return (
    <ReadingReport
      view={view}
      onLockedPdf={offer ? () => openUnlock(offer) : undefined}
      asideExtra={<UnlockOfferCard offer={offer} recheck={recheck} />}
      actionsExtra={
        offer ? (
          <Button variant="primary" onClick={() => openUnlock(offer)}>
            Unlock Full Reading
          </Button>
        ) : null
      }
    />
  );
}

export default function ReportRoute() {
  const { id = '' } = useParams();

  useEffect(() => {
    document.title = 'Your Palm Reading — Hastrekha';
  }, []);

  return (
    <div className="report-page">
      <header className="page-header">
        <div className="container page-header__inner">
          <BrandLockup withTagline={false} />
          <ButtonLink to="/" variant="secondary" size="sm">
            New Reading
          </ButtonLink>
        </div>
      </header>
      <main id="main" className="container report-main">
        {id ? <ReportBody id={id} /> : <ReadingNotFound />}
      </main>
      <footer className="report-footer container">
        <p>
          Readings are for entertainment and self-reflection. <Link to="/privacy-policy">Privacy</Link> ·{' '}
          <Link to="/terms-conditions">Terms</Link> · <Link to="/contact">Contact</Link>
        </p>
      </footer>
    </div>
  );
}
