import { describe, expect, it } from 'vitest';
import {
  fingerCurlDegrees,
  fingerFanRatio,
  INDEX,
  judgePose,
  RING,
  LITTLE,
  LONG_FINGERS,
  measurePose,
  MIDDLE,
  POSE_ADVICE,
  type HandLandmarks,
  type WorldPoint,
} from '../src';
import { RECORDED_OPEN_PALM } from './fixtures/recorded-open-palm';

/** The recorded palm's own tilt from the network's resting pose is below this. */
const FLAT_TILT = 12;
/** Degrees each finger joint folds for fingers that are bent but still reach out from the palm. */
const BENT = 25;
/** Pixels per metre of the synthetic photos: a hand about 700 px long. */
const PIXELS_PER_METRE = 4000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The photo of a 3-D hand, as a distant camera (orthographic) sees it. */
function photographed(world: readonly WorldPoint[]): HandLandmarks {
  return {
    world,
    screen: world.map((p) => ({ x: 500 + p.x * PIXELS_PER_METRE, y: 500 + p.y * PIXELS_PER_METRE })),
  };
}

const unit = (v: WorldPoint): WorldPoint => {
  const length = Math.hypot(v.x, v.y, v.z);
  return { x: v.x / length, y: v.y / length, z: v.z / length };
};

/** Rotates some landmarks about an arbitrary unit axis through `pivot` (Rodrigues). */
function rotateAbout(
  points: WorldPoint[],
  indices: readonly number[],
  axis: WorldPoint,
  degrees: number,
  pivot: WorldPoint,
): void {
  const [c, s] = [Math.cos(radians(degrees)), Math.sin(radians(degrees))];
  for (const i of indices) {
    const v = { x: points[i]!.x - pivot.x, y: points[i]!.y - pivot.y, z: points[i]!.z - pivot.z };
    const along = axis.x * v.x + axis.y * v.y + axis.z * v.z;
    const cross = {
      x: axis.y * v.z - axis.z * v.y,
      y: axis.z * v.x - axis.x * v.z,
      z: axis.x * v.y - axis.y * v.x,
    };
    points[i] = {
      x: pivot.x + v.x * c + cross.x * s + axis.x * along * (1 - c),
      y: pivot.y + v.y * c + cross.y * s + axis.y * along * (1 - c),
      z: pivot.z + v.z * c + cross.z * s + axis.z * along * (1 - c),
    };
  }
}

const palmCentre = RECORDED_OPEN_PALM[MIDDLE[0]]!;
const flat = photographed(RECORDED_OPEN_PALM);

/** The hand's own axes in the image plane: along the palm (wrist → middle knuckle) and across it. */
const along = unit({
  x: palmCentre.x - RECORDED_OPEN_PALM[0]!.x,
  y: palmCentre.y - RECORDED_OPEN_PALM[0]!.y,
  z: 0,
});
const HAND_AXES = {
  'its length': along,
  'its width': { x: -along.y, y: along.x, z: 0 },
  'the camera axis': { x: 0, y: 0, z: 1 },
} as const;
type HandAxis = keyof typeof HAND_AXES;

/** The whole hand turned by `degrees` about one of its axes through the middle knuckle. */
function turned(axis: HandAxis, degrees: number): HandLandmarks {
  const world = [...RECORDED_OPEN_PALM];
  rotateAbout(
    world,
    world.map((_, i) => i),
    HAND_AXES[axis],
    degrees,
    palmCentre,
  );
  return photographed(world);
}

/** Each long finger folded by `degrees` at its middle and at its top joint, toward the palm. */
function bentFingers(
  degrees: number,
  fingers: readonly (typeof LONG_FINGERS)[number][] = LONG_FINGERS,
): HandLandmarks {
  const world = [...RECORDED_OPEN_PALM];
  const across = unit({
    x: world[LITTLE[0]]!.x - world[INDEX[0]]!.x,
    y: world[LITTLE[0]]!.y - world[INDEX[0]]!.y,
    z: world[LITTLE[0]]!.z - world[INDEX[0]]!.z,
  });
  for (const [, middleJoint, topJoint, tip] of fingers) {
    rotateAbout(world, [topJoint, tip], across, degrees, world[middleJoint]!);
    rotateAbout(world, [tip], across, degrees, world[topJoint]!);
  }
  return photographed(world);
}

/**
 * The fingers drawn together toward the middle finger, more toward their tips (`share` of the way
 * there at the tip): 0 leaves them as recorded, 1 bunches every fingertip onto the middle one's.
 */
function closedFingers(share: number): HandLandmarks {
  const world = [...RECORDED_OPEN_PALM];
  for (const finger of [INDEX, RING, LITTLE]) {
    finger.forEach((joint, k) => {
      const middle = world[MIDDLE[k]!]!;
      const t = (share * k) / 3;
      const p = world[joint]!;
      world[joint] = {
        x: p.x + (middle.x - p.x) * t,
        y: p.y + (middle.y - p.y) * t,
        z: p.z + (middle.z - p.z) * t,
      };
    });
  }
  return photographed(world);
}

describe('pose measures', () => {
  it('see the recorded flat, open palm as facing the camera with straight fingers apart', () => {
    const pose = measurePose(flat);
    expect(pose.extendedFingers).toBe(4);
    expect(pose.tiltDegrees).toBeLessThan(FLAT_TILT);
    expect(pose.maxCurlDegrees).toBeLessThan(50);
    expect(pose.fanRatio).toBeGreaterThan(1.2);
    expect(judgePose(flat)).toEqual({ ok: true });
  });

  it('ignore a turn of the photo about the camera axis', () => {
    const pose = measurePose(turned('the camera axis', 40));
    expect(pose.tiltDegrees).toBeCloseTo(measurePose(flat).tiltDegrees, 6);
    expect(judgePose(turned('the camera axis', 40))).toEqual({ ok: true });
  });

  it.each([
    ['its length', 40],
    ['its length', -40],
    ['its width', 40],
    ['its width', -40],
  ] as const)('read a palm turned about %s by %s° as turned by about that much', (axis, degrees) => {
    const tilt = measurePose(turned(axis, degrees)).tiltDegrees;
    // The recorded palm sits a few degrees off the network's resting pose, one way or the other.
    expect(tilt).toBeGreaterThan(Math.abs(degrees) - FLAT_TILT);
    expect(tilt).toBeLessThan(Math.abs(degrees) + FLAT_TILT);
  });

  it('grow the tilt estimate with the tilt', () => {
    for (const axis of ['its length', 'its width'] as const) {
      for (const sign of [1, -1]) {
        const estimates = [15, 30, 45, 60].map(
          (degrees) => measurePose(turned(axis, sign * degrees)).tiltDegrees,
        );
        expect(estimates, `${axis} ${sign}`).toEqual([...estimates].sort((a, b) => a - b));
      }
    }
  });

  it('measure curl per finger and the fan of the fingers', () => {
    const straight = fingerCurlDegrees(RECORDED_OPEN_PALM);
    const curled = fingerCurlDegrees(bentFingers(30, [INDEX]).world);
    expect(curled.index).toBeGreaterThan(straight.index + 35);
    expect(curled.middle).toBeCloseTo(straight.middle, 6);
    expect(fingerFanRatio(closedFingers(0.5).world)).toBeLessThan(fingerFanRatio(RECORDED_OPEN_PALM) - 0.5);
  });
});

describe('judgePose', () => {
  it.each([
    ['its length', 60],
    ['its length', -60],
    ['its width', 60],
    ['its width', -60],
  ] as const)('asks for a flat palm facing the camera when it is turned about %s by %s°', (axis, degrees) => {
    expect(judgePose(turned(axis, degrees))).toEqual({
      ok: false,
      reason: 'palm_tilted',
      message: POSE_ADVICE.palm_tilted,
    });
    expect(POSE_ADVICE.palm_tilted).toContain('Hold your palm flat, facing the camera');
  });

  it('lets a turn ordinary phone photos show pass', () => {
    expect(judgePose(turned('its length', 20))).toEqual({ ok: true });
    expect(judgePose(turned('its width', -20))).toEqual({ ok: true });
  });

  it('asks to straighten fingers bent at their joints', () => {
    expect(judgePose(bentFingers(10))).toEqual({ ok: true });
    expect(judgePose(bentFingers(BENT))).toEqual({
      ok: false,
      reason: 'fingers_bent',
      message: POSE_ADVICE.fingers_bent,
    });
    expect(POSE_ADVICE.fingers_bent).toContain('Straighten your fingers');
  });

  it('asks to spread fingers pressed together', () => {
    expect(judgePose(closedFingers(0.2))).toEqual({ ok: true });
    expect(judgePose(closedFingers(0.7))).toEqual({
      ok: false,
      reason: 'fingers_closed',
      message: POSE_ADVICE.fingers_closed,
    });
    expect(POSE_ADVICE.fingers_closed).toContain('Spread your fingers a little');
  });

  it('asks to open a hand whose fingers fold back toward the wrist', () => {
    expect(judgePose(bentFingers(80))).toMatchObject({ ok: false, reason: 'fingers_curled' });
  });
});
