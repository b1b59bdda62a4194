import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { describeError } from '@/lib/api-client';
import { getAdminSetupQueryOptions } from '../api/admin-auth.api';

export const SETUP_FAILED = 'Failed to initiate setup';
export const BACKUP_CODES_FILE_NAME = 'palm-admin-backup-codes.txt';

function useCopy() {
  const { toast } = useToast();
  return (text: string, what: string) => {
    navigator.clipboard.writeText(text).then(
      () => toast({ title: `${what} copied` }),
      () => toast({ title: `Could not copy the ${what.toLowerCase()}`, variant: 'destructive' }),
    );
  };
}

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * First-time setup (spec §4): the QR code and secret for the authenticator app, the single-use
 * backup codes to keep, and the environment lines the deployment needs; then the code test.
 */
export function SetupStep({ setupToken, onContinue }: { setupToken: string; onContinue: () => void }) {
  const setupQuery = useQuery(getAdminSetupQueryOptions(setupToken));
  const copy = useCopy();
  const [savedCodes, setSavedCodes] = useState(false);

  if (setupQuery.isPending) return <Spinner label="Preparing your authenticator..." />;
  if (setupQuery.isError) {
    return <Alert title={SETUP_FAILED}>{describeError(setupQuery.error, 'Please try again.')}</Alert>;
  }

  const { qrCodeUrl, secret, backupCodes, envLines } = setupQuery.data;
  const backupText = backupCodes.join('\n');

  return (
    <div className="admin-setup">
      <ol className="admin-setup__steps">
        <li>
          <h2>Scan the QR code</h2>
          <p>Open your authenticator app (Google Authenticator, Authy, 1Password…) and scan this code.</p>
          <img className="admin-setup__qr" src={qrCodeUrl} alt="QR code for your authenticator app" />
          <p className="admin-field__label">Or enter this secret by hand</p>
          <div className="admin-copy-row">
            <code className="admin-setup__secret" data-testid="setup-secret">
              {secret}
            </code>
            <Button variant="secondary" size="sm" onClick={() => copy(secret, 'Secret')}>
              Copy
            </Button>
          </div>
        </li>
        <li>
          <h2>Save your backup codes</h2>
          <p>Each code signs you in once if you lose your phone. Keep them somewhere safe.</p>
          <ul className="admin-setup__codes" aria-label="Backup codes">
            {backupCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <div className="admin-actions">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                copy(backupText, 'Backup codes');
                setSavedCodes(true);
              }}
            >
              Copy codes
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                downloadText(BACKUP_CODES_FILE_NAME, `${backupText}\n`);
                setSavedCodes(true);
              }}
            >
              Download .txt
            </Button>
          </div>
        </li>
        <li>
          <h2>Set the deployment variables</h2>
          <p>Add these lines to the service environment so the setup survives a fresh database.</p>
          <pre className="admin-setup__env">{envLines.join('\n')}</pre>
          <Button variant="ghost" size="sm" onClick={() => copy(envLines.join('\n'), 'Environment lines')}>
            Copy lines
          </Button>
        </li>
      </ol>
      <Button size="lg" onClick={onContinue}>
        {savedCodes ? 'Continue to code test' : "I've saved my codes — continue"}
      </Button>
    </div>
  );
}
