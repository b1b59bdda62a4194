import { captureHintText, judgePhoto, type HandSide } from '@palm/hand-pose';
import { createHandTracker } from './hand-tracker';

/**
 * Advice on a picked photo, in the live capture's words, or undefined when the server's gates
 * would let it through (hand, side, size, light, pose). The server stays the authority: this only
 * tells the visitor early. Blur is left to the server, whose measure needs the palm resampled.
 */
export async function adviseOnPhoto(photo: Blob, hand: HandSide): Promise<string | undefined> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const tracker = await createHandTracker();
    const frame = await tracker.analyse({ source: bitmap, width: bitmap.width, height: bitmap.height }, 0);
    const hint = judgePhoto(frame, hand);
    return hint && captureHintText(hint, hand);
  } finally {
    bitmap.close();
  }
}
