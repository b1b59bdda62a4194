import { z } from 'zod';
import { MAX_PALM_FRAMES } from './limits.contract';
import { readingResultSchema, readingSubmissionSchema } from './reading.contract';

/**
 * Every event on the bus. Names and queue names are frozen: renaming one strands messages in
 * running brokers. A payload change bumps `version`; consumers validate what they receive.
 */
export const readingRequestedSchema = z.object({
  /** 2: the reading service stores the photo normalised (version 1 carried the original upload). */
  version: z.literal(2),
  readingId: z.string(),
  /** The normalised photo (upright JPEG, no metadata, at most 1024 px a side) the worker reads. */
  imageKey: z.string(),
  /**
   * Extra frames of the same hand, normalised like the photo, for the engine to pool; deleted when
   * the reading ends. Optional, so version 2 still reads as before: a worker that predates frames
   * drops the field and reads the photo alone.
   */
  frameKeys: z.array(z.string()).max(MAX_PALM_FRAMES).optional(),
  submission: readingSubmissionSchema,
  requestedAt: z.string(),
});

const readingCompletedFields = {
  readingId: z.string(),
  result: readingResultSchema,
  engine: z.string(),
  durationMs: z.number(),
  /** Copied from the submission so the flow service can count completions per flow version (A/B). */
  flowId: z.number().int().nullable(),
  flowVersion: z.number().int().nullable(),
};

/**
 * Version 1 of a result event also carried the photo's key, which no consumer used: the reading
 * service removes the photo it stored itself. The worker republishes outcomes it stored (a replayed
 * job), and a queue may hold older messages, so a version 1 event is still read, as version 2.
 */
const fromVersion1 = <T extends { version: 1; imageKey: unknown }>({ imageKey: _dropped, ...event }: T) => ({
  ...event,
  version: 2 as const,
});

export const readingCompletedSchema = z.union([
  z.object({ version: z.literal(2), ...readingCompletedFields }),
  z
    .object({ version: z.literal(1), ...readingCompletedFields, imageKey: z.string() })
    .transform(fromVersion1),
]);

export const READING_FAILURE_KINDS = ['unreadable_photo', 'processing_error'] as const;
const readingFailedFields = {
  readingId: z.string(),
  kind: z.enum(READING_FAILURE_KINDS),
  /** Shown to the visitor as is: for a photo problem, the retake advice. */
  message: z.string(),
};
export const readingFailedSchema = z.union([
  z.object({ version: z.literal(2), ...readingFailedFields }),
  z
    .object({ version: z.literal(1), ...readingFailedFields, imageKey: z.string().nullable() })
    .transform(fromVersion1),
]);

export const promptUpdatedSchema = z.object({
  version: z.literal(1),
  promptId: z.string(),
  updatedAt: z.string(),
});

/**
 * "Email me this reading": only the delivery id travels; the address stays in the reading
 * service's delivery record, the one place it is kept.
 */
export const readingEmailRequestedSchema = z.object({
  version: z.literal(1),
  deliveryId: z.string(),
  readingId: z.string(),
  requestedAt: z.string(),
});

/**
 * The owner deleted a reading: every service forgets what it kept of it (the AI worker its stored
 * outcome, which holds the reading's text).
 */
export const readingDeletedSchema = z.object({
  version: z.literal(1),
  readingId: z.string(),
  deletedAt: z.string(),
});

export const eventSchemas = {
  'reading.requested': readingRequestedSchema,
  'reading.completed': readingCompletedSchema,
  'reading.failed': readingFailedSchema,
  'prompt.updated': promptUpdatedSchema,
  'reading.email.requested': readingEmailRequestedSchema,
  'reading.deleted': readingDeletedSchema,
} as const;

export type EventName = keyof typeof eventSchemas;
export type EventPayload<N extends EventName> = z.infer<(typeof eventSchemas)[N]>;
export type ReadingRequested = EventPayload<'reading.requested'>;
export type ReadingCompleted = EventPayload<'reading.completed'>;
export type ReadingFailed = EventPayload<'reading.failed'>;
export type PromptUpdated = EventPayload<'prompt.updated'>;
export type ReadingEmailRequested = EventPayload<'reading.email.requested'>;

export const EVENT_NAMES = Object.keys(eventSchemas) as EventName[];

/** Durable queues and what each one is bound to. Frozen, like the event names. */
export const QUEUES = {
  aiWorkerReadings: { name: 'ai-worker.reading-requested', events: ['reading.requested'] },
  readingResults: { name: 'reading.results', events: ['reading.completed', 'reading.failed'] },
  flowAnalytics: { name: 'flow.reading-completed', events: ['reading.completed'] },
  readingEmail: { name: 'reading.email-delivery', events: ['reading.email.requested'] },
  aiWorkerDeletions: { name: 'ai-worker.reading-deleted', events: ['reading.deleted'] },
} as const satisfies Record<string, { name: string; events: readonly EventName[] }>;
export type QueueKey = keyof typeof QUEUES;

export const EXCHANGE = 'palm.events';
export const DEAD_LETTER_EXCHANGE = 'palm.dead-letter';
export const DEAD_LETTER_QUEUE = 'palm.dead-letter';
export const DELIVERY_LIMIT = 5;
export type QueueEvents<Q extends QueueKey> = (typeof QUEUES)[Q]['events'][number];
