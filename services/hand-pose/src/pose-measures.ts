import {
  INDEX,
  LITTLE,
  LONG_FINGERS,
  MIDDLE,
  RING,
  WRIST,
  type ScreenPoint,
  type WorldPoint,
} from './hand-landmarks';

const DEGREES = 180 / Math.PI;

const sub = (a: WorldPoint, b: WorldPoint): WorldPoint => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const dot = (a: WorldPoint, b: WorldPoint) => a.x * b.x + a.y * b.y + a.z * b.z;
const norm = (a: WorldPoint) => Math.hypot(a.x, a.y, a.z);
const unit = (a: WorldPoint): WorldPoint => {
  const length = norm(a) || 1;
  return { x: a.x / length, y: a.y / length, z: a.z / length };
};
const angleDegrees = (a: WorldPoint, b: WorldPoint) =>
  Math.acos(Math.max(-1, Math.min(1, dot(unit(a), unit(b))))) * DEGREES;
const screenDistance = (a: ScreenPoint, b: ScreenPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** The palm's rim: wrist and the four knuckles, in order around it. */
const PALM_RIM = [WRIST, INDEX[0], MIDDLE[0], RING[0], LITTLE[0]] as const;

/**
 * The unit normal of the palm's plane, by Newell's method over its rim: the best-fit normal of a
 * polygon whose points are not quite coplanar, as knuckles never are.
 */
export function palmNormal(world: readonly WorldPoint[]): WorldPoint {
  const normal = { x: 0, y: 0, z: 0 };
  PALM_RIM.forEach((index, i) => {
    const a = world[index]!;
    const b = world[PALM_RIM[(i + 1) % PALM_RIM.length]!]!;
    normal.x += (a.y - b.y) * (a.z + b.z);
    normal.y += (a.z - b.z) * (a.x + b.x);
    normal.z += (a.x - b.x) * (a.y + b.y);
  });
  return unit(normal);
}

/**
 * The camera's viewing axis seen from the hand: its components along the palm (wrist → middle
 * knuckle), across it (toward the little finger's knuckle) and along the palm's normal (turned
 * toward the camera). A turn of the photo about the camera axis leaves it unchanged, and a left
 * and a right hand held the same way give the same view.
 */
export function viewFromHand(world: readonly WorldPoint[]): WorldPoint {
  const along = unit(sub(world[MIDDLE[0]]!, world[WRIST]!));
  const knuckleLine = sub(world[LITTLE[0]]!, world[INDEX[0]]!);
  const offAlong = dot(knuckleLine, along);
  const across = unit({
    x: knuckleLine.x - along.x * offAlong,
    y: knuckleLine.y - along.y * offAlong,
    z: knuckleLine.z - along.z * offAlong,
  });
  const normalZ = along.x * across.y - along.y * across.x;
  return { x: along.z, y: across.z, z: -Math.abs(normalZ) };
}

/**
 * The network's 3-D hand is never flat. For palms laid flat under the camera (the retest set,
 * medians) its knuckle line leaves the image by 30°, the little-finger knuckle nearer the camera
 * (the palm's arch), and its wrist → middle-knuckle line by 2°: this is the view of a palm that
 * faces the camera squarely.
 */
const RESTING_VIEW = (() => {
  const [alongZ, acrossZ] = [Math.sin(-2 / DEGREES), Math.sin(-30 / DEGREES)];
  return { x: alongZ, y: acrossZ, z: -Math.sqrt(1 - alongZ ** 2 - acrossZ ** 2) };
})();

/** How far the palm is turned from facing the camera squarely, in degrees, whichever way. */
export function palmTiltDegrees(world: readonly WorldPoint[]): number {
  return angleDegrees(viewFromHand(world), RESTING_VIEW);
}

export type LongFingerName = 'index' | 'middle' | 'ring' | 'little';
const LONG_FINGER_NAMES: readonly LongFingerName[] = ['index', 'middle', 'ring', 'little'];

/**
 * How bent each long finger is, in degrees: the bend at its middle and top joints together, in
 * 3-D, so a finger pointing at the camera is not mistaken for a short straight one. 0 = straight.
 */
export function fingerCurlDegrees(world: readonly WorldPoint[]): Record<LongFingerName, number> {
  return Object.fromEntries(
    LONG_FINGERS.map(([knuckle, middleJoint, topJoint, tip], i) => {
      const [a, b, c, d] = [world[knuckle]!, world[middleJoint]!, world[topJoint]!, world[tip]!];
      const bend = angleDegrees(sub(b, a), sub(c, b)) + angleDegrees(sub(c, b), sub(d, c));
      return [LONG_FINGER_NAMES[i]!, bend];
    }),
  ) as Record<LongFingerName, number>;
}

/**
 * How far each long finger leaves the palm's plane, in degrees: the knuckle bending the whole
 * finger toward (or back from) the camera, which foreshortens it on the photo.
 */
export function fingerLiftDegrees(world: readonly WorldPoint[]): Record<LongFingerName, number> {
  const normal = palmNormal(world);
  return Object.fromEntries(
    LONG_FINGERS.map(([knuckle, , , tip], i) => {
      const along = unit(sub(world[tip]!, world[knuckle]!));
      return [LONG_FINGER_NAMES[i]!, Math.asin(Math.min(1, Math.abs(dot(along, normal)))) * DEGREES];
    }),
  ) as Record<LongFingerName, number>;
}

/** The long finger farthest out of the palm's plane: how far this photo's fingers are foreshortened. */
export function steepestFingerLiftDegrees(world: readonly WorldPoint[]): number {
  return Math.max(...Object.values(fingerLiftDegrees(world)));
}

/**
 * How the four long fingers fan out, in 3-D: the distance between the index and little
 * fingertips over the distance between their knuckles. Fingers pressed together keep it near 1,
 * relaxed and a little apart 1.3 or more.
 */
export function fingerFanRatio(world: readonly WorldPoint[]): number {
  const tips = norm(sub(world[INDEX[3]]!, world[LITTLE[3]]!));
  const knuckles = norm(sub(world[INDEX[0]]!, world[LITTLE[0]]!));
  return tips / (knuckles || 1);
}

/** A finger is extended, on the photo, when its tip is this much farther from the wrist than its middle joint. */
const EXTENDED_FINGER_REACH = 1.1;

/** How many long fingers reach out from the wrist on the photo: an open hand shows 4, a fist 0. */
export function extendedFingerCount(screen: readonly ScreenPoint[]): number {
  const wrist = screen[WRIST]!;
  return LONG_FINGERS.filter(
    ([, middleJoint, , tip]) =>
      screenDistance(wrist, screen[tip]!) >
      screenDistance(wrist, screen[middleJoint]!) * EXTENDED_FINGER_REACH,
  ).length;
}
