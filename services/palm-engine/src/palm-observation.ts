import type { PoseProblem, WorldPoint } from '@palm/hand-pose';

export type { WorldPoint };

/**
 * What the observer sees in a palm photo — and nothing it merely guesses. The rule base reasons
 * only over this, so every claim in a reading can point at an observed feature.
 *
 * All points are percentages of the normalised image: x from the left, y from the top.
 */
export interface Point {
  x: number;
  y: number;
}

/** 0 = no idea, 1 = certain. */
export type Confidence = number;

export type HandSide = 'left' | 'right';
export type FingerName = 'thumb' | 'index' | 'middle' | 'ring' | 'little';
export type ElementalHandType = 'earth' | 'air' | 'fire' | 'water';

/** The classical mounts, by their Vedic names (Guru = Jupiter, Shani = Saturn, …). */
export const MOUNT_NAMES = [
  'guru',
  'shani',
  'surya',
  'budh',
  'shukra',
  'chandra',
  'mangal_inner',
  'mangal_outer',
  'rahu',
] as const;
export type MountName = (typeof MOUNT_NAMES)[number];

export const LINE_NAMES = ['heart', 'head', 'life', 'fate', 'sun', 'marriage'] as const;
export type LineName = (typeof LINE_NAMES)[number];

/** Why a photo cannot be read: the photo's own problems, and how the hand is held (the pose gate's). */
export type RefusalReason =
  | 'no_hand'
  | 'back_of_hand'
  | 'hand_too_small'
  | 'hand_cut_off'
  | 'too_dark'
  | 'too_bright'
  | 'blurred'
  | PoseProblem
  // Several frames of one reading (palmFrames) that show more than one hand.
  | 'other_hand_side'
  | 'different_hand'
  // A palm whose photo settles a single feature: too little for an honest reading.
  | 'too_little_seen';

export interface PalmRefusal {
  kind: 'refused';
  reason: RefusalReason;
  /** Retake advice shown to the visitor as is. */
  message: string;
}

export interface LineObservation {
  seen: boolean;
  confidence: Confidence;
  length?: 'short' | 'medium' | 'long';
  curvature?: 'straight' | 'gentle' | 'curved';
  depth?: 'faint' | 'clear' | 'deep';
  breaks?: number;
  /** The marker's place: on the crease where it was seen, else where the line's corridor lies. */
  anchor: Point;
  /** The traced crease, wherever the line was seen. */
  trace?: Point[];
  /**
   * Heart line only, where its trace reached its corridor's end: the crease followed on toward the
   * index finger (HEART_CONTINUATION), or empty where plain skin continues there, so the line ends.
   * Absent where the scan could not tell (the trace stopped short, or the continuation is unclear).
   */
  beyond?: Point[];
}

export interface MountObservation {
  anchor: Point;
  /** Mounts are 3-D bulges: one frontal photo shows them only weakly. */
  confidence: Confidence;
  /** Relative prominence where it can be estimated from shading; undefined when not. */
  prominence?: 'flat' | 'average' | 'full';
}

export interface HandGeometry {
  /** Wrist → middle-finger knuckle, as a fraction of the image diagonal. */
  palmLength: number;
  /** Index knuckle → little-finger knuckle, same unit. */
  palmWidth: number;
  /** palmLength / palmWidth: > ~1.1 is a long (oblong) palm, below a square one. */
  palmRatio: number;
  /** Each finger's length divided by the palm length. */
  fingerLengths: Record<FingerName, number>;
  /** Index length / ring length in 3-D (world landmarks; < 1: ring finger longer). */
  indexToRing: number;
  /** Little-finger tip height relative to the ring finger's top joint, in 3-D (≥ 1 reaches it). */
  littleToRingTopJoint: number;
  /** Middle finger length / palm length. */
  middleToPalm: number;
  thumbLength: number;
  /** Opening angle between thumb and index finger, degrees. */
  thumbAngle: number;
  /** Mean angle between neighbouring long fingers, degrees: what `fingerSpacing` classifies. */
  fingerSpreadDegrees: number;
  fingerSpacing: 'close' | 'average' | 'wide';
}

export interface PhotoQuality {
  /** Mean luminance 0–255 inside the palm. */
  brightness: number;
  contrast: number;
  sharpness: number;
  /** Palm polygon area as a fraction of the image. */
  palmAreaFraction: number;
}

export interface PalmObservation {
  kind: 'palm';
  side: HandSide;
  sideConfidence: Confidence;
  /** The 21 MediaPipe hand landmarks (0 wrist, 4 thumb tip, 5/9/13/17 knuckles, 8/12/16/20 tips). */
  landmarks: Point[];
  /**
   * The same 21 landmarks in 3-D, in metres about the hand's centre (x right, y down, z away from
   * the camera): their lengths do not shrink when the hand is tilted on the photo.
   */
  worldLandmarks: WorldPoint[];
  /** The hand's outline (polygon), for keeping markers on the hand. */
  outline: Point[];
  geometry: HandGeometry;
  /**
   * A long finger runs off the photo beyond its knuckle: the network places its joints all the
   * same, but no measure of the fingers' lengths is taken from them (`noiseAt`).
   */
  fingersCutOff?: boolean;
  mounts: Record<MountName, MountObservation>;
  lines: Record<LineName, LineObservation>;
  creaseDensity: {
    level: 'sparse' | 'moderate' | 'dense';
    confidence: Confidence;
    /** Share of the palm lying in crease-deep valleys: what `level` classifies. */
    valleyShare: number;
  };
  quality: PhotoQuality;
}

export type PalmObserverResult = PalmObservation | PalmRefusal;
