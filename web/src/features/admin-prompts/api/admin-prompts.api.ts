import {
  READING_REQUEST_TIMEOUT_MS,
  type ActiveEngine,
  type Prompt,
  type PromptId,
  type PromptTestRunResult,
  type PromptVersion,
} from '@palm/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminRequest, jsonBody } from '@/lib/api-client';

export const ADMIN_PROMPTS_PATH = '/api/admin/prompts';

export function getPromptsQueryOptions() {
  return queryOptions({
    queryKey: [ADMIN_PROMPTS_PATH],
    queryFn: () => adminRequest<Prompt[]>(ADMIN_PROMPTS_PATH),
  });
}

/**
 * A save or restore answered with the prompt as stored: the list shows it at once, so the panel
 * never falls back to the text it had before while the list is fetched again.
 */
export function showSavedPrompt(queryClient: QueryClient, saved: Prompt): Promise<void> {
  queryClient.setQueryData(getPromptsQueryOptions().queryKey, (prompts) =>
    prompts?.map((prompt) => (prompt.id === saved.id ? saved : prompt)),
  );
  return queryClient.invalidateQueries({ queryKey: [ADMIN_PROMPTS_PATH] });
}

/** Which engine reads visitors' photos, and whether it uses these prompts at all. */
export function getActiveEngineQueryOptions() {
  return queryOptions({
    queryKey: [ADMIN_PROMPTS_PATH, 'engine'],
    queryFn: () => adminRequest<ActiveEngine>(`${ADMIN_PROMPTS_PATH}/engine`),
  });
}

export function getPromptVersionsQueryOptions(promptId: PromptId) {
  return queryOptions({
    queryKey: [ADMIN_PROMPTS_PATH, promptId, 'versions'],
    queryFn: () => adminRequest<PromptVersion[]>(`${ADMIN_PROMPTS_PATH}/${promptId}/versions`),
  });
}

export function updatePrompt(promptId: PromptId, content: string): Promise<Prompt> {
  return adminRequest<Prompt>(`${ADMIN_PROMPTS_PATH}/${promptId}`, jsonBody('PUT', { content }));
}

export function restorePromptVersion(promptId: PromptId, versionId: number): Promise<Prompt> {
  return adminRequest<Prompt>(`${ADMIN_PROMPTS_PATH}/${promptId}/versions/${versionId}/restore`, {
    method: 'POST',
  });
}

/** Runs the reading engine on an uploaded photo without storing a reading. */
export function runPromptTest(palmImage: File, promptId: PromptId): Promise<PromptTestRunResult> {
  const body = new FormData();
  body.append('palmImage', palmImage);
  body.append('promptId', promptId);
  return adminRequest<PromptTestRunResult>(`${ADMIN_PROMPTS_PATH}/test-run`, {
    method: 'POST',
    body,
    timeoutMs: READING_REQUEST_TIMEOUT_MS,
  });
}
