import type { HandLandmarks } from './hand-landmarks';
import {
  extendedFingerCount,
  fingerCurlDegrees,
  fingerFanRatio,
  palmTiltDegrees,
  steepestFingerLiftDegrees,
} from './pose-measures';

/** What is wrong with how the hand is held, in the order a person would fix it. */
export type PoseProblem = 'palm_tilted' | 'fingers_curled' | 'fingers_bent' | 'fingers_closed';

/**
 * Retake advice per pose problem, shown to the visitor as is: the first sentence says what is
 * wrong, the last what to do, which the live capture may show alone.
 */
export const POSE_ADVICE: Record<PoseProblem, string> = {
  fingers_curled: 'Please open your hand, fingers relaxed and slightly apart.',
  palm_tilted:
    'Your palm is turned away from the camera, which distorts its proportions. Hold your palm flat, facing the camera.',
  fingers_bent: 'Your fingers are bent, so their length cannot be measured. Straighten your fingers.',
  fingers_closed:
    'Your fingers are pressed together, so each one cannot be measured. Spread your fingers a little.',
};

export type PoseVerdict = { ok: true } | { ok: false; reason: PoseProblem; message: string };

/** The measures the verdict rests on, for calibration and for a live capture's guidance. */
export interface PoseMeasures {
  extendedFingers: number;
  /** How far the palm is turned from facing the camera squarely. */
  tiltDegrees: number;
  /** The most bent long finger's curl. */
  maxCurlDegrees: number;
  /** The long finger farthest out of the palm's plane. */
  maxLiftDegrees: number;
  /** Index-to-little fingertip distance over knuckle distance: how the fingers fan out. */
  fanRatio: number;
}

const MIN_EXTENDED_FINGERS = 4;
// Calibrated on the shared photos (npm run bench:pose, docs/benchmarks.md). Every limit lies past
// what the photos the engine reads show: tilt ≤ 33° on the sample palms, ≤ 21° on the retest hands
// (laid flat), ≤ 40° on 278 phone photos; curl ≤ 69°; lift ≤ 65°; fan ≥ 0.67. A single estimate
// scatters widely (synthetic turns of the sample palms move it far less than the turn), so a
// tighter gate would refuse good photos before it caught more bad ones.
const MAX_TILT_DEGREES = 43;
const MAX_CURL_DEGREES = 80;
const MAX_LIFT_DEGREES = 75;
/** Fingertips bunched much closer together than the knuckles: fingers pressed into a cone or crossed. */
const MIN_FAN_RATIO = 0.6;

export function measurePose(hand: HandLandmarks): PoseMeasures {
  const curls = Object.values(fingerCurlDegrees(hand.world));
  return {
    extendedFingers: extendedFingerCount(hand.screen),
    tiltDegrees: palmTiltDegrees(hand.world),
    maxCurlDegrees: Math.max(...curls),
    maxLiftDegrees: steepestFingerLiftDegrees(hand.world),
    fanRatio: fingerFanRatio(hand.world),
  };
}

const refuse = (reason: PoseProblem): PoseVerdict => ({ ok: false, reason, message: POSE_ADVICE[reason] });

/**
 * Whether a hand is held so that its proportions can be measured: open, the palm square to the
 * camera, the fingers straight and a little apart. The same judgement serves the server (which
 * refuses the photo) and a live capture (which coaches the visitor before the shot).
 */
export function judgePose(hand: HandLandmarks): PoseVerdict {
  const pose = measurePose(hand);
  // A turned palm foreshortens its fingers on the photo: judged first, it is not mistaken for a closed hand.
  if (pose.tiltDegrees > MAX_TILT_DEGREES) return refuse('palm_tilted');
  if (pose.extendedFingers < MIN_EXTENDED_FINGERS) return refuse('fingers_curled');
  if (pose.maxCurlDegrees > MAX_CURL_DEGREES || pose.maxLiftDegrees > MAX_LIFT_DEGREES)
    return refuse('fingers_bent');
  if (pose.fanRatio < MIN_FAN_RATIO) return refuse('fingers_closed');
  return { ok: true };
}
