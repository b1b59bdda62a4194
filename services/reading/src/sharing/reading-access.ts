import type { Request } from 'express';
import { readingIdSchema } from '@palm/contracts';
import { notFound } from '@palm/platform';
import type { ReadingRecord, ReadingRepository } from '../reading.repository';
import { isOwner } from './reading-owner';

export const READING_NOT_FOUND = 'This reading does not exist. The link may be wrong or the reading removed.';

/**
 * Cache-Control for everything a reading's link opens (its JSON, photo, PDF and share card): what
 * "Stop sharing" revokes must not live on in a browser's or a proxy's cache. The PDF and the card
 * are kept in the blob store, so answering again costs a read, not a render.
 */
export const REVOCABLE_CONTENT_CACHE_CONTROL = 'no-store';

export interface ReadingAccess {
  reading: ReadingRecord;
  owner: boolean;
}

/** A reading is visible to everyone with its link while shared, and always to its owner's browser. */
export function canSee(reading: ReadingRecord, cookieHeader: string | undefined): ReadingAccess | undefined {
  const owner = isOwner(cookieHeader, reading.ownerHash);
  return owner || !reading.sharingStoppedAt ? { reading, owner } : undefined;
}

/** The reading of `req.params.id` as this browser may see it; otherwise the same 404 as an unknown id. */
export async function visibleReading(
  repository: ReadingRepository,
  req: Request,
  options: { withText?: boolean } = {},
): Promise<ReadingAccess> {
  const id = readingIdSchema.safeParse(req.params.id);
  const reading = id.success ? await repository.find(id.data, options) : undefined;
  const access = reading && canSee(reading, req.headers.cookie);
  if (!access) throw notFound(READING_NOT_FOUND);
  return access;
}
