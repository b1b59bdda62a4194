import { randomBytes } from 'node:crypto';

/** 128 random bits as 22 base64url characters: unguessable, never sequential. */
export function newReadingId(): string {
  return randomBytes(16).toString('base64url');
}

/** Everything kept beside a reading in the blob store lives under this folder, whoever put it there. */
export const readingBlobFolder = (id: string) => `readings/${id}`;
