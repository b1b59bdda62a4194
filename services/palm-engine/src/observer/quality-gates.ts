import type {
  HandSide,
  LineName,
  LineObservation,
  PalmRefusal,
  Point,
  RefusalReason,
} from '../palm-observation';
import {
  INDEX,
  judgeHand,
  MAX_PALM_BRIGHTNESS,
  MIN_PALM_BRIGHTNESS,
  MIN_PALM_SHARPNESS,
  type HandDetection,
  LITTLE,
  palmSideFromLandmarks,
  POSE_ADVICE,
  sideFromHandedness,
  WRIST,
} from '@palm/hand-pose';
import { cross, sub } from './plane-geometry';
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
  too_little_seen:
    'We could make out only one feature of your palm in this photo, too little for an honest reading. Please take it again in soft, even daylight, with your palm flat and facing the camera, fingers straight and a little apart, filling most of the photo.',
};

export function refusal(reason: RefusalReason): PalmRefusal {
  return { kind: 'refused', reason, message: RETAKE_MESSAGES[reason] };
}

// The light and sharpness floors live in @palm/hand-pose, where the browser's checks read them too.
const MAX_CLIPPED = 0.5;

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

/**
 * Gates on the hand itself (the shared judgement in @palm/hand-pose, which the browser's live
 * capture coaches with), as the visitor's retake advice.
 */
export function handGate(
  detection: HandDetection,
  image: { width: number; height: number },
  palmAreaFraction: number,
  palmShown = false,
): PalmRefusal | undefined {
  const problem = judgeHand(detection, image, palmAreaFraction, { palmShown });
  return problem ? refusal(problem) : undefined;
}

/**
 * Whether the palm's own creases show: the heart, head and life lines all seen. The back of a hand
 * has none of them (on the shared backs of hands the scan sees the life line's corridor crossed at
 * most), so where the network calls a hand's back but all three show, the palm faces the camera:
 * the network's sense of side wavers on some palms, a dark-skinned one among the phone photos.
 */
export const palmLinesShown = (lines: Record<LineName, LineObservation>): boolean =>
  PALM_LINES.every((line) => lines[line].seen);
const PALM_LINES = ['heart', 'head', 'life'] as const satisfies readonly LineName[];

export function photoQualityGate(statistics: SurfaceStatistics): PalmRefusal | undefined {
  if (statistics.brightness < MIN_PALM_BRIGHTNESS) return refusal('too_dark');
  if (statistics.brightness > MAX_PALM_BRIGHTNESS || statistics.clipped > MAX_CLIPPED)
    return refusal('too_bright');
  if (statistics.sharpness < MIN_PALM_SHARPNESS) return refusal('blurred');
  return undefined;
}
