import { PROMPT_MAX_CHARS, type Prompt } from '@palm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api-client';
import { showSavedPrompt, updatePrompt } from '../api/admin-prompts.api';

export const PROMPT_UPDATED = 'Prompt updated successfully! Changes will take effect immediately.';

export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

type SaveOutcome = { ok: true } | { ok: false; message: string } | null;

/** One prompt: view, then edit (text area with the current text), then saved or cancelled. */
export function PromptPanel({
  prompt,
  refreshing,
  onRefresh,
}: {
  prompt: Prompt;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const textareaId = useId();
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: (content: string) => updatePrompt(prompt.id, content),
    onSuccess: (saved) => {
      setDraft(null);
      setOutcome({ ok: true });
      void showSavedPrompt(queryClient, saved);
    },
    onError: (error) => setOutcome({ ok: false, message: describeError(error, 'Failed to update prompt') }),
  });

  const editing = draft !== null;

  return (
    <article className="prompt-panel" aria-labelledby={`${textareaId}-name`}>
      <header className="prompt-panel__header">
        <div>
          <div className="prompt-panel__title-row">
            <h2 id={`${textareaId}-name`}>{prompt.name}</h2>
            <Badge tone={prompt.isActive ? 'success' : 'muted'}>
              {prompt.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </div>
          <p className="prompt-panel__description">{prompt.description}</p>
          <p className="prompt-panel__modified">
            Last modified: <time dateTime={prompt.lastModified}>{formatTimestamp(prompt.lastModified)}</time>
          </p>
        </div>
        <div className="admin-actions">
          {editing ? (
            <>
              <Button onClick={() => save.mutate(draft)} disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setDraft(null);
                  setOutcome(null);
                }}
                disabled={save.isPending}
              >
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button
                onClick={() => {
                  setDraft(prompt.content);
                  setOutcome(null);
                }}
              >
                Edit
              </Button>
              <Button variant="secondary" onClick={onRefresh} disabled={refreshing}>
                {refreshing ? 'Refreshing...' : 'Refresh'}
              </Button>
            </>
          )}
        </div>
      </header>

      {outcome?.ok ? <Alert tone="success" title={PROMPT_UPDATED} /> : null}
      {outcome && !outcome.ok ? <Alert title={`Error updating prompt: ${outcome.message}`} /> : null}

      {editing ? (
        <div className="admin-field">
          <label htmlFor={textareaId} className="admin-field__label">
            Prompt content
          </label>
          <textarea
            id={textareaId}
            className="admin-input prompt-panel__editor"
            value={draft}
            maxLength={PROMPT_MAX_CHARS}
            onChange={(event) => setDraft(event.target.value)}
            spellCheck={false}
          />
          <p className="admin-field__hint">
            {draft.length.toLocaleString('en-US')} / {PROMPT_MAX_CHARS.toLocaleString('en-US')} characters
          </p>
        </div>
      ) : (
        <pre className="prompt-panel__content" tabIndex={0} aria-label={`${prompt.name} content`}>
          {prompt.content}
        </pre>
      )}
    </article>
  );
}
