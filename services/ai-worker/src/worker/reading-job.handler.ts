import {
  type ReadingCompleted,
  type ReadingFailed,
  type ReadingRequested,
  type ReadingResult,
} from '@palm/contracts';
import {
  classifyFailure,
  counter,
  histogram,
  PermanentMessageError,
  type BlobStore,
  type EventHandler,
  type Logger,
  type MessageBus,
  type MessageContext,
} from '@palm/platform';
import type { AiWorkerRepository, JobOutcome } from '../ai-worker.repository';
import { UnreadablePhotoError, type NormalisedImage, type ReadingEngine } from '@palm/palm-engine';

export const PROCESSING_ERROR_MESSAGE = 'We could not finish your reading. Please try again in a moment.';
export const MISSING_PHOTO_MESSAGE = 'We could not find your photo any more. Please upload it again.';

const stageSeconds = histogram('reading_engine_stage_seconds', 'Time spent per reading, by pipeline stage', [
  'stage',
]);
const readingsProcessed = counter('readings_processed_total', 'Reading jobs handled, by outcome', [
  'outcome',
]);

export interface ReadingJobDeps {
  repository: AiWorkerRepository;
  bus: MessageBus;
  blobs: BlobStore;
  engine: ReadingEngine;
  logger: Logger;
}

/**
 * Handles `reading.requested`: claim → load the photo the reading service stored (normalised at
 * intake) and any extra frames of the hand → read → record and publish the outcome. A photo the engine cannot read fails at once
 * with its retake advice. A permanent failure (an invalid blob key, a payload no retry can fix) fails the
 * reading at once; any other error is thrown so the bus retries it with backoff, and on the last
 * delivery the reading is marked failed and the message dead-lettered. A replayed message
 * (`npm run dlq replay`) runs a job that gave up again.
 */
export function createReadingJobHandler(deps: ReadingJobDeps): EventHandler<'reading.requested'> {
  const { repository, bus, blobs, engine, logger } = deps;

  const publishOutcome = async (outcome: JobOutcome) => {
    // A fixed message id lets consumers recognise a republished outcome.
    await bus.publish(outcome.event, outcome.payload, { messageId: `${outcome.payload.readingId}.outcome` });
  };

  const finish = async (outcome: JobOutcome, label: string) => {
    await repository.complete(outcome.payload.readingId, outcome);
    await publishOutcome(outcome);
    readingsProcessed.inc({ outcome: label });
  };

  return async ({ payload }, context) => {
    const log = logger.child({ readingId: payload.readingId, attempt: context.attempt });
    const claim = await repository.claim(payload.readingId, context);
    if (claim.kind === 'done') {
      log.info('reading already processed; republishing its outcome');
      await publishOutcome(claim.outcome);
      readingsProcessed.inc({ outcome: 'duplicate' });
      return;
    }
    if (claim.kind === 'busy') {
      log.info('another delivery is processing this reading; leaving it to that one');
      readingsProcessed.inc({ outcome: 'duplicate' });
      return;
    }

    try {
      const { outcome, label } = await runJob(payload, log);
      await finish(outcome, label);
    } catch (error) {
      if (classifyFailure(error) !== 'permanent' && context.attempt < context.maxAttempts) throw error;
      await giveUp(payload, error, context, log);
    }
  };

  /** Reads the photo; a photo the engine cannot read is an outcome too, not an error. */
  async function runJob(
    payload: ReadingRequested,
    log: Logger,
  ): Promise<{ outcome: JobOutcome; label: string }> {
    const started = performance.now();
    try {
      const image = await loadImage(payload.imageKey, blobs);
      if (!image) {
        const payloadFailed = failed(payload, 'processing_error', MISSING_PHOTO_MESSAGE);
        return { outcome: { event: 'reading.failed', payload: payloadFailed }, label: 'processing_error' };
      }
      const frames = await loadFrames(payload.frameKeys ?? [], blobs);
      const stopEngineTimer = stageSeconds.startTimer({ stage: 'engine' });
      const result = await engine.read({
        readingId: payload.readingId,
        image,
        frames,
        submission: payload.submission,
      });
      stopEngineTimer();
      const durationMs = Math.round(performance.now() - started);
      stageSeconds.observe({ stage: 'total' }, durationMs / 1000);
      log.info({ durationMs, engine: engine.name, frames: frames.length }, 'reading completed');
      return {
        outcome: {
          event: 'reading.completed',
          payload: completed(payload, result, engine.name, durationMs),
        },
        label: 'completed',
      };
    } catch (error) {
      if (!(error instanceof UnreadablePhotoError)) throw error;
      log.info({ advice: error.message }, 'the photo cannot be read; the visitor is asked to retake it');
      const payloadFailed = failed(payload, 'unreadable_photo', error.message);
      return { outcome: { event: 'reading.failed', payload: payloadFailed }, label: 'unreadable_photo' };
    }
  }

  async function giveUp(
    payload: ReadingRequested,
    error: unknown,
    context: MessageContext,
    log: Logger,
  ): Promise<never> {
    log.error({ err: error }, 'reading failed on its last delivery; marking it failed');
    const outcome: JobOutcome = {
      event: 'reading.failed',
      payload: failed(payload, 'processing_error', PROCESSING_ERROR_MESSAGE),
    };
    await repository
      .complete(payload.readingId, outcome)
      .catch((cause: unknown) => log.error({ err: cause }, 'could not record the failed reading'));
    await publishOutcome(outcome).catch((cause: unknown) =>
      log.error({ err: cause }, 'could not publish reading.failed'),
    );
    readingsProcessed.inc({ outcome: 'processing_error' });
    const reason = error instanceof Error ? error.message : String(error);
    throw new PermanentMessageError(`reading failed after ${context.attempt} deliveries: ${reason}`, {
      cause: error,
    });
  }
}

/** The photo the reading service stored, normalised at intake; null when it is gone. */
async function loadImage(key: string, blobs: BlobStore): Promise<NormalisedImage | null> {
  const stored = await blobs.get(key);
  return stored && { data: stored.data };
}

/**
 * The extra frames still stored. One that is gone (a replayed job runs after the reading's end
 * deleted them) is read without: frames only firm up what the photo shows.
 */
async function loadFrames(keys: readonly string[], blobs: BlobStore): Promise<NormalisedImage[]> {
  const frames = await Promise.all(keys.map((key) => loadImage(key, blobs)));
  return frames.filter((frame): frame is NormalisedImage => frame !== null);
}

function completed(
  payload: ReadingRequested,
  result: ReadingResult,
  engine: string,
  durationMs: number,
): ReadingCompleted {
  return {
    version: 2,
    readingId: payload.readingId,
    result,
    engine,
    durationMs,
    flowId: payload.submission.flowId ?? null,
    flowVersion: payload.submission.flowVersion ?? null,
  };
}

function failed(payload: ReadingRequested, kind: ReadingFailed['kind'], message: string): ReadingFailed {
  return { version: 2, readingId: payload.readingId, kind, message };
}
