import { READING_REQUEST_TIMEOUT_MS } from '@palm/contracts';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError, apiUpload, type UploadProgress } from '@/lib/api-client';
import type { ReadingRequest } from '../lib/wizard-answers';

export const CREATE_READING_PATH = '/api/reading';

export interface CreatedReading {
  id: string;
}

/**
 * During a short outage (a database or object store restarting) the server answers 503 with
 * Retry-After and stores nothing: the submission is sent again, for up to a minute, while the
 * loading view keeps showing. The server asks for 5 s; the wait here is the same.
 */
export const OUTAGE_RETRY_FOR_MS = 60_000;
export const OUTAGE_RETRY_WAIT_MS = 5_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createReading(
  request: ReadingRequest,
  onProgress?: (progress: UploadProgress) => void,
): Promise<CreatedReading> {
  const giveUpAt = Date.now() + OUTAGE_RETRY_FOR_MS;
  for (;;) {
    try {
      return await sendReading(request, onProgress);
    } catch (error) {
      const unavailable = error instanceof ApiError && error.status === 503;
      if (!unavailable || Date.now() + OUTAGE_RETRY_WAIT_MS > giveUpAt) throw error;
      await wait(OUTAGE_RETRY_WAIT_MS);
    }
  }
}

function sendReading(
  request: ReadingRequest,
  onProgress?: (progress: UploadProgress) => void,
): Promise<CreatedReading> {
  const body = new FormData();
  body.append('palmImage', request.palmImage, request.palmImage.name || 'palm.jpg');
  for (const frame of request.palmFrames) body.append('palmFrames', frame, frame.name);
  body.append('dominantHand', request.dominantHand);
  body.append('age', request.age);
  body.append('maritalStatus', request.maritalStatus);
  body.append('hasChildren', request.hasChildren);
  body.append('focusAreas', JSON.stringify(request.focusAreas));
  body.append('flowResponses', JSON.stringify(request.flowResponses));
  body.append('flowId', String(request.flowId));
  body.append('flowVersion', String(request.flowVersion));
  body.append('given', JSON.stringify(request.given));
  return apiUpload<CreatedReading>(CREATE_READING_PATH, body, {
    timeoutMs: READING_REQUEST_TIMEOUT_MS,
    onProgress,
  });
}

/** `onProgress` hears how much of the photos has been sent, for the loading view. */
export function useCreateReading({
  onProgress,
  ...options
}: Omit<UseMutationOptions<CreatedReading, Error, ReadingRequest>, 'mutationFn'> & {
  onProgress?: (progress: UploadProgress) => void;
} = {}) {
  return useMutation({ ...options, mutationFn: (request) => createReading(request, onProgress) });
}
