import type { ReadingFailed } from '@palm/contracts';
import { pino } from 'pino';
import type { EventHandler, MessageContext, QueueHandlers } from '../src/bus/message-bus';

export const silentLogger = pino({ level: process.env.BUS_TEST_LOG ?? 'silent' });

export function failedEvent(readingId: string): ReadingFailed {
  return {
    version: 2,
    readingId,
    kind: 'unreadable_photo',
    message: 'Retake the photo in daylight.',
  };
}

export interface Received {
  readingId: string;
  context: MessageContext;
}

/** Handlers for the results queue that only expect `reading.failed` and delegate to `onFailed`. */
export function resultHandlers(
  onFailed: (...args: Parameters<EventHandler<'reading.failed'>>) => void | Promise<void>,
): QueueHandlers<'readingResults'> {
  return {
    'reading.completed': () => Promise.reject(new Error('no reading.completed expected in this test')),
    'reading.failed': async (event, context) => {
      await onFailed(event, context);
    },
  };
}

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
