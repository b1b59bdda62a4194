import { PHOTO_REFUSAL_STATUS, photoRefusalOf, type PhotoRefusal } from '@palm/contracts';
import { HttpError } from './http-error';

/**
 * The problem a refused photo answers with: its status follows from its code (PHOTO_REFUSAL_STATUS),
 * its detail is the refusal's own sentence. `label` names which of several photos of one request
 * was refused ("Extra frame 2"), in front of that sentence.
 */
export function photoRefused(refusal: PhotoRefusal, label?: string): HttpError {
  return new HttpError(
    PHOTO_REFUSAL_STATUS[refusal.code],
    label ? `${label}: ${refusal.detail}` : refusal.detail,
    { code: refusal.code },
  );
}

/**
 * What `work` makes of an uploaded photo, before anything is stored; an error carrying a photo
 * refusal (a file of the wrong type, a decompression bomb, a broken file) becomes its problem.
 */
export async function withPhotoRefusals<T>(work: Promise<T>, label?: string): Promise<T> {
  return work.catch((error: unknown) => {
    const refusal = photoRefusalOf(error);
    throw refusal ? photoRefused(refusal, label) : error;
  });
}
