import { NORMALISED_IMAGE_MAX_EDGE } from '@palm/contracts';
import { measurePalmSharpness, palmFrame, type ScreenPoint } from '@palm/hand-pose';
import type { FrameSource } from './hand-tracker';

/** Pixels drawn around the palm beyond its corners, for the bilinear samples at its rim. */
const MARGIN = 2;

/**
 * The palm's sharpness on a camera frame or a picked photo, as the server would measure it: the
 * server reads a photo scaled to NORMALISED_IMAGE_MAX_EDGE on its long side, so the frame is drawn
 * at that scale, and only the box around the palm, which is all the measure reads. Undefined when
 * the palm lies outside the frame.
 */
export function framePalmSharpness(
  frame: FrameSource,
  landmarks: readonly ScreenPoint[],
  context: CanvasRenderingContext2D,
): number | undefined {
  const scale = Math.min(1, NORMALISED_IMAGE_MAX_EDGE / Math.max(frame.width, frame.height));
  const [width, height] = [Math.round(frame.width * scale), Math.round(frame.height * scale)];
  const scaled = landmarks.map((p) => ({ x: (p.x * width) / frame.width, y: (p.y * height) / frame.height }));
  const corners = palmFrame(scaled).corners;
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const left = Math.max(0, Math.floor(Math.min(...xs)) - MARGIN);
  const top = Math.max(0, Math.floor(Math.min(...ys)) - MARGIN);
  const right = Math.min(width, Math.ceil(Math.max(...xs)) + MARGIN);
  const bottom = Math.min(height, Math.ceil(Math.max(...ys)) + MARGIN);
  if (right - left < 2 || bottom - top < 2) return undefined;
  const { canvas } = context;
  canvas.width = right - left;
  canvas.height = bottom - top;
  // Resizing the canvas reset its state: the downscale is smoothed, as the server's resize is.
  context.imageSmoothingQuality = 'high';
  context.setTransform(width / frame.width, 0, 0, height / frame.height, -left, -top);
  context.drawImage(frame.source, 0, 0, frame.width, frame.height);
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  // The palm's box is the whole image here: where it meets the frame's edge, samples clamp there as on the server.
  const image = { data, width: canvas.width, height: canvas.height, channels: 4 };
  return measurePalmSharpness(
    image,
    scaled.map((p) => ({ x: p.x - left, y: p.y - top })),
  );
}
