import { captureHintText, fingersLifted, fingersRunOff, judgePhoto, type HandSide } from '@palm/hand-pose';
import { createHandTracker } from './hand-tracker';

/**
 * What the page says of a picked photo: a refusal the server would make, in the live capture's
 * words, or a tip for a fuller reading of a photo the server would read.
 */
export type PhotoAdvice = { kind: 'refusal'; text: string } | { kind: 'tip'; text: string };

/** Said of a photo the server reads though it ends across the fingers, whose lengths it leaves open. */
const FINGERS_CUT_OFF_TIP =
  'Your fingertips run off the edge of this photo, so their length will be left unread. For a fuller reading, take it again with your whole hand in the photo, or go on with this one.';

/** Said of a photo the server reads but whose lifted fingers leave their lengths open. */
const FINGERS_LIFTED_TIP =
  'Your fingers lift toward the camera in this photo, so their length may be left unread. For a fuller reading, lay your fingers flat, in line with your palm, and take it again, or go on with this one.';

/**
 * Advice on a picked photo, or undefined when the server's gates would let it through (hand,
 * side, size, light, pose, blur) and its fingers lie flat inside the photo. The server stays the
 * authority: this only tells the visitor early.
 */
export async function adviseOnPhoto(photo: Blob, hand: HandSide): Promise<PhotoAdvice | undefined> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const tracker = await createHandTracker();
    const source = { source: bitmap, width: bitmap.width, height: bitmap.height };
    const frame = await tracker.analyse(source, 0);
    const hint = judgePhoto({ ...frame, sharpness: tracker.sharpness(source, frame.detection) }, hand);
    if (hint) return { kind: 'refusal', text: captureHintText(hint, hand) };
    if (fingersRunOff(frame.detection.landmarks, frame.frame.width, frame.frame.height))
      return { kind: 'tip', text: FINGERS_CUT_OFF_TIP };
    return fingersLifted(frame) ? { kind: 'tip', text: FINGERS_LIFTED_TIP } : undefined;
  } finally {
    bitmap.close();
  }
}
