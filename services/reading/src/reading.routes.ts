import { Router, type Request, type Response } from 'express';
import type { ReadingView } from '@palm/contracts';
import {
  badRequest,
  HttpError,
  notFound,
  photoRefused,
  serviceUnavailable,
  type BlobStore,
  type Logger,
} from '@palm/platform';
import type { CompletionWaiter } from './completion-waiter';
import { BacklogFullError, createLimiter } from './concurrency-limit';
import { createReadingIntake, type AcceptedReading, type ReadingOutcome } from './intake/reading-intake';
import { parseReadingSubmission } from './intake/reading-submission.parser';
import type { OutboxRelay } from './outbox/outbox-relay';
import type { ReadingRecord, ReadingRepository } from './reading.repository';
import {
  createPalmImageVariants,
  palmImagePath,
  palmImageView,
  parsePalmImageVariant,
  PHOTO_NOT_AVAILABLE,
} from './report/palm-image-variants';
import {
  REVALIDATED_PHOTO_CACHE_CONTROL,
  REVOCABLE_CONTENT_CACHE_CONTROL,
  visibleReading,
  withoutSharedVersion,
} from './sharing/reading-access';
import { ensureOwnerCookie, hashOwnerToken } from './sharing/reading-owner';

export interface ReadingRoutesDeps {
  repository: ReadingRepository;
  blobs: BlobStore;
  relay: OutboxRelay;
  waiter: CompletionWaiter;
  logger: Logger;
  waitMs: number;
  imageRetentionDays: number;
  /** Uploads that may wait for intake at once (READING_INTAKE_BACKLOG); more are answered 503. */
  intakeBacklog: number;
  /** The unlock price a locked reading offers (payments on). */
  unlockPrice: ReadingView['unlock'];
}

export function toReadingView(
  reading: ReadingRecord,
  imageRetentionDays: number,
  unlockPrice: ReadingView['unlock'] = null,
): ReadingView {
  return {
    id: reading.id,
    status: reading.status,
    palmUrl: reading.imageKey ? palmImagePath(reading.id) : null,
    palmImage: palmImageView(reading),
    reading: reading.result ? withoutSharedVersion(reading.result) : null,
    error: reading.error,
    createdAt: reading.createdAt.toISOString(),
    completedAt: reading.completedAt?.toISOString() ?? null,
    imageRemovedAfterDays: reading.imageRemovedAt ? imageRetentionDays : null,
    unlock: reading.locked ? unlockPrice : null,
  };
}

const wantsAsync = (req: Request) => /\brespond-async\b/i.test(String(req.headers.prefer ?? ''));

/** How long an upload may hold one of intake's two places (a fast one is in well before this). */
const INTAKE_PATIENCE_MS = 2_000;
/** Uploads read at once, slow ones included: ~5 MB of memory each at most. */
const INTAKE_MAX_UPLOADS = 8;
/** How long a visitor turned away by a full intake is asked to wait (`Retry-After`, seconds). */
const INTAKE_RETRY_AFTER_SECONDS = 10;

const intakeFull = () =>
  serviceUnavailable(
    'Many palm photos are arriving right now. Please send yours again in a few seconds — nothing was saved.',
    INTAKE_RETRY_AFTER_SECONDS,
  );

/**
 * Aborts when the connection closes before the response went out in full: the visitor has left.
 * (client-limits.ts probes a waiting upload's connection, so Node notices even before reading it.)
 */
function visitorLeft(res: Response): AbortSignal {
  const left = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) left.abort(badRequest('The upload was interrupted.'));
  });
  return left.signal;
}

/**
 * Reads what is left of a refused upload's body and throws it away. Answering while the client is
 * still sending makes the server close a connection that then resets under the client's writes:
 * the visitor saw a network error (EPIPE in bench:intake) instead of the 503 asking them to send
 * again. Nothing is kept, and the client limits still cut a body that trickles.
 */
function discardBody(req: Request): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) {
      resolve();
      return;
    }
    req
      .once('end', resolve)
      .once('close', resolve)
      .once('error', () => resolve());
    req.resume();
  });
}

/**
 * `work`, or the visitor's departure if that comes first. A request whose connection closed just
 * as intake handed it a place may never end or error (its abort event went out before anyone
 * listened); its task must still end, or it would hold one of intake's places for good.
 */
function unlessLeft<T>(work: Promise<T>, left: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onLeft = () => reject(left.reason as Error);
    if (left.aborted) onLeft();
    left.addEventListener('abort', onLeft, { once: true });
    work.then(resolve, reject).finally(() => left.removeEventListener('abort', onLeft));
  });
}

/** A palm photo as the routes send it: shown in place, never sniffed, cached only as `cacheControl` says. */
function sendPhoto(res: Response, photo: { data: Buffer; contentType: string }, cacheControl: string): void {
  res.setHeader('Content-Type', photo.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Content-Disposition', 'inline');
  res.send(photo.data);
}

export function createReadingRouter(deps: ReadingRoutesDeps): Router {
  const { repository, blobs } = deps;
  const variants = createPalmImageVariants({ repository, blobs });
  const router = Router();
  /**
   * Two photos are taken in at a time; further uploads wait unread in their sockets, and TCP holds
   * the rest of their bytes back, through the gateway, at the client. Eight visitors submitting
   * at once otherwise put eight 3–5 MB photos, each copied a few times, in memory together. The
   * worker reads far fewer photos a second than intake takes in, so no reading finishes later.
   * A photo arrives as fast as the visitor's phone sends it, though: 10–20 s for 3–5 MB on a slow
   * mobile link. One still arriving after INTAKE_PATIENCE_MS gives its place to the next and goes
   * on outside the count, so a slow phone delays the others by two seconds, not by its whole
   * upload; at most INTAKE_MAX_UPLOADS are read at once however slow they are. One client holds
   * one place at a time, so its slow uploads never take both. At most `intakeBacklog` uploads
   * wait: past that a visitor is told at once to come back (503), before anything is read, and
   * an upload whose visitor has left leaves the line unread.
   */
  const intake = createLimiter(2, {
    yieldAfterMs: INTAKE_PATIENCE_MS,
    maxRunning: INTAKE_MAX_UPLOADS,
    maxWaiting: deps.intakeBacklog,
  });

  const { submitReading, awaitReading, withdrawReading } = createReadingIntake(deps);

  /** Reads the form and hands it to intake; the owner cookie is set only for an accepted photo. */
  async function accept(req: Request, res: Response, left: AbortSignal): Promise<AcceptedReading> {
    const { image, frames, submission } = await unlessLeft(parseReadingSubmission(req), left);
    const owner = () => hashOwnerToken(ensureOwnerCookie(req, res));
    return submitReading({ image, frames, submission, owner }, left);
  }

  router.post('/api/reading', async (req, res) => {
    const left = visitorLeft(res);
    const accepted = await intake(() => accept(req, res, left), { owner: req.ip, signal: left }).catch(
      async (error: unknown) => {
        if (!(error instanceof BacklogFullError)) throw error;
        await discardBody(req);
        throw intakeFull();
      },
    );
    const { id } = accepted;
    if (left.aborted) void withdrawReading(accepted);
    else left.addEventListener('abort', () => void withdrawReading(accepted), { once: true });
    const outcome: ReadingOutcome = wantsAsync(req)
      ? { status: 'queued' }
      : await awaitReading(id, deps.waitMs, left);
    switch (outcome.status) {
      case 'completed':
        res.json({ id });
        return;
      case 'refused':
        throw photoRefused(outcome.refusal);
      case 'failed':
        throw new HttpError(503, outcome.message, { code: 'reading_failed' });
      default:
        res.status(202).location(`/api/reading/${id}`).json({ id, status: outcome.status });
    }
  });

  router.get('/api/reading/:id', async (req, res) => {
    const { reading } = await visibleReading(repository, req);
    res.setHeader('Cache-Control', REVOCABLE_CONTENT_CACHE_CONTROL);
    res.json(toReadingView(reading, deps.imageRetentionDays, deps.unlockPrice));
  });

  router.get('/api/reading/:id/image', async (req, res) => {
    const { reading } = await visibleReading(repository, req, { withText: false });
    const blob = reading.imageKey ? await blobs.get(reading.imageKey) : null;
    if (!blob) throw notFound(PHOTO_NOT_AVAILABLE);
    sendPhoto(res, blob, REVOCABLE_CONTENT_CACHE_CONTROL);
  });

  // The photo at a narrower width or as WebP (the report's srcset), to exactly whom the photo shows.
  router.get('/api/reading/:id/image/:variant', async (req, res) => {
    const { reading } = await visibleReading(repository, req, { withText: false });
    const variant = parsePalmImageVariant(req.params.variant, reading);
    if (!variant) throw notFound(PHOTO_NOT_AVAILABLE);
    sendPhoto(res, await variants.get(reading, variant), REVALIDATED_PHOTO_CACHE_CONTROL);
  });

  return router;
}
