import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { BrandLockup } from '@/components/layout/brand-lockup';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getReadingQueryOptions, isReadingPending } from '@/features/reading/api/get-reading';
import { ReadingReport } from '@/features/reading/components/reading-report';
import {
  ReadingFailed,
  ReadingInProgress,
  ReadingNotFound,
} from '@/features/reading/components/reading-states';
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
  return <ReadingReport view={view} />;
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
