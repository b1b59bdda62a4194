import { UnreadablePhotoError } from '../reading-engine';
import type { PhotoMeasurements } from './photo-measurements';

/** Retake advice, shown to the visitor as is. */
export const RETAKE_ADVICE = {
  tooDark:
    'This photo is too dark to read your palm. Please retake it in daylight or a well-lit room, palm facing the light.',
  overexposed:
    'This photo is too bright: the palm is washed out. Please retake it in soft daylight, out of direct sun and without flash.',
  noPalm:
    'We could not find an open palm in this photo. Place your whole hand, palm up, in daylight, with the wrist in the frame.',
  tooClose:
    'Your hand is too close to the camera. Move the phone back until your whole hand and wrist fit in the photo.',
  blurred:
    'This photo is too blurred to read the lines of your palm. Hold the phone still, let it focus, and retake it.',
} as const;

// Calibrated on the sample palms (brightness ≥ 57, sharpness ≥ 186, skin ≥ 17 % of the photo, at most 52 %)
// with a margin, and on generated black, white, grey, noise, blurred and darkened photos.
const MIN_BRIGHTNESS = 45;
const MAX_BRIGHTNESS = 240;
const MAX_BRIGHT_CLIPPED = 0.85;
const MIN_SKIN_FRACTION = 0.08;
const MAX_SKIN_FRACTION = 0.9;
const MIN_SHARPNESS = 50;

/** Refuses a photo the engines cannot read, with advice on how to retake it. */
export function assertReadablePhoto(photo: PhotoMeasurements): void {
  if (photo.brightness < MIN_BRIGHTNESS) throw new UnreadablePhotoError(RETAKE_ADVICE.tooDark);
  if (photo.brightness > MAX_BRIGHTNESS || photo.brightClipped > MAX_BRIGHT_CLIPPED) {
    throw new UnreadablePhotoError(RETAKE_ADVICE.overexposed);
  }
  if (photo.skinFraction < MIN_SKIN_FRACTION) throw new UnreadablePhotoError(RETAKE_ADVICE.noPalm);
  if (photo.skinFraction > MAX_SKIN_FRACTION) throw new UnreadablePhotoError(RETAKE_ADVICE.tooClose);
  if (photo.sharpness < MIN_SHARPNESS) throw new UnreadablePhotoError(RETAKE_ADVICE.blurred);
}
