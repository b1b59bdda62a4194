import type { PromptId } from '@palm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { describeError } from '@/lib/api-client';
import {
  ADMIN_PROMPTS_PATH,
  getPromptVersionsQueryOptions,
  restorePromptVersion,
} from '../api/admin-prompts.api';
import { formatTimestamp } from './prompt-panel';

const PREVIEW_CHARS = 220;

/** Every saved text of a prompt, newest first; restoring saves an old text as the newest version. */
export function VersionHistory({ promptId, currentContent }: { promptId: PromptId; currentContent: string }) {
  const versionsQuery = useQuery(getPromptVersionsQueryOptions(promptId));
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const restore = useMutation({
    mutationFn: (versionId: number) => restorePromptVersion(promptId, versionId),
    onSuccess: () => {
      toast({ title: 'Version restored', description: 'The prompt now uses the restored text.' });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_PROMPTS_PATH] });
    },
    onError: (error) =>
      toast({
        title: 'Failed to restore version',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      }),
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
                  <span className="version-list__label">Version {version.id}</span>
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
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={current || restore.isPending}
                  onClick={() => restore.mutate(version.id)}
                  aria-label={`Restore version ${version.id}`}
                >
                  Restore
                </Button>
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
