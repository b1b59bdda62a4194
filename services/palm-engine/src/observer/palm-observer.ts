import { fingersRunOff, palmFrame, resamplePalm } from '@palm/hand-pose';
import type { NormalisedImage } from '../reading-engine';
import {
  MOUNT_NAMES,
  type MountName,
  type MountObservation,
  type PalmObservation,
  type PalmObserverResult,
  type Point,
} from '../palm-observation';
import { scanCreases } from './crease-scan';
import { loadHandLandmarkModel, type HandLandmarkModel } from './hand-landmark.model';
import { measureHandGeometry } from './hand-geometry';
import { locateHand } from './hand-locator';
import { mountAnchors } from './palm-anchors';
import { handOutline } from './palm-frame';
import { surfaceStatistics } from './palm-surface';
import { polygonArea } from './plane-geometry';
import { handGate, handSide, palmLinesShown, photoQualityGate } from './quality-gates';
import { decodeRgb } from './rgb-image';

/** Mounts are bulges: a frontal photo locates them well but cannot tell how full they are. */
const MOUNT_CONFIDENCE = 0.3;

export interface PalmObserver {
  observe(image: NormalisedImage): Promise<PalmObserverResult>;
}

/** Looks at one photo: finds the hand, refuses it with retake advice, or describes what it sees. */
export async function observeWith(
  model: HandLandmarkModel,
  image: NormalisedImage,
): Promise<PalmObserverResult> {
  const rgb = await decodeRgb(image);
  const detection = await locateHand(rgb, model);
  const { landmarks } = detection;
  const frame = palmFrame(landmarks);
  const palmAreaFraction = polygonArea(frame.corners) / (rgb.width * rgb.height);
  const handRefusal = handGate(detection, rgb, palmAreaFraction);
  if (handRefusal && handRefusal.reason !== 'back_of_hand') return handRefusal;

  const diagonal = Math.hypot(rgb.width, rgb.height);
  const geometry = measureHandGeometry(landmarks, diagonal, detection.worldLandmarks);
  const palmWidthPx = geometry.palmWidth * diagonal;
  const surface = resamplePalm(rgb, frame, palmWidthPx, geometry.palmRatio);
  const statistics = surfaceStatistics(surface);
  const toPercent = (p: Point): Point => ({ x: (p.x / rgb.width) * 100, y: (p.y / rgb.height) * 100 });
  // What the network takes for the back of a hand is a palm where the palm's own lines show; the
  // rest of the hand's gates then judge it as a palm.
  let creases: ReturnType<typeof scanCreases> | undefined;
  if (handRefusal) {
    creases = scanCreases(surface, frame, statistics.contrast, toPercent, palmWidthPx);
    if (!palmLinesShown(creases.lines)) return handRefusal;
    const palmRefusal = handGate(detection, rgb, palmAreaFraction, true);
    if (palmRefusal) return palmRefusal;
  }
  const qualityRefusal = photoQualityGate(statistics);
  if (qualityRefusal) return qualityRefusal;

  const anchors = mountAnchors(landmarks, frame);
  const mounts = Object.fromEntries(
    MOUNT_NAMES.map((name) => [name, { anchor: toPercent(anchors[name]), confidence: MOUNT_CONFIDENCE }]),
  ) as Record<MountName, MountObservation>;
  const { lines, creaseDensity } =
    creases ?? scanCreases(surface, frame, statistics.contrast, toPercent, palmWidthPx);

  const side = handSide(landmarks, detection.handedness);
  const observation: PalmObservation = {
    kind: 'palm',
    side: side.side,
    sideConfidence: side.confidence,
    landmarks: landmarks.map(toPercent),
    worldLandmarks: detection.worldLandmarks,
    outline: handOutline(landmarks, frame).map(toPercent),
    geometry,
    ...(fingersRunOff(landmarks, rgb.width, rgb.height) ? { fingersCutOff: true } : {}),
    mounts,
    lines,
    creaseDensity,
    quality: {
      brightness: statistics.brightness,
      contrast: statistics.contrast,
      sharpness: statistics.sharpness,
      palmAreaFraction,
    },
  };
  return observation;
}

let shared: Promise<PalmObserver> | undefined;

/** Loads the hand-landmark model once per process; later calls share it. */
export function createPalmObserver(): Promise<PalmObserver> {
  shared ??= loadHandLandmarkModel().then((model) => ({ observe: (image) => observeWith(model, image) }));
  shared.catch(() => {
    shared = undefined;
  });
  return shared;
}
