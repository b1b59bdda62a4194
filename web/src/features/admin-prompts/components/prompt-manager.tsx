import type { PromptId } from '@palm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { describeError } from '@/lib/api-client';
import { ADMIN_PROMPTS_PATH, getPromptsQueryOptions } from '../api/admin-prompts.api';
import { PromptPanel } from './prompt-panel';
import { TestRun } from './test-run';
import { VersionHistory } from './version-history';
import './prompts.css';

export const PROMPT_TABS = [
  { value: 'main', label: 'Main Palm Reading' },
  { value: 'visual', label: 'Visual Analysis' },
  { value: 'test', label: 'Test Prompt' },
] as const satisfies readonly { value: PromptId; label: string }[];

/** /admin/prompts: one tab per prompt, each with its editor, history and a test run. */
export function PromptManager() {
  const promptsQuery = useQuery(getPromptsQueryOptions());
  const [tab, setTab] = useState<PromptId>('main');
  const queryClient = useQueryClient();

  if (promptsQuery.isPending) return <Spinner label="Loading prompts..." />;
  if (promptsQuery.isError) {
    return (
      <Alert title="Failed to fetch prompts">{describeError(promptsQuery.error, 'Please try again.')}</Alert>
    );
  }

  const prompt = promptsQuery.data.find((candidate) => candidate.id === tab);
  return (
    <Tabs tabs={PROMPT_TABS} value={tab} onValueChange={setTab} label="Prompts">
      {prompt ? (
        <div className="prompt-layout">
          <Card>
            <PromptPanel
              key={prompt.id}
              prompt={prompt}
              refreshing={promptsQuery.isFetching}
              onRefresh={() => void queryClient.invalidateQueries({ queryKey: [ADMIN_PROMPTS_PATH] })}
            />
          </Card>
          <Card>
            <TestRun promptId={prompt.id} promptName={prompt.name} />
          </Card>
          <Card>
            <VersionHistory promptId={prompt.id} currentContent={prompt.content} />
          </Card>
        </div>
      ) : (
        <Alert title="Prompt not found">The server did not return this prompt.</Alert>
      )}
    </Tabs>
  );
}
