import {
  INDEX,
  LITTLE,
  LONG_FINGERS,
  MIDDLE,
  THUMB,
  WRIST,
  type ScreenPoint,
  type WorldPoint,
} from './hand-landmarks';
import { judgePose, type PoseProblem } from './pose-gate';

export type HandSide = 'left' | 'right';

/** What the landmark network reports for one crop, with the landmarks in image pixels. */
export interface HandDetection {
  landmarks: ScreenPoint[];
  /** The same landmarks in metres, 3-D, turned to the image's axes. */
  worldLandmarks: WorldPoint[];
  presence: number;
  /** > 0.5: a right hand on a non-mirrored photo. */
  handedness: number;
}

/** What is wrong with the hand on a photo, in the order a person would fix it. */
export type HandProblem = 'no_hand' | 'back_of_hand' | 'hand_cut_off' | 'hand_too_small' | PoseProblem;

export const MIN_PRESENCE = 0.5;
/**
 * Calling a photo "the back of a hand" needs a sure hand: weaker detections on scenes (a shape
 * in a body or a background) are refused as no hand instead.
 */
const BACK_OF_HAND_PRESENCE = 0.9;
/**
 * On a sure hand, the network's side must be this sure (0.5 = no idea) before it may overrule the
 * landmarks: on backs of hands it answers 0.01–0.27 or 0.97–0.98, on some cropped palms a
 * hesitant 0.58.
 */
const SURE_SIDE = 0.2;
/**
 * Landmarks may stray this fraction of the image outside it (joint centres sit inside the skin);
 * fingertips a little more, since a clipped fingertip hides nothing a reading uses.
 */
const CUT_OFF_TOLERANCE = 0.01;
const FINGERTIP_CUT_OFF_TOLERANCE = 0.05;
const FINGERTIPS: readonly number[] = [THUMB[3], ...LONG_FINGERS.map((finger) => finger[3])];
/**
 * The wrist landmark and the thumb's base sit on the wrist crease, where a photo that shows the
 * whole palm often ends: they may lie outside by this fraction of the palm length (wrist → middle
 * knuckle) while every other landmark, and so the palm and fingers, is inside.
 */
const WRIST_CUT_OFF_TOLERANCE = 0.35;
const WRIST_POINTS: readonly number[] = [WRIST, THUMB[0]];
const MIN_PALM_AREA_FRACTION = 0.02;

const cross = (a: ScreenPoint, b: ScreenPoint) => a.x * b.y - a.y * b.x;
const minus = (a: ScreenPoint, b: ScreenPoint): ScreenPoint => ({ x: a.x - b.x, y: a.y - b.y });

/**
 * The side the landmarks' geometry implies if the palm faces the camera: with the fingers up, a
 * right palm has its thumb (index knuckle) on the image's right.
 */
export function palmSideFromLandmarks(landmarks: readonly ScreenPoint[]): HandSide {
  const wrist = landmarks[WRIST]!;
  const turn = cross(minus(landmarks[INDEX[0]]!, wrist), minus(landmarks[LITTLE[0]]!, wrist));
  return turn < 0 ? 'right' : 'left';
}

/** The side the network recognises from the hand's look; on non-mirrored photos > 0.5 means right. */
export function sideFromHandedness(handedness: number): HandSide {
  return handedness > 0.5 ? 'right' : 'left';
}

/** Whether this landmark lies further outside the photo than its tolerance allows. */
function outsidePhoto(landmarks: readonly ScreenPoint[], i: number, width: number, height: number): boolean {
  const p = landmarks[i]!;
  if (WRIST_POINTS.includes(i)) {
    const wrist = landmarks[WRIST]!;
    const knuckle = landmarks[MIDDLE[0]]!;
    const palmLength = Math.hypot(wrist.x - knuckle.x, wrist.y - knuckle.y);
    return Math.max(-p.x, -p.y, p.x - width, p.y - height) > palmLength * WRIST_CUT_OFF_TOLERANCE;
  }
  const tolerance = FINGERTIPS.includes(i) ? FINGERTIP_CUT_OFF_TOLERANCE : CUT_OFF_TOLERANCE;
  return Math.max(-p.x / width, -p.y / height, (p.x - width) / width, (p.y - height) / height) > tolerance;
}

/**
 * The long fingers' joints beyond their knuckles. A phone photo often ends across them (17 of the
 * 300 labelled phone photos), with the whole palm, its lines and the thumb still in it: such a
 * photo is read, with the finger lengths left open (`fingersRunOff`).
 */
const BEYOND_KNUCKLES: readonly number[] = LONG_FINGERS.flatMap((finger) => finger.slice(1));

/** Whether part of the palm or the thumb lies outside the photo (the long fingers may: `fingersRunOff`). */
export function isCutOff(landmarks: readonly ScreenPoint[], width: number, height: number): boolean {
  return landmarks.some((_, i) => !BEYOND_KNUCKLES.includes(i) && outsidePhoto(landmarks, i, width, height));
}

/** Whether a long finger runs off the photo beyond its knuckle, so its length cannot be measured. */
export function fingersRunOff(landmarks: readonly ScreenPoint[], width: number, height: number): boolean {
  return BEYOND_KNUCKLES.some((i) => outsidePhoto(landmarks, i, width, height));
}

/**
 * Gates on the hand itself, in the order a person would fix them. A back of hand shows itself
 * when the side the network recognises disagrees with the side the landmarks imply for a palm,
 * unless the caller has seen the palm itself (`palmShown`: the server, which sees its lines). A
 * palm cut off by the photo is refused; fingertips running off it are not (`fingersRunOff`).
 * Once the whole palm is in the photo, the pose gate judges how the hand is held. The server
 * refuses a photo with it; the browser's live capture coaches with it.
 */
export function judgeHand(
  detection: HandDetection,
  image: { width: number; height: number },
  palmAreaFraction: number,
  { palmShown = false }: { palmShown?: boolean } = {},
): HandProblem | undefined {
  if (detection.presence < MIN_PRESENCE) return 'no_hand';
  if (!palmShown && palmSideFromLandmarks(detection.landmarks) !== sideFromHandedness(detection.handedness)) {
    if (detection.presence < BACK_OF_HAND_PRESENCE) return 'no_hand';
    if (Math.abs(detection.handedness - 0.5) >= SURE_SIDE) return 'back_of_hand';
  }
  if (isCutOff(detection.landmarks, image.width, image.height)) return 'hand_cut_off';
  if (palmAreaFraction < MIN_PALM_AREA_FRACTION) return 'hand_too_small';
  const pose = judgePose({ screen: detection.landmarks, world: detection.worldLandmarks });
  return pose.ok ? undefined : pose.reason;
}
