import { extractModelInput } from './crop-window';
import type { HandLandmarkModel } from './hand-landmark.model';
import {
  cropToImage,
  cropVectorToImage,
  windowAroundHand,
  type CropWindow,
  type HandDetection,
} from '@palm/hand-pose';
import type { RgbImage } from './rgb-image';

/** A seed this sure needs no other orientation tried. */
const CONFIDENT_PRESENCE = 0.95;
/** Below this after refining the whole-photo seeds, the small-hand grid is searched too. */
const FOUND_PRESENCE = 0.5;
const REFINEMENT_STEPS = 2;
const SEED_ROTATIONS = [0, Math.PI / 2, Math.PI, -Math.PI / 2];

/**
 * Finds the hand the way MediaPipe's tracker does, without its palm detector: the whole photo is
 * a first crop (in four orientations), then each answer frames a tighter, upright crop. Photos
 * where the hand is small get a second chance through a 3×3 grid of half-size crops.
 */
export async function locateHand(image: RgbImage, model: HandLandmarkModel): Promise<HandDetection> {
  const seeds = wholePhotoWindows(image);
  let found = await refine(image, model, await bestOf(image, model, seeds, CONFIDENT_PRESENCE));
  if (found.presence < FOUND_PRESENCE) {
    const fromGrid = await refine(
      image,
      model,
      await bestOf(image, model, gridWindows(image), CONFIDENT_PRESENCE),
    );
    if (fromGrid.presence > found.presence) found = fromGrid;
  }
  return found;
}

async function detect(image: RgbImage, model: HandLandmarkModel, window: CropWindow): Promise<HandDetection> {
  const prediction = await model.predict(extractModelInput(image, window));
  return {
    landmarks: prediction.landmarks.map((p) => cropToImage(window, p.x, p.y)),
    worldLandmarks: prediction.worldLandmarks.map((p) => cropVectorToImage(window, p)),
    presence: prediction.presence,
    handedness: prediction.handedness,
  };
}

async function bestOf(
  image: RgbImage,
  model: HandLandmarkModel,
  windows: CropWindow[],
  goodEnough: number,
): Promise<HandDetection> {
  let best: HandDetection | undefined;
  for (const window of windows) {
    const detection = await detect(image, model, window);
    if (!best || detection.presence > best.presence) best = detection;
    if (best.presence > goodEnough) break;
  }
  if (!best) throw new Error('No crop windows to search');
  return best;
}

/** Re-crops around the landmarks found; keeps a refinement only while it still sees a hand. */
async function refine(
  image: RgbImage,
  model: HandLandmarkModel,
  seed: HandDetection,
): Promise<HandDetection> {
  let current = seed;
  for (let step = 0; step < REFINEMENT_STEPS; step++) {
    const next = await detect(image, model, windowAroundHand(current.landmarks));
    if (next.presence < FOUND_PRESENCE && next.presence < current.presence) break;
    current = next;
  }
  return current;
}

function wholePhotoWindows(image: RgbImage): CropWindow[] {
  const center = { x: image.width / 2, y: image.height / 2 };
  const size = Math.max(image.width, image.height);
  return SEED_ROTATIONS.map((rotation) => ({ center, size, rotation }));
}

function gridWindows(image: RgbImage): CropWindow[] {
  const size = Math.max(image.width, image.height) / 2;
  const fractions = [0.25, 0.5, 0.75];
  return fractions.flatMap((fy) =>
    fractions.map((fx) => ({ center: { x: image.width * fx, y: image.height * fy }, size, rotation: 0 })),
  );
}
