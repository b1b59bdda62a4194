import { READING_REQUEST_TIMEOUT_MS } from '@palm/contracts';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ReadingRequest } from '../lib/wizard-answers';

export const CREATE_READING_PATH = '/api/reading';

export interface CreatedReading {
  id: string;
}

export function createReading(request: ReadingRequest): Promise<CreatedReading> {
  const body = new FormData();
  body.append('palmImage', request.palmImage, request.palmImage.name || 'palm.jpg');
  body.append('dominantHand', request.dominantHand);
  body.append('age', request.age);
  body.append('maritalStatus', request.maritalStatus);
  body.append('hasChildren', request.hasChildren);
  body.append('focusAreas', JSON.stringify(request.focusAreas));
  body.append('flowResponses', JSON.stringify(request.flowResponses));
  body.append('flowId', String(request.flowId));
  body.append('flowVersion', String(request.flowVersion));
  return apiRequest<CreatedReading>(CREATE_READING_PATH, {
    method: 'POST',
    body,
    timeoutMs: READING_REQUEST_TIMEOUT_MS,
  });
}

export function useCreateReading(
  options?: Omit<UseMutationOptions<CreatedReading, Error, ReadingRequest>, 'mutationFn'>,
) {
  return useMutation({ ...options, mutationFn: createReading });
}
