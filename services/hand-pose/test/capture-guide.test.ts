import { describe, expect, it } from 'vitest';
import {
  advanceCaptureGuide,
  captureHintText,
  fingersRunOff,
  INDEX,
  INITIAL_CAPTURE_GUIDE,
  isCutOff,
  judgeCaptureFrame,
  judgePhoto,
  LIFTED_GRACE_MS,
  LITTLE,
  MAX_FLAT_LIFT_DEGREES,
  MIDDLE,
  MIN_PALM_SHARPNESS,
  palmNormal,
  RING,
  SETTLE_MS,
  steepestFingerLiftDegrees,
  type CaptureFrame,
  type CaptureGuide,
  type CaptureHint,
  type HandSide,
} from '../src';
import { RECORDED_FRAMES } from './fixtures/recorded-capture-frames';

type Recorded = keyof typeof RECORDED_FRAMES;
/** Frames analysed 8 times a second, as the live capture does at the least. */
const FRAME_MS = 125;

/** Plays a recorded sequence through the guide: the hint shown after each frame and when the shutter fired. */
function play(sequence: Played[], askedSide: HandSide = 'right') {
  let guide: CaptureGuide = INITIAL_CAPTURE_GUIDE;
  const shown: (CaptureHint | undefined)[] = [];
  let shutterAt: number | undefined;
  sequence.forEach((recorded, i) => {
    const frame: CaptureFrame = {
      ...(typeof recorded === 'string' ? RECORDED_FRAMES[recorded] : recorded),
      time: i * FRAME_MS,
    };
    const step = advanceCaptureGuide(guide, frame, askedSide);
    guide = step.guide;
    shown.push(guide.shown);
    if (step.shutter && shutterAt === undefined) shutterAt = frame.time;
  });
  return { shown, shutterAt, distinct: shown.filter((hint, i) => hint !== shown[i - 1]) };
}

type Played = Recorded | Omit<CaptureFrame, 'time'>;
const repeat = <T extends Played>(frame: T, count: number): T[] => Array<T>(count).fill(frame);
/** A tiny shake of every landmark: the hand held, not frozen. */
const shaken = (frame: Omit<CaptureFrame, 'time'>, pixels: number): Omit<CaptureFrame, 'time'> => ({
  ...frame,
  detection: {
    ...frame.detection,
    landmarks: frame.detection.landmarks.map((p) => ({ x: p.x + pixels, y: p.y - pixels })),
  },
});

describe('judging one camera frame', () => {
  it('passes the settled palm and names what is wrong with each other frame', () => {
    expect(judgeCaptureFrame({ ...RECORDED_FRAMES.good, time: 0 }, 'right')).toBeUndefined();
    expect(judgeCaptureFrame({ ...RECORDED_FRAMES.far, time: 0 }, 'right')).toBe('move_closer');
    expect(judgeCaptureFrame({ ...RECORDED_FRAMES.nearDark, time: 0 }, 'right')).toBe('more_light');
    expect(judgeCaptureFrame({ ...RECORDED_FRAMES.backOfHand, time: 0 }, 'right')).toBe('show_palm');
    expect(judgeCaptureFrame({ ...RECORDED_FRAMES.leftPalm, time: 0 }, 'right')).toBe('wrong_hand');
    expect(judgeCaptureFrame({ ...RECORDED_FRAMES.empty, time: 0 }, 'right')).toBe('no_hand');
    expect(judgeCaptureFrame({ ...RECORDED_FRAMES.fist, time: 0 }, 'right')).toBe('open_hand');
  });

  it('asks for the hand the flow wants: the left palm passes when the left is asked for', () => {
    expect(judgeCaptureFrame({ ...RECORDED_FRAMES.leftPalm, time: 0 }, 'left')).toBeUndefined();
    expect(judgeCaptureFrame({ ...RECORDED_FRAMES.good, time: 0 }, 'left')).toBe('wrong_hand');
  });

  it('tells a moving hand to hold still, and lets a steady one through', () => {
    const previous = { ...RECORDED_FRAMES.good, time: 0 };
    const moved = { ...shaken(RECORDED_FRAMES.good, 25), time: FRAME_MS };
    const steady = { ...shaken(RECORDED_FRAMES.good, 2), time: FRAME_MS };
    expect(judgeCaptureFrame(moved, 'right', previous)).toBe('hold_still');
    expect(judgeCaptureFrame(steady, 'right', previous)).toBeUndefined();
  });

  it('asks a still but blurred hand to let the camera focus; a moving one is told to hold still first', () => {
    const previous = { ...RECORDED_FRAMES.good, time: 0 };
    const soft = { ...shaken(RECORDED_FRAMES.good, 2), time: FRAME_MS, sharpness: 0.5 };
    const moving = { ...shaken(RECORDED_FRAMES.good, 25), time: FRAME_MS, sharpness: 0.5 };
    expect(judgeCaptureFrame(soft, 'right', previous)).toBe('blurred');
    expect(judgeCaptureFrame(moving, 'right', previous)).toBe('hold_still');
    expect(judgeCaptureFrame({ ...soft, sharpness: 3 }, 'right', previous)).toBeUndefined();
  });

  it('never fires while the palm stays blurred', () => {
    let guide: CaptureGuide = INITIAL_CAPTURE_GUIDE;
    for (let i = 0; i < 40; i++) {
      const step = advanceCaptureGuide(
        guide,
        { ...RECORDED_FRAMES.good, time: i * FRAME_MS, sharpness: 0.6 },
        'right',
      );
      guide = step.guide;
      expect(step.shutter).toBe(false);
    }
    expect(guide.shown).toBe('blurred');
  });

  it('sends a hand that fills the frame edge to edge back', () => {
    const { detection, frame } = RECORDED_FRAMES.good;
    const centre = { x: frame.width / 2, y: frame.height / 2 };
    const enlarged = {
      ...RECORDED_FRAMES.good,
      detection: {
        ...detection,
        landmarks: detection.landmarks.map((p) => ({
          x: centre.x + (p.x - centre.x) * 1.6,
          y: centre.y + (p.y - centre.y) * 1.6,
        })),
      },
      time: 0,
    };
    expect(judgeCaptureFrame(enlarged, 'right')).toBe('move_back');
  });

  it('sends a hand whose fingertips run off the top of the frame back, though the server would read it', () => {
    const { detection, frame } = RECORDED_FRAMES.good;
    // Raised until the middle fingertip lies a tenth of the frame above its top edge.
    const shift = detection.landmarks[MIDDLE[3]]!.y + 0.1 * frame.height;
    const raised = {
      ...RECORDED_FRAMES.good,
      detection: { ...detection, landmarks: detection.landmarks.map((p) => ({ x: p.x, y: p.y - shift })) },
      time: 0,
    };
    expect(fingersRunOff(raised.detection.landmarks, frame.width, frame.height)).toBe(true);
    expect(isCutOff(raised.detection.landmarks, frame.width, frame.height)).toBe(false);
    expect(judgePhoto(raised, 'right')).toBeUndefined();
    expect(judgeCaptureFrame(raised, 'right')).toBe('move_back');
  });

  it('asks to centre a hand far off the middle of the frame', () => {
    const { detection } = RECORDED_FRAMES.good;
    const offside = {
      ...RECORDED_FRAMES.good,
      detection: { ...detection, landmarks: detection.landmarks.map((p) => ({ x: p.x, y: p.y + 300 })) },
      time: 0,
    };
    expect(judgeCaptureFrame(offside, 'right')).toBe('center');
  });
});

/**
 * The recorded good palm with its four long fingers raised out of the palm's plane at their
 * knuckles, toward the lens, as a hand held up to a phone holds them.
 */
function withFingersLifted(degrees: number): Omit<CaptureFrame, 'time'> {
  const { detection } = RECORDED_FRAMES.good;
  const world = detection.worldLandmarks;
  const normal = palmNormal(world);
  const rise = Math.tan((degrees * Math.PI) / 180);
  const lifted = world.map((point) => ({ ...point }));
  for (const [knuckle, ...joints] of [INDEX, MIDDLE, RING, LITTLE]) {
    const base = world[knuckle]!;
    for (const joint of joints) {
      const p = world[joint]!;
      const out = Math.hypot(p.x - base.x, p.y - base.y, p.z - base.z) * rise;
      lifted[joint] = { x: p.x + normal.x * out, y: p.y + normal.y * out, z: p.z + normal.z * out };
    }
  }
  return { ...RECORDED_FRAMES.good, detection: { ...detection, worldLandmarks: lifted } };
}

describe('fingers lifted toward the lens', () => {
  const lifted = withFingersLifted(45);

  it('are measured as lifted past what the engine measures finger lengths through', () => {
    expect(steepestFingerLiftDegrees(RECORDED_FRAMES.good.detection.worldLandmarks)).toBeLessThan(
      MAX_FLAT_LIFT_DEGREES,
    );
    expect(steepestFingerLiftDegrees(lifted.detection.worldLandmarks)).toBeGreaterThan(MAX_FLAT_LIFT_DEGREES);
  });

  it('are asked to lie flat, and the photo is taken once they have held flat', () => {
    const { distinct, shutterAt } = play([...repeat(lifted, 8), ...repeat('good', 12)]);
    expect(distinct).toEqual(['no_hand', 'lay_flat', undefined]);
    expect(captureHintText('lay_flat', 'right')).toBe('Lay your fingers flat, in line with your palm');
    const flatAt = 8 * FRAME_MS;
    expect(shutterAt).toBeGreaterThanOrEqual(flatAt + SETTLE_MS);
    expect(shutterAt).toBeLessThan(flatAt + SETTLE_MS + 2 * FRAME_MS);
  });

  it('do not keep a visitor who cannot lay them flat waiting: the photo is taken after the grace time', () => {
    const { shown, shutterAt } = play(repeat(lifted, 40));
    expect(shown.at(-1)).toBe('lay_flat');
    expect(shutterAt).toBeGreaterThanOrEqual(LIFTED_GRACE_MS);
    expect(shutterAt).toBeLessThan(LIFTED_GRACE_MS + 2 * FRAME_MS);
  });

  it('refuse nothing: the server reads such a photo, so a picked one passes and the frame passes the gates', () => {
    expect(judgePhoto(lifted, 'right')).toBeUndefined();
    expect(judgeCaptureFrame({ ...lifted, time: 0 }, 'right')).toBeUndefined();
  });
});

describe('the capture guide over a recorded sequence', () => {
  it('coaches a palm that starts too far, then too dark, then settles, and fires after it has held still', () => {
    const sequence = [...repeat('far', 8), ...repeat('nearDark', 8), ...repeat('good', 12)];
    const { distinct, shutterAt } = play(sequence);
    expect(distinct).toEqual(['no_hand', 'move_closer', 'more_light', undefined]);
    const settledAt = 16 * FRAME_MS;
    expect(shutterAt).toBeGreaterThanOrEqual(settledAt + SETTLE_MS);
    expect(shutterAt).toBeLessThan(settledAt + SETTLE_MS + 2 * FRAME_MS);
  });

  it('shows one hint at a time: a single odd frame does not replace the hint on show', () => {
    const { shown } = play([...repeat('far', 4), 'nearDark', ...repeat('far', 4)]);
    expect(shown.slice(1)).toEqual(Array(8).fill('move_closer'));
  });

  it('lets a single odd frame pass without restarting the settling time', () => {
    const { shutterAt } = play([...repeat('good', 4), 'nearDark', ...repeat('good', 8)]);
    expect(shutterAt).toBe(Math.ceil(SETTLE_MS / FRAME_MS) * FRAME_MS);
  });

  it('starts the settling time over when the hand leaves the checks', () => {
    const { shutterAt } = play([...repeat('good', 4), 'nearDark', 'nearDark', ...repeat('good', 8)]);
    expect(shutterAt).toBeGreaterThanOrEqual(6 * FRAME_MS + SETTLE_MS);
  });

  it('never fires for a fist, the back of a hand, a left palm when the right is asked for, or an empty room', () => {
    for (const [name, hint] of [
      ['fist', 'open_hand'],
      ['backOfHand', 'show_palm'],
      ['leftPalm', 'wrong_hand'],
      ['empty', 'no_hand'],
    ] as const) {
      const { shown, shutterAt } = play(repeat(name, 40));
      expect(shutterAt, name).toBeUndefined();
      // The right hint within 1 s (8 frames).
      expect(shown[7], name).toBe(hint);
    }
  });
});

describe('judging a picked photo', () => {
  it('names what the server would refuse: the hand, its side, its size, its light', () => {
    const photo = (name: Recorded) => RECORDED_FRAMES[name];
    expect(judgePhoto(photo('good'), 'right')).toBeUndefined();
    expect(judgePhoto(photo('far'), 'right')).toBe('move_closer');
    expect(judgePhoto(photo('nearDark'), 'right')).toBe('more_light');
    expect(judgePhoto(photo('backOfHand'), 'right')).toBe('show_palm');
    expect(judgePhoto(photo('leftPalm'), 'right')).toBe('wrong_hand');
    expect(judgePhoto(photo('empty'), 'right')).toBe('no_hand');
    expect(judgePhoto(photo('fist'), 'right')).toBe('open_hand');
  });

  it('refuses a blurred palm as the server does, below its sharpness floor, and only after what the server says first', () => {
    const good = RECORDED_FRAMES.good;
    expect(judgePhoto({ ...good, sharpness: MIN_PALM_SHARPNESS - 0.05 }, 'right')).toBe('blurred');
    expect(judgePhoto({ ...good, sharpness: MIN_PALM_SHARPNESS + 0.05 }, 'right')).toBeUndefined();
    // Unmeasured (no hand was found to measure): left to the other checks.
    expect(judgePhoto({ ...good, sharpness: undefined }, 'right')).toBeUndefined();
    expect(judgePhoto({ ...RECORDED_FRAMES.nearDark, sharpness: 0.2 }, 'right')).toBe('more_light');
    expect(judgePhoto({ ...RECORDED_FRAMES.fist, sharpness: 0.2 }, 'right')).toBe('open_hand');
  });
});

describe('hint texts', () => {
  it("says the issue's words, naming the hand the reading asks for", () => {
    expect(captureHintText('wrong_hand', 'right')).toBe(
      'This looks like your left hand — the reading asks for your right',
    );
    expect(captureHintText('wrong_hand', 'left')).toBe(
      'This looks like your right hand — the reading asks for your left',
    );
    expect(captureHintText('show_palm', 'right')).toBe('Show your palm, not the back of your hand');
    expect(captureHintText('more_light', 'right')).toBe('More light, please');
  });
});
