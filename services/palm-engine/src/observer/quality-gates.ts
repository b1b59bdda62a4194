import type { HandSide, PalmRefusal, Point, RefusalReason } from '../palm-observation';
import type { HandDetection } from './hand-locator';
import { INDEX, judgePose, LITTLE, LONG_FINGERS, MIDDLE, POSE_ADVICE, THUMB, WRIST } from '@palm/hand-pose';
import { cross, distance, sub } from './plane-geometry';
import type { SurfaceStatistics } from './palm-surface';

/** Retake advice per refusal, shown to the visitor as is; how to hold the hand is the pose gate's own advice. */
export const RETAKE_MESSAGES: Record<RefusalReason, string> = {
  ...POSE_ADVICE,
  no_hand:
    'We could not find an open palm in this photo. Place your whole hand, palm facing the camera, in good light, with the wrist in the frame.',
  back_of_hand: 'This looks like the back of your hand. Please turn your hand over and photograph your palm.',
  hand_cut_off:
    'Part of your hand is outside the photo. Move the phone back until your whole hand and wrist fit in the photo.',
  hand_too_small:
    'Your hand is too small in this photo to read. Move the phone closer until your open hand and wrist fill most of the photo.',
  too_dark: 'This photo is too dark to see the lines of your palm. Please use daylight and hold still.',
  too_bright:
    'This photo is too bright: the light washes out the lines of your palm. Please use soft daylight, without flash, and hold still.',
  blurred: 'This photo is too blurred to see the lines of your palm. Please use daylight and hold still.',
  other_hand_side:
    'Your photos show both your left and your right hand. Please take every photo of the same palm, the hand you chose to read.',
  different_hand:
    "Your photos seem to show more than one person's hand. Please take every photo of the same palm, held the same way.",
};

export function refusal(reason: RefusalReason): PalmRefusal {
  return { kind: 'refused', reason, message: RETAKE_MESSAGES[reason] };
}

const MIN_PRESENCE = 0.5;
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
// Calibrated on the 21 sample palms (brightness 76–215, sharpness ≥ 2.7 grey levels) with a wide
// margin, and checked on darkened, burnt-out and blurred copies of them. Soft phone photos whose
// creases are still plain to see score 0.9–1.2 (../shared/palms/lines); a sample palm blurred
// with σ = 4 px scores 0.78–0.80, so the floor sits between them.
const MIN_BRIGHTNESS = 45;
const MAX_BRIGHTNESS = 235;
const MAX_CLIPPED = 0.5;
const MIN_SHARPNESS = 0.85;

/**
 * The side the landmarks' geometry implies if the palm faces the camera: with the fingers up, a
 * right palm has its thumb (index knuckle) on the image's right.
 */
export function palmSideFromLandmarks(landmarks: readonly Point[]): HandSide {
  const wrist = landmarks[WRIST]!;
  const turn = cross(sub(landmarks[INDEX[0]]!, wrist), sub(landmarks[LITTLE[0]]!, wrist));
  return turn < 0 ? 'right' : 'left';
}

/** Below this sine of the angle wrist→index knuckle / wrist→little knuckle, the palm is seen too edge-on for its chirality to be sure. */
const CLEAR_CHIRALITY = 0.2;

/**
 * The hand's side from its own chirality (the thumb-side knuckle against the little-finger one,
 * turning about the wrist), which a rotation of the photo cannot change: the palm-versus-back
 * test has already made sure the palm faces the camera. The confidence rests on how clearly the
 * knuckles fan out, less when the network hesitates or disagrees.
 */
export function handSide(
  landmarks: readonly Point[],
  handedness: number,
): { side: HandSide; confidence: number } {
  const wrist = landmarks[WRIST]!;
  const toIndex = sub(landmarks[INDEX[0]]!, wrist);
  const toLittle = sub(landmarks[LITTLE[0]]!, wrist);
  const sine =
    Math.abs(cross(toIndex, toLittle)) /
    (Math.hypot(toIndex.x, toIndex.y) * Math.hypot(toLittle.x, toLittle.y) || 1);
  const side = palmSideFromLandmarks(landmarks);
  const networkAgrees = sideFromHandedness(handedness) === side;
  const confidence = (0.55 + 0.4 * Math.min(1, sine / CLEAR_CHIRALITY)) * (networkAgrees ? 1 : 0.9);
  return { side, confidence };
}

/** The side the network recognises from the hand's look; on non-mirrored photos > 0.5 means right. */
export function sideFromHandedness(handedness: number): HandSide {
  return handedness > 0.5 ? 'right' : 'left';
}

function isCutOff(landmarks: readonly Point[], width: number, height: number): boolean {
  const palmLength = distance(landmarks[WRIST]!, landmarks[MIDDLE[0]]!);
  return landmarks.some((p, i) => {
    const outside = Math.max(-p.x, -p.y, p.x - width, p.y - height);
    if (WRIST_POINTS.includes(i)) return outside > palmLength * WRIST_CUT_OFF_TOLERANCE;
    const tolerance = FINGERTIPS.includes(i) ? FINGERTIP_CUT_OFF_TOLERANCE : CUT_OFF_TOLERANCE;
    return Math.max(-p.x / width, -p.y / height, (p.x - width) / width, (p.y - height) / height) > tolerance;
  });
}

/**
 * Gates on the hand itself, in the order a person would fix them. A back of hand shows itself
 * when the side the network recognises disagrees with the side the landmarks imply for a palm.
 * Once the whole palm is in the photo, the pose gate judges how the hand is held.
 */
export function handGate(
  detection: HandDetection,
  image: { width: number; height: number },
  palmAreaFraction: number,
): PalmRefusal | undefined {
  if (detection.presence < MIN_PRESENCE) return refusal('no_hand');
  if (palmSideFromLandmarks(detection.landmarks) !== sideFromHandedness(detection.handedness)) {
    if (detection.presence < BACK_OF_HAND_PRESENCE) return refusal('no_hand');
    if (Math.abs(detection.handedness - 0.5) >= SURE_SIDE) return refusal('back_of_hand');
  }
  if (isCutOff(detection.landmarks, image.width, image.height)) return refusal('hand_cut_off');
  if (palmAreaFraction < MIN_PALM_AREA_FRACTION) return refusal('hand_too_small');
  const pose = judgePose({ screen: detection.landmarks, world: detection.worldLandmarks });
  if (!pose.ok) return refusal(pose.reason);
  return undefined;
}

export function photoQualityGate(statistics: SurfaceStatistics): PalmRefusal | undefined {
  if (statistics.brightness < MIN_BRIGHTNESS) return refusal('too_dark');
  if (statistics.brightness > MAX_BRIGHTNESS || statistics.clipped > MAX_CLIPPED)
    return refusal('too_bright');
  if (statistics.sharpness < MIN_SHARPNESS) return refusal('blurred');
  return undefined;
}
