import type { ElementalHandType, FingerName, HandGeometry, Point } from '../palm-observation';
import { INDEX, LITTLE, LONG_FINGERS, MIDDLE, RING, THUMB, WRIST } from './hand-landmarks';
import { angleBetween, distance, dot, sub } from './plane-geometry';

/**
 * Cut-offs for the elemental type, set on the 21 sample palms so the types spread: a palm counts
 * as long when wrist→middle knuckle exceeds the knuckle width by this ratio, fingers as long when
 * the middle finger reaches this fraction of the palm length.
 */
export const LONG_PALM_RATIO = 1.58;
export const LONG_FINGER_RATIO = 0.87;
/** Mean angle between neighbouring fingers, degrees. */
const CLOSE_SPACING = 6;
const WIDE_SPACING = 14;

function chainLength(landmarks: readonly Point[], chain: readonly number[]): number {
  let total = 0;
  for (let i = 1; i < chain.length; i++) total += distance(landmarks[chain[i - 1]!]!, landmarks[chain[i]!]!);
  return total;
}

/** Measurements in image pixels; `diagonal` is the image diagonal, the unit of palm length and width. */
export function measureHandGeometry(landmarks: readonly Point[], diagonal: number): HandGeometry {
  const at = (i: number) => landmarks[i]!;
  const palmLengthPx = distance(at(WRIST), at(MIDDLE[0]));
  const palmWidthPx = distance(at(INDEX[0]), at(LITTLE[0]));
  const relative = (chain: readonly number[]) => chainLength(landmarks, chain) / palmLengthPx;
  const fingerLengths: Record<FingerName, number> = {
    thumb: relative(THUMB),
    index: relative(INDEX),
    middle: relative(MIDDLE),
    ring: relative(RING),
    little: relative(LITTLE),
  };
  const palmRatio = palmLengthPx / palmWidthPx;
  const spreadDegrees = fingerSpread(landmarks);
  const { handType, handTypeConfidence } = elementalType(palmRatio, fingerLengths.middle);
  return {
    palmLength: palmLengthPx / diagonal,
    palmWidth: palmWidthPx / diagonal,
    palmRatio,
    fingerLengths,
    indexToRing: fingerLengths.index / fingerLengths.ring,
    littleToRingTopJoint: littleReach(landmarks),
    middleToPalm: fingerLengths.middle,
    thumbLength: fingerLengths.thumb,
    thumbAngle: angleBetween(sub(at(THUMB[3]), at(THUMB[0])), sub(at(INDEX[3]), at(INDEX[0]))),
    fingerSpreadDegrees: spreadDegrees,
    fingerSpacing: spacingOf(spreadDegrees),
    handType,
    handTypeConfidence,
  };
}

/** How far up the little finger reaches, measured along the hand's axis from the little knuckle: 1 = level with the ring finger's top joint. */
function littleReach(landmarks: readonly Point[]): number {
  const at = (i: number) => landmarks[i]!;
  const axis = sub(at(MIDDLE[0]), at(WRIST));
  const unit = { x: axis.x / Math.hypot(axis.x, axis.y), y: axis.y / Math.hypot(axis.x, axis.y) };
  const height = (i: number) => dot(sub(at(i), at(LITTLE[0])), unit);
  return height(LITTLE[3]) / height(RING[2]);
}

function fingerSpread(landmarks: readonly Point[]): number {
  const direction = (finger: readonly number[]) => sub(landmarks[finger[3]!]!, landmarks[finger[0]!]!);
  const angles = LONG_FINGERS.slice(1).map((finger, i) =>
    angleBetween(direction(LONG_FINGERS[i]!), direction(finger)),
  );
  return angles.reduce((a, b) => a + b, 0) / angles.length;
}

function spacingOf(spreadDegrees: number): HandGeometry['fingerSpacing'] {
  if (spreadDegrees < CLOSE_SPACING) return 'close';
  return spreadDegrees > WIDE_SPACING ? 'wide' : 'average';
}

/**
 * Earth: square palm, short fingers; air: square palm, long fingers; fire: long palm, short
 * fingers; water: long palm, long fingers. Confidence grows with the distance from both cut-offs.
 */
function elementalType(
  palmRatio: number,
  middleToPalm: number,
): { handType: ElementalHandType; handTypeConfidence: number } {
  const longPalm = palmRatio >= LONG_PALM_RATIO;
  const longFingers = middleToPalm >= LONG_FINGER_RATIO;
  const handType: ElementalHandType = longPalm
    ? longFingers
      ? 'water'
      : 'fire'
    : longFingers
      ? 'air'
      : 'earth';
  const margin = Math.min(
    Math.abs(palmRatio - LONG_PALM_RATIO) / LONG_PALM_RATIO,
    Math.abs(middleToPalm - LONG_FINGER_RATIO) / LONG_FINGER_RATIO,
  );
  return { handType, handTypeConfidence: Math.min(0.9, 0.4 + margin * 5) };
}
