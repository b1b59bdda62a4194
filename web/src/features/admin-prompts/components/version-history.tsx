import type { PromptId, PromptVersion } from '@palm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToastedMutation } from '@/hooks/use-toasted-mutation';
import { describeError } from '@/lib/api-client';
import {
  getPromptVersionsQueryOptions,
  restorePromptVersion,
  showSavedPrompt,
} from '../api/admin-prompts.api';
import { lineDiff } from '../lib/line-diff';
import { formatTimestamp } from './prompt-panel';

const PREVIEW_CHARS = 220;

/** What restoring `content` would change in the current text, line by line. */
function ChangesAgainstCurrent({ content, currentContent }: { content: string; currentContent: string }) {
  const changed = lineDiff(currentContent, content).filter((line) => line.kind !== 'same');
  return (
    <div className="version-diff">
      <p className="version-diff__title">Restoring it would change, line by line:</p>
      <pre className="version-list__content">
        {changed.map((line, index) => (
          <span key={index} className={`version-diff__line version-diff__line--${line.kind}`}>
            {line.kind === 'added' ? '+ ' : '− '}
            {line.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </div>
  );
}

/**
 * Every saved text of a prompt, newest first and numbered within the prompt, each with what it
 * would change in the current text; Restore asks first, then saves the old text as the newest version.
 */
export function VersionHistory({ promptId, currentContent }: { promptId: PromptId; currentContent: string }) {
  const versionsQuery = useQuery(getPromptVersionsQueryOptions(promptId));
  const queryClient = useQueryClient();
  const [toRestore, setToRestore] = useState<PromptVersion | null>(null);
  const restore = useToastedMutation({
    success: { title: 'Version restored', description: 'The prompt now uses the restored text.' },
    failure: 'Failed to restore version',
    mutationFn: (versionId: number) => restorePromptVersion(promptId, versionId),
    onSettled: () => setToRestore(null),
    onSuccess: (restored) => void showSavedPrompt(queryClient, restored),
  });

  return (
    <section className="prompt-section" aria-labelledby={`versions-${promptId}`}>
      <h3 id={`versions-${promptId}`}>Version history</h3>
      {versionsQuery.isPending ? <Spinner label="Loading versions..." /> : null}
      {versionsQuery.isError ? (
        <Alert title="Failed to load the version history">
          {describeError(versionsQuery.error, 'Please try again.')}
        </Alert>
      ) : null}
      {versionsQuery.data?.length === 0 ? <p className="admin-muted">No saved versions yet.</p> : null}
      {versionsQuery.data?.length ? (
        <ol className="version-list">
          {versionsQuery.data.map((version) => {
            const current = version.content === currentContent;
            return (
              <li key={version.id} className="version-list__item">
                <div className="version-list__meta">
                  <span className="version-list__label">Version {version.number}</span>
                  <time dateTime={version.savedAt}>{formatTimestamp(version.savedAt)}</time>
                  {current ? <span className="version-list__current">current text</span> : null}
                </div>
                <details>
                  <summary>
                    {version.content.length > PREVIEW_CHARS
                      ? `${version.content.slice(0, PREVIEW_CHARS)}…`
                      : version.content}
                  </summary>
                  <pre className="version-list__content">{version.content}</pre>
                </details>
                {current ? null : (
                  <ChangesAgainstCurrent content={version.content} currentContent={currentContent} />
                )}
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={current || restore.isPending}
                  onClick={() => setToRestore(version)}
                  aria-label={`Restore version ${version.number}`}
                >
                  Restore
                </Button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <ConfirmDialog
        open={toRestore !== null}
        title={`Restore version ${toRestore?.number ?? ''}?`}
        description="Its text replaces the prompt's current text and is used from the next reading on. The current text stays in the history."
        confirmLabel="Restore"
        pending={restore.isPending}
        onConfirm={() => toRestore && restore.mutate(toRestore.id)}
        onCancel={() => setToRestore(null)}
      />
    </section>
  );
}
