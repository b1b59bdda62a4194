import type { ActiveEngine, PromptId } from '@palm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { describeError } from '@/lib/api-client';
import {
  ADMIN_PROMPTS_PATH,
  getActiveEngineQueryOptions,
  getPromptsQueryOptions,
} from '../api/admin-prompts.api';
import { PromptPanel } from './prompt-panel';
import { TestRun } from './test-run';
import { VersionHistory } from './version-history';
import './prompts.css';

export const PROMPT_TABS = [
  { value: 'main', label: 'Main Palm Reading' },
  { value: 'visual', label: 'Visual Analysis' },
  { value: 'test', label: 'Test Prompt' },
] as const satisfies readonly { value: PromptId; label: string }[];

const ENGINE_NAMES: Record<ActiveEngine['kind'], string> = {
  local: 'the local engine',
  'vision-model': 'a vision model',
};

/** Which engine reads visitors' photos: with the local engine no prompt here is used yet. */
function ActiveEngineNote() {
  const engineQuery = useQuery(getActiveEngineQueryOptions());
  if (engineQuery.isPending) return null;
  if (engineQuery.isError) {
    return (
      <Alert tone="warning" title="Active engine unknown">
        {describeError(engineQuery.error, 'We could not ask which engine reads the palms.')}
      </Alert>
    );
  }
  const { kind, engine, note } = engineQuery.data;
  return (
    <Alert
      tone={kind === 'local' ? 'warning' : 'success'}
      className="active-engine"
      title={
        <>
          Active engine: {ENGINE_NAMES[kind]} (<code>{engine}</code>)
        </>
      }
    >
      {note}
    </Alert>
  );
}

/** /admin/prompts: which engine is active, then one tab per prompt with its editor, history and a test run. */
export function PromptManager() {
  return (
    <>
      <ActiveEngineNote />
      <PromptTabs />
    </>
  );
}

function PromptTabs() {
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
