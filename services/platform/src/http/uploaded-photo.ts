import { MAX_IMAGE_PIXELS } from '@palm/contracts';
import { normalisePalmPhoto, PhotoRejectedError, type NormalisedPhoto } from '@palm/palm-photo';
import { HttpError } from './http-error';

function refusal(error: PhotoRejectedError): HttpError {
  switch (error.reason) {
    case 'unsupported_type':
      return new HttpError(
        415,
        'This file is not a photo we can read. Please choose a JPG, PNG or WebP image.',
        {
          code: 'unsupported_image_type',
        },
      );
    case 'too_many_pixels':
      return new HttpError(
        422,
        `This photo has too many pixels (${Math.round((error.pixels ?? 0) / 1e6)} megapixels). Please use a photo of at most ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
        { code: 'image_too_many_pixels' },
      );
    case 'unreadable':
      return new HttpError(
        422,
        'We could not open this photo. It may be damaged or incomplete — please take or choose it again.',
        { code: 'image_unreadable' },
      );
  }
}

/**
 * An uploaded photo as the product keeps it (upright, bounded, re-encoded, no metadata), before
 * anything is stored: a file that is not a JPEG, PNG or WebP answers 415, a decompression bomb over
 * the pixel limit or a broken file 422, each with what to do instead. `label` names which of
 * several photos of one request was refused ("Extra frame 2"), in front of the same sentence.
 */
export async function normaliseUploadedPhoto(bytes: Buffer, label?: string): Promise<NormalisedPhoto> {
  return normalisePalmPhoto(bytes).catch((error: unknown) => {
    if (!(error instanceof PhotoRejectedError)) throw error;
    const problem = refusal(error);
    if (!label) throw problem;
    throw new HttpError(problem.status, `${label}: ${problem.detail}`, problem.options);
  });
}
