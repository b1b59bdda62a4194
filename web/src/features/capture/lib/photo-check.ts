import { captureHintText, judgePhoto, type HandSide } from '@palm/hand-pose';
import { createHandTracker } from './hand-tracker';

/**
 * Advice on a picked photo, in the live capture's words, or undefined when the server's gates
 * would let it through (hand, side, size, light, pose, blur). The server stays the authority: this
 * only tells the visitor early.
 */
export async function adviseOnPhoto(photo: Blob, hand: HandSide): Promise<string | undefined> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const tracker = await createHandTracker();
    const source = { source: bitmap, width: bitmap.width, height: bitmap.height };
    const frame = await tracker.analyse(source, 0);
    const hint = judgePhoto({ ...frame, sharpness: tracker.sharpness(source, frame.detection) }, hand);
    return hint && captureHintText(hint, hand);
  } finally {
    bitmap.close();
  }
}
