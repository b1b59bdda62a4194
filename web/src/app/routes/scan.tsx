import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { BrandMark } from '@/components/layout/brand-mark';
import { getActiveFlowQueryOptions } from '@/features/flows/api/get-active-flow';
import { QuestionWizard } from '@/features/scan/components/question-wizard';
import { describeError, isNotFound } from '@/lib/api-client';
import './scan.css';

export default function ScanRoute() {
  const flowQuery = useQuery(getActiveFlowQueryOptions());
  const { showError } = useErrorBanner();

  useEffect(() => {
    // A missing flow is an expected state; anything else also deserves the server's explanation.
    if (flowQuery.isError && !isNotFound(flowQuery.error)) {
      showError(describeError(flowQuery.error, 'We could not load the questions.'));
    }
  }, [flowQuery.isError, flowQuery.error, showError]);

  useEffect(() => {
    document.title = 'Begin Your Reading — Hastrekha';
  }, []);

  let body;
  if (flowQuery.isPending) {
    body = <Spinner label="Loading questions..." />;
  } else if (flowQuery.isError || flowQuery.data.questions.length === 0) {
    body = (
      <Card className="wizard wizard--message" role="alert">
        <p>No active flow found. Please contact support.</p>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </Card>
    );
  } else {
    body = <QuestionWizard flow={flowQuery.data} />;
  }

  return (
    <div className="scan-page">
      <header className="page-header">
        <div className="container page-header__inner">
          <Link to="/" className="scan-header__back">
            <span aria-hidden="true">←</span> Back
          </Link>
          <span className="scan-header__brand" aria-hidden="true">
            <BrandMark size={32} />
          </span>
        </div>
      </header>
      <main id="main" className="container scan-main">
        <div className="scan-intro">
          <span className="eyebrow devanagari" lang="sa">
            हस्त सामुद्रिक
          </span>
          <h1>Begin Your Reading</h1>
          <p>Answer a few short questions, then share a photo of your palm.</p>
        </div>
        {body}
      </main>
    </div>
  );
}
