import { INDEX, LANDMARK_COUNT, LITTLE, MIDDLE, RING, WRIST, type ScreenPoint } from './hand-landmarks';
import {
  fingersRunOff,
  judgeHand,
  palmSideFromLandmarks,
  type HandDetection,
  type HandProblem,
  type HandSide,
} from './hand-gate';
import { MIN_PALM_SHARPNESS } from './palm-surface';
import { steepestFingerLiftDegrees } from './pose-measures';

// The palm's mean grey level (0–255) the server accepts, calibrated on the 21 sample palms
// (76–215) with a wide margin and checked on darkened and burnt-out copies of them.
export const MIN_PALM_BRIGHTNESS = 45;
export const MAX_PALM_BRIGHTNESS = 235;

/** What the live capture asks of the visitor, one at a time, in the order a person would fix it. */
export type CaptureHint =
  | 'no_hand'
  | 'show_palm'
  | 'wrong_hand'
  | 'move_back'
  | 'move_closer'
  | 'center'
  | 'more_light'
  | 'less_light'
  | 'palm_flat'
  | 'open_hand'
  | 'straighten'
  | 'spread'
  | 'hold_still'
  | 'blurred'
  | 'lay_flat';

const other = (side: HandSide): HandSide => (side === 'right' ? 'left' : 'right');

/** The hint in plain words, for the hand the flow asks for. */
export function captureHintText(hint: CaptureHint, askedSide: HandSide): string {
  switch (hint) {
    case 'no_hand':
      return 'Hold your open hand inside the outline';
    case 'show_palm':
      return 'Show your palm, not the back of your hand';
    case 'wrong_hand':
      return `This looks like your ${other(askedSide)} hand — the reading asks for your ${askedSide}`;
    case 'move_back':
      return 'Move back until your whole hand fits';
    case 'move_closer':
      return 'Move closer';
    case 'center':
      return 'Center your hand';
    case 'more_light':
      return 'More light, please';
    case 'less_light':
      return 'Less light, please — no flash';
    case 'palm_flat':
      return 'Hold your palm flat, facing the camera';
    case 'open_hand':
      return 'Open your hand, fingers relaxed and slightly apart';
    case 'straighten':
      return 'Straighten your fingers';
    case 'spread':
      return 'Spread your fingers a little';
    case 'hold_still':
      return 'Hold still';
    case 'blurred':
      return 'Too blurred to see the lines — hold still and let the camera focus';
    case 'lay_flat':
      return 'Lay your fingers flat, in line with your palm';
  }
}

/** One analysed camera frame: the hand the network found in it and how bright the palm is. */
export interface CaptureFrame {
  /** Milliseconds, from any fixed origin. */
  time: number;
  frame: { width: number; height: number };
  detection: HandDetection;
  /** Mean grey level (0–255) of the palm. */
  brightness: number;
  /** The palm's palmSharpness on the photo as the server would keep it; absent when no hand was measured. */
  sharpness?: number;
}

const blurred = (frame: { sharpness?: number }) =>
  frame.sharpness !== undefined && frame.sharpness < MIN_PALM_SHARPNESS;

// The capture asks for more than the server's floor (a hand filling 2 % of the photo): a reading
// is best when the open hand fills most of the frame, and a hand framed that way leaves margin
// for the server's gates after the shot.
/** The hand's landmark box must span at least this fraction of the frame's shorter side… */
const MIN_HAND_SPAN = 0.55;
/** …and no more than this fraction of the frame along either side, so the whole hand keeps a margin. */
const MAX_HAND_SPAN = 0.95;
/** The box's centre may sit this fraction of the frame off the frame's centre. */
const MAX_OFF_CENTRE = 0.18;
/** Mean landmark movement between frames, over the palm's length, beyond which the hand is moving. */
const MAX_MOVEMENT = 0.06;
/** The hand must pass every check for this long before the shutter fires. */
export const SETTLE_MS = 700;
/**
 * A long finger leaving the palm's plane by more than this is foreshortened on the photo, and the
 * engine widens its proportions' noise bands fully from here (bench:reliability's `liftedNoise`,
 * 15–25°), so finger lengths a flatter photo would settle are left open. Hands laid flat (the retest
 * set) lift 16° at the median, 27° at the 95th percentile; phone photos of a hand held up, 38° and
 * 24° at the 5th (bench:pose). The hand gate itself refuses only past 75°.
 */
export const MAX_FLAT_LIFT_DEGREES = 25;
/**
 * A hand that passes every check but lies no flatter is photographed after this long anyway: the
 * engine still reads its lines and what its pose lets it measure, and a visitor who cannot lay the
 * hand down is not kept waiting.
 */
export const LIFTED_GRACE_MS = 2500;

function box(points: readonly ScreenPoint[]) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { centre: { x: (minX + maxX) / 2, y: (minY + maxY) / 2 }, width: maxX - minX, height: maxY - minY };
}

/** The palm's area (wrist and the four knuckles) over the frame's: the server's "hand too small" measure. */
function palmAreaFraction(points: readonly ScreenPoint[], frame: { width: number; height: number }): number {
  const rim = [WRIST, INDEX[0], MIDDLE[0], RING[0], LITTLE[0]].map((i) => points[i]!);
  let twiceArea = 0;
  rim.forEach((a, i) => {
    const b = rim[(i + 1) % rim.length]!;
    twiceArea += a.x * b.y - b.x * a.y;
  });
  return Math.abs(twiceArea) / 2 / (frame.width * frame.height);
}

function movement(current: readonly ScreenPoint[], previous: readonly ScreenPoint[]): number {
  const palmLength = Math.hypot(
    current[WRIST]!.x - current[MIDDLE[0]]!.x,
    current[WRIST]!.y - current[MIDDLE[0]]!.y,
  );
  let total = 0;
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    total += Math.hypot(current[i]!.x - previous[i]!.x, current[i]!.y - previous[i]!.y);
  }
  return total / LANDMARK_COUNT / (palmLength || 1);
}

const POSE_HINTS: Partial<Record<HandProblem, CaptureHint>> = {
  palm_tilted: 'palm_flat',
  fingers_curled: 'open_hand',
  fingers_bent: 'straighten',
  fingers_closed: 'spread',
};

/**
 * A picked photo, judged the moment it is picked: only what the server would refuse (its hand gate,
 * the hand the flow asks for, the palm's light and sharpness), none of the live capture's stricter framing.
 */
export function judgePhoto(photo: Omit<CaptureFrame, 'time'>, askedSide: HandSide): CaptureHint | undefined {
  const { detection, frame } = photo;
  const problem = judgeHand(detection, frame, palmAreaFraction(detection.landmarks, frame));
  if (problem === 'no_hand') return 'no_hand';
  if (problem === 'back_of_hand') return 'show_palm';
  if (palmSideFromLandmarks(detection.landmarks) !== askedSide) return 'wrong_hand';
  if (problem === 'hand_cut_off') return 'move_back';
  if (problem === 'hand_too_small') return 'move_closer';
  if (photo.brightness < MIN_PALM_BRIGHTNESS) return 'more_light';
  if (photo.brightness > MAX_PALM_BRIGHTNESS) return 'less_light';
  // The server's order: how the hand is held, then light, then blur.
  if (problem) return POSE_HINTS[problem];
  return blurred(photo) ? 'blurred' : undefined;
}

/**
 * What, if anything, keeps this frame from being a good palm photo: the server's own hand gate
 * (no hand, back of hand, cut off, too small, pose), then the capture's framing, light,
 * stillness and the server's blur floor. Undefined when the frame would pass.
 */
export function judgeCaptureFrame(
  current: CaptureFrame,
  askedSide: HandSide,
  previous?: CaptureFrame,
): CaptureHint | undefined {
  const { detection, frame } = current;
  const points = detection.landmarks;
  const problem = judgeHand(detection, frame, palmAreaFraction(points, frame));
  if (problem === 'no_hand') return 'no_hand';
  if (problem === 'back_of_hand') return 'show_palm';
  if (palmSideFromLandmarks(points) !== askedSide) return 'wrong_hand';
  const hand = box(points);
  const fill = Math.max(hand.width / frame.width, hand.height / frame.height);
  // The server reads a palm whose fingertips run off the photo, but the camera can do better.
  if (problem === 'hand_cut_off' || fingersRunOff(points, frame.width, frame.height) || fill > MAX_HAND_SPAN)
    return 'move_back';
  const span = Math.max(hand.width, hand.height) / Math.min(frame.width, frame.height);
  if (problem === 'hand_too_small' || span < MIN_HAND_SPAN) return 'move_closer';
  const offCentre = Math.max(
    Math.abs(hand.centre.x / frame.width - 0.5),
    Math.abs(hand.centre.y / frame.height - 0.5),
  );
  if (offCentre > MAX_OFF_CENTRE) return 'center';
  if (current.brightness < MIN_PALM_BRIGHTNESS) return 'more_light';
  if (current.brightness > MAX_PALM_BRIGHTNESS) return 'less_light';
  const poseHint = problem && POSE_HINTS[problem];
  if (poseHint) return poseHint;
  if (
    previous &&
    previous.detection.presence >= 0.5 &&
    movement(points, previous.detection.landmarks) > MAX_MOVEMENT
  )
    return 'hold_still';
  // After movement: a moving hand blurs, and "Hold still" says why more plainly.
  return blurred(current) ? 'blurred' : undefined;
}

/** Whether the frame's fingers leave the palm's plane too far for their lengths to be measured. */
export const fingersLifted = ({ detection }: Pick<CaptureFrame, 'detection'>): boolean =>
  detection.worldLandmarks.length === LANDMARK_COUNT &&
  steepestFingerLiftDegrees(detection.worldLandmarks) > MAX_FLAT_LIFT_DEGREES;

/** The capture's memory between frames. */
export interface CaptureGuide {
  /** The hint on show: it changes only when two frames in a row agree, so it does not flicker. */
  shown: CaptureHint | undefined;
  /** The previous frame's own hint: `judgeCaptureFrame`'s, else "lay flat" where its fingers lift. */
  last: CaptureHint | undefined;
  /** When the hand began passing every check (undefined once two frames in a row fail). */
  passingSince: number | undefined;
  /** When the hand began passing every check with its fingers flat as well. */
  flatSince: number | undefined;
  previous: CaptureFrame | undefined;
}

export const INITIAL_CAPTURE_GUIDE: CaptureGuide = {
  shown: 'no_hand',
  last: 'no_hand',
  passingSince: undefined,
  flatSince: undefined,
  previous: undefined,
};

/** When a run of frames passing a check began: one odd frame neither ends it nor starts it. */
const since = (
  started: number | undefined,
  failed: boolean,
  failedBefore: boolean,
  time: number,
): number | undefined => (failed ? (failedBefore ? undefined : started) : (started ?? time));

/**
 * Takes one analysed frame: the hint to show and whether to take the photo now. The shutter fires
 * once the hand has passed every check with its fingers flat for SETTLE_MS; a hand whose fingers
 * stay lifted is asked to lay them flat, and photographed as it is after LIFTED_GRACE_MS.
 */
export function advanceCaptureGuide(
  guide: CaptureGuide,
  frame: CaptureFrame,
  askedSide: HandSide,
): { guide: CaptureGuide; shutter: boolean } {
  const judged = judgeCaptureFrame(frame, askedSide, guide.previous);
  const hint = judged ?? (fingersLifted(frame) ? 'lay_flat' : undefined);
  // One odd frame (a re-search of the hand, a flicker of light) neither shows its hint nor restarts the settling time.
  // "Lay flat" is the one hint `judgeCaptureFrame` never gives: past it, the previous frame passed its checks.
  const judgedBefore = guide.last === 'lay_flat' ? undefined : guide.last;
  const passingSince = since(
    guide.passingSince,
    judged !== undefined,
    judgedBefore !== undefined,
    frame.time,
  );
  const flatSince = since(guide.flatSince, hint !== undefined, guide.last !== undefined, frame.time);
  const shown = hint === guide.last ? hint : guide.shown;
  const held = (start: number | undefined, wait: number) => start !== undefined && frame.time - start >= wait;
  return {
    guide: { shown, last: hint, passingSince, flatSince, previous: frame },
    shutter:
      (hint === undefined && held(flatSince, SETTLE_MS)) ||
      (judged === undefined && held(passingSince, LIFTED_GRACE_MS)),
  };
}
