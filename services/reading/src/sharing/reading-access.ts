import type { Request } from 'express';
import { readingIdSchema, type ReadingResult } from '@palm/contracts';
import { HttpError, notFound } from '@palm/platform';
import type { ReadingRecord, ReadingRepository } from '../reading.repository';
import { isOwner } from './reading-owner';

export const READING_NOT_FOUND = 'This reading does not exist. The link may be wrong or the reading removed.';

/**
 * Cache-Control for everything a reading's link opens (its JSON, photo, PDF and share card): what
 * "Stop sharing" revokes must not live on in a browser's or a proxy's cache. The PDF and the card
 * are kept in the blob store, so answering again costs a read, not a render.
 */
export const REVOCABLE_CONTENT_CACHE_CONTROL = 'no-store';

/**
 * The photo's sized copies (the report's srcset) may be kept by the browser that was shown them,
 * but never reused without asking the server first (which answers 404 once sharing stops or the
 * reading is deleted) and never by a shared cache. `no-store` would make Chromium drop the copy
 * the page's HTML preloads and fetch it a second time.
 */
export const REVALIDATED_PHOTO_CACHE_CONTROL = 'private, no-cache';

export interface ReadingAccess {
  reading: ReadingRecord;
  owner: boolean;
}

/**
 * The reading as anyone but its owner sees it: the palm-only version the engine wrote beside the
 * owner's, so the visitor's answers and own words never leave their browser through a link.
 */
export function palmOnlyView(reading: ReadingRecord): ReadingRecord {
  const shared = reading.result?.shared;
  if (!shared) return { ...reading, result: null };
  // The owner's themes are left out with the owner's sections: a palm-only version brings its own.
  const { themes: _ownersThemes, ...palmFacts } = reading.result!;
  // `shared` stays, so a view made twice is the same view.
  return { ...reading, result: { ...palmFacts, ...shared } };
}

/** The stored result without the palm-only copy: nobody needs both. */
export function withoutSharedVersion(result: ReadingResult): ReadingResult {
  const { shared: _shared, ...own } = result;
  return own;
}

/** A reading is visible to its owner's browser, and to everyone with its link once the owner shares it. */
export function canSee(reading: ReadingRecord, cookieHeader: string | undefined): ReadingAccess | undefined {
  const owner = isOwner(cookieHeader, reading.ownerHash);
  if (owner) return { reading, owner };
  return reading.sharedAt ? { reading: palmOnlyView(reading), owner } : undefined;
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

/**
 * The reading of `req.params.id` for what only its owner's browser may do (`action`, e.g. "delete
 * it"): anyone else who can see it gets 403 not_owner, anyone who cannot the same 404 as ever.
 */
export async function ownedReading(
  repository: ReadingRepository,
  req: Request,
  action: string,
  options: { withText?: boolean } = {},
): Promise<ReadingRecord> {
  const { reading, owner } = await visibleReading(repository, req, options);
  if (!owner) {
    throw new HttpError(403, `Only the browser that made this reading can ${action}.`, { code: 'not_owner' });
  }
  return reading;
}
