import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { adminSession, describeError } from '@/lib/api-client';
import { getAdminStatusQueryOptions } from '../api/admin-auth.api';
import { CodeForm } from './code-form';
import { SetupStep } from './setup-step';

/** /admin/auth: setup (when needed and the setup link was opened), the code test, or the code form. */
export function AdminSignIn() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const setupToken = searchParams.get('setup');
  const statusQuery = useQuery(getAdminStatusQueryOptions());
  const [testingCode, setTestingCode] = useState(false);

  const onSignedIn = (sessionId: string) => {
    adminSession.set(sessionId);
    void navigate('/admin', { replace: true });
  };

  if (statusQuery.isPending) return <Spinner label="Checking sign-in..." />;
  if (statusQuery.isError) {
    return (
      <Alert title="Sign-in is unavailable">
        {describeError(statusQuery.error, 'The sign-in service could not be reached. Please try again.')}
      </Alert>
    );
  }
  if (statusQuery.data.authenticated) return <Navigate to="/admin" replace />;

  const { needsSetup } = statusQuery.data;
  if (needsSetup && setupToken && !testingCode) {
    return (
      <Card className="admin-auth__card admin-auth__card--wide">
        <p className="eyebrow">Step 1 of 2</p>
        <h1>Set up your authenticator</h1>
        <SetupStep setupToken={setupToken} onContinue={() => setTestingCode(true)} />
      </Card>
    );
  }
  if (needsSetup && !setupToken) {
    return (
      <Card className="admin-auth__card">
        <h1>Sign-in is not set up yet</h1>
        <p>
          Open the setup link printed in the server log at start-up (it ends in{' '}
          <code>/admin/auth?setup=…</code>) to connect your authenticator app.
        </p>
      </Card>
    );
  }

  return (
    <Card className="admin-auth__card">
      {needsSetup ? <p className="eyebrow">Step 2 of 2</p> : null}
      <h1>{needsSetup ? 'Test your code' : 'Operator sign-in'}</h1>
      <p className="admin-auth__lead">
        {needsSetup
          ? 'Enter the code your authenticator app shows now to finish the setup and sign in.'
          : 'Enter the code from your authenticator app.'}
      </p>
      <CodeForm submitLabel={needsSetup ? 'Verify and sign in' : 'Sign In'} onSignedIn={onSignedIn} />
    </Card>
  );
}
