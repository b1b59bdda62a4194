import { describe, expect, it } from 'vitest';
import { extendedFingerCount, palmSideFromLandmarks, POSE_ADVICE } from '@palm/hand-pose';
import type { Point, WorldPoint } from '../src/palm-observation';
import { handGate, RETAKE_MESSAGES } from '../src/observer/quality-gates';
import { lerp } from '../src/observer/plane-geometry';

/** A schematic open right palm, fingers up, in a 1000×1000 photo (thumb on the image's right). */
function openRightPalm(): Point[] {
  const points: Point[] = [{ x: 500, y: 850 }];
  const thumb = [
    { x: 600, y: 780 },
    { x: 660, y: 700 },
    { x: 700, y: 630 },
    { x: 730, y: 570 },
  ];
  points.push(...thumb);
  const knuckleXs = [590, 520, 450, 390];
  const fingerLength = [230, 260, 240, 180];
  knuckleXs.forEach((x, finger) => {
    for (let joint = 0; joint < 4; joint++) {
      points.push({ x, y: 560 - (fingerLength[finger]! * joint) / 3 });
    }
  });
  return points;
}

const image = { width: 1000, height: 1000 };
/**
 * The schematic palm in 3-D (1000 px span 20 cm) as the landmark network sees a palm facing the
 * camera, its little-finger side 30° nearer the camera (the palm's arch), then turned about its length.
 */
const RESTING_ARCH_DEGREES = 30;
const worldOf = (landmarks: Point[], turnDegrees = 0): WorldPoint[] => {
  const angle = ((RESTING_ARCH_DEGREES + turnDegrees) * Math.PI) / 180;
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return landmarks.map((p) => {
    const [x, y] = [(p.x - 500) * 0.0002, (p.y - 500) * 0.0002];
    return { x: c * x, y, z: s * x };
  });
};
const handOf = (landmarks: Point[], handedness = 0.95, turnDegrees = 0) => ({
  landmarks,
  worldLandmarks: worldOf(landmarks, turnDegrees),
  presence: 0.99,
  handedness,
});

describe('hand gates', () => {
  it('accepts an open palm whose side matches what the network recognises', () => {
    const palm = openRightPalm();
    expect(palmSideFromLandmarks(palm)).toBe('right');
    expect(extendedFingerCount(palm)).toBe(4);
    expect(handGate(handOf(palm), image, 0.1)).toBeUndefined();
  });

  it('calls a confident hand whose look and geometry disagree the back of a hand', () => {
    expect(handGate(handOf(openRightPalm(), 0.05), image, 0.1)?.reason).toBe('back_of_hand');
    expect(handGate({ ...handOf(openRightPalm(), 0.05), presence: 0.7 }, image, 0.1)?.reason).toBe('no_hand');
  });

  it('lets a caller that has seen the palm’s lines overrule the network, and still judges the rest of the hand', () => {
    expect(handGate(handOf(openRightPalm(), 0.05), image, 0.1, true)).toBeUndefined();
    const farOut = openRightPalm().map((p, i) => (i <= 1 ? { x: p.x, y: p.y + 600 } : p));
    expect(handGate(handOf(farOut, 0.05), image, 0.1, true)?.reason).toBe('hand_cut_off');
    expect(handGate(handOf(openRightPalm(), 0.05), image, 0.01, true)?.reason).toBe('hand_too_small');
  });

  it('lets the landmarks decide when a sure hand leaves the network hesitating about its side', () => {
    expect(handGate(handOf(openRightPalm(), 0.42), image, 0.1)).toBeUndefined();
    expect(handGate({ ...handOf(openRightPalm(), 0.42), presence: 0.7 }, image, 0.1)?.reason).toBe('no_hand');
  });

  it('reads a palm whose wrist alone runs past the photo, but not one whose fingers or palm do', () => {
    const wristOut = openRightPalm().map((p, i) => (i <= 1 ? { x: p.x, y: p.y + 200 } : p));
    expect(handGate(handOf(wristOut), image, 0.1)).toBeUndefined();
    const farOut = openRightPalm().map((p, i) => (i <= 1 ? { x: p.x, y: p.y + 600 } : p));
    expect(handGate(handOf(farOut), image, 0.1)?.reason).toBe('hand_cut_off');
    const knucklesOut = openRightPalm().map((p) => ({ x: p.x + 450, y: p.y }));
    expect(handGate(handOf(knucklesOut), image, 0.1)?.reason).toBe('hand_cut_off');
  });

  it('reads a palm whose fingertips alone run off the photo', () => {
    const fingertipsOut = openRightPalm().map((p) => ({ x: p.x, y: p.y - 400 }));
    expect(fingertipsOut.slice(0, 6).every((p) => p.y > 0)).toBe(true);
    expect(handGate(handOf(fingertipsOut), image, 0.1)).toBeUndefined();
    const knuckleOut = fingertipsOut.map((p) => ({ x: p.x, y: p.y - 200 }));
    expect(handGate(handOf(knuckleOut), image, 0.1)?.reason).toBe('hand_cut_off');
  });

  it('asks to open the hand when fingertips fold back toward the palm', () => {
    const fist = openRightPalm().map((point, i) => {
      const isFingerTipOrTopJoint = i >= 5 && (i - 5) % 4 >= 2;
      if (!isFingerTipOrTopJoint) return point;
      const knuckle = openRightPalm()[5 + Math.floor((i - 5) / 4) * 4]!;
      return lerp(knuckle, { x: 500, y: 850 }, 0.2);
    });
    expect(extendedFingerCount(fist)).toBe(0);
    const refusal = handGate(handOf(fist), image, 0.1);
    expect(refusal).toMatchObject({
      reason: 'fingers_curled',
      message: 'Please open your hand, fingers relaxed and slightly apart.',
    });
  });

  it('judges the pose last, with the pose gate’s advice, once the whole palm is in the photo', () => {
    // The palm turned edge-on about its length: the 3-D landmarks show it, the 2-D ones barely.
    const turned = handGate(handOf(openRightPalm(), 0.95, 60), image, 0.1);
    expect(turned).toEqual({ kind: 'refused', reason: 'palm_tilted', message: POSE_ADVICE.palm_tilted });
    expect(RETAKE_MESSAGES.palm_tilted).toBe(POSE_ADVICE.palm_tilted);
    expect(handGate(handOf(openRightPalm(), 0.95, 20), image, 0.1)).toBeUndefined();
    // A palm cut off is asked to fit in the photo first, however it is held.
    const clipped = openRightPalm().map((p) => ({ x: p.x, y: p.y + 300 }));
    expect(handGate(handOf(clipped, 0.95, 60), image, 0.1)?.reason).toBe('hand_cut_off');
  });

  it('refuses a weak detection as no hand and a tiny or clipped hand with a retake hint', () => {
    expect(handGate({ ...handOf(openRightPalm()), presence: 0.3 }, image, 0.1)?.reason).toBe('no_hand');
    expect(handGate(handOf(openRightPalm()), image, 0.01)?.reason).toBe('hand_too_small');
    const clipped = openRightPalm().map((p) => ({ x: p.x, y: p.y + 300 }));
    expect(handGate(handOf(clipped), image, 0.1)?.reason).toBe('hand_cut_off');
  });
});
