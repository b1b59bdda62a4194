import type {
  AdminFlow,
  AdminFlowDetail,
  CreateFlowInput,
  Question,
  QuestionType,
  SubmissionBinding,
} from '@palm/contracts';
import { queryOptions } from '@tanstack/react-query';
import { adminRequest, jsonBody } from '@/lib/api-client';

export const ADMIN_FLOWS_PATH = '/api/admin/flows';

export function getFlowsQueryOptions() {
  return queryOptions({
    queryKey: [ADMIN_FLOWS_PATH],
    queryFn: () => adminRequest<AdminFlow[]>(ADMIN_FLOWS_PATH),
  });
}

/** Spec §7: keyed by the flow's path, and only run for an id above 0. */
export function getFlowQueryOptions(flowId: number) {
  return queryOptions({
    queryKey: [ADMIN_FLOWS_PATH, flowId],
    queryFn: () => adminRequest<AdminFlowDetail>(`${ADMIN_FLOWS_PATH}/${flowId}`),
    enabled: flowId > 0,
  });
}

export function createFlow(input: { name: string; description: string | null }): Promise<AdminFlowDetail> {
  const body: CreateFlowInput = input;
  return adminRequest<AdminFlowDetail>(ADMIN_FLOWS_PATH, jsonBody('POST', body));
}

export function deleteFlow(flowId: number): Promise<void> {
  return adminRequest<void>(`${ADMIN_FLOWS_PATH}/${flowId}`, { method: 'DELETE' });
}

export interface ToggleLiveRequest {
  isLive: boolean;
  trafficPercentage: number;
}

export function toggleFlowLive(flowId: number, request: ToggleLiveRequest): Promise<AdminFlowDetail> {
  return adminRequest<AdminFlowDetail>(
    `${ADMIN_FLOWS_PATH}/${flowId}/toggle-live`,
    jsonBody('POST', request),
  );
}

export function reorderQuestions(
  flowId: number,
  questionSequences: { id: number; sequence: number }[],
): Promise<{ questions: Question[] }> {
  return adminRequest<{ questions: Question[] }>(
    `${ADMIN_FLOWS_PATH}/${flowId}/questions/sequence`,
    jsonBody('PUT', { questionSequences }),
  );
}

/** The body of both question calls (spec §7: the edit sends the same body as the create). */
export interface QuestionRequest {
  type: QuestionType;
  questionText: string;
  options: string[] | null;
  sequence: number;
  binding: SubmissionBinding | null;
}

export function createQuestion(flowId: number, request: QuestionRequest): Promise<Question> {
  return adminRequest<Question>(`${ADMIN_FLOWS_PATH}/${flowId}/questions`, jsonBody('POST', request));
}

export function updateQuestion(questionId: number, request: QuestionRequest): Promise<Question> {
  return adminRequest<Question>(`/api/admin/questions/${questionId}`, jsonBody('PUT', request));
}

export function deleteQuestion(questionId: number): Promise<void> {
  return adminRequest<void>(`/api/admin/questions/${questionId}`, { method: 'DELETE' });
}
