/**
 * Why a photo was refused, as the `code` of the problem answered, and the HTTP status each code
 * answers with: the one place a photo refusal meets HTTP. The web app keys its advice on the code.
 */
export const PHOTO_REFUSAL_STATUS = {
  /** Larger than MAX_IMAGE_BYTES, or the photos of one form together larger than allowed. */
  image_too_large: 413,
  /** Not a JPEG, PNG or WebP by its own bytes. */
  unsupported_image_type: 415,
  /** More than MAX_IMAGE_PIXELS: a decompression bomb, refused before decoding. */
  image_too_many_pixels: 422,
  /** Claims a format but does not decode as one. */
  image_unreadable: 422,
  /** A photo, but no palm the engine can read in it. */
  unreadable_photo: 422,
} as const satisfies Record<string, number>;
export type PhotoRefusalCode = keyof typeof PHOTO_REFUSAL_STATUS;

/** A refused photo wherever it is noticed: what went wrong, and the sentence saying what to do instead. */
export interface PhotoRefusal {
  code: PhotoRefusalCode;
  detail: string;
}

/** The refusal an error carries, if it is one (palm-photo's and the engine's refusals carry one). */
export function photoRefusalOf(error: unknown): PhotoRefusal | undefined {
  const refusal = (error as { refusal?: Partial<PhotoRefusal> } | null)?.refusal;
  return refusal?.code !== undefined &&
    refusal.code in PHOTO_REFUSAL_STATUS &&
    typeof refusal.detail === 'string'
    ? (refusal as PhotoRefusal)
    : undefined;
}
