import type { PhotoRefusal, ReadingResult, ReadingSubmission } from '@palm/contracts';
import type { NormalisedPhoto } from '@palm/palm-photo';

/**
 * The normalised photo every engine reads: an upright JPEG without metadata, at most 1024 px a side
 * (see @palm/palm-photo). Only its bytes: the observer takes the size from the decoded pixels.
 */
export type NormalisedImage = Pick<NormalisedPhoto, 'data'>;

export interface ReadingInput {
  readingId: string;
  image: NormalisedImage;
  /**
   * More photos of the same hand (up to MAX_PALM_FRAMES, `palmFrames`), normalised like `image`:
   * an engine may pool their evidence with it. The reading describes and draws on `image`.
   */
  frames?: readonly NormalisedImage[];
  submission: ReadingSubmission;
}

/**
 * Turns a palm photo and the visitor's answers into a reading. Implementations throw
 * `UnreadablePhotoError` when the photo cannot be read; any other error is treated as a
 * processing failure and retried.
 */
export interface ReadingEngine {
  readonly name: string;
  read(input: ReadingInput): Promise<ReadingResult>;
}

/** The visitor's photo cannot be read. The message is shown to them as is: it says how to retake it. */
export class UnreadablePhotoError extends Error {
  override name = 'UnreadablePhotoError';
  get refusal(): PhotoRefusal {
    return { code: 'unreadable_photo', detail: this.message };
  }
}
