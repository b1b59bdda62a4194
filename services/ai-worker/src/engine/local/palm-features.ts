import type { PhotoMeasurements } from './photo-measurements';

export type OutlineShape = 'long' | 'balanced' | 'broad';
export type FingerSpread = 'apart' | 'relaxed' | 'close';
export type LineDetail = 'fine' | 'moderate' | 'clear';
export type PalmTone = 'warm' | 'balanced' | 'cool';
export type PhotoLight = 'bright' | 'soft' | 'low';

/**
 * The few palm features the local engine can take from a photo without hand landmarks, each
 * from one measurement. They are coarse on purpose: the reading says only what these support.
 */
export interface PalmFeatures {
  shape: OutlineShape;
  spread: FingerSpread;
  lineDetail: LineDetail;
  tone: PalmTone;
  light: PhotoLight;
}

export function palmFeaturesOf(
  photo: PhotoMeasurements & { skin: NonNullable<PhotoMeasurements['skin']> },
): PalmFeatures {
  const { skin } = photo;
  const outlineAspect =
    ((skin.box.bottom - skin.box.top) * photo.height) /
    Math.max(1e-6, (skin.box.right - skin.box.left) * photo.width);
  return {
    shape: outlineAspect > 1.35 ? 'long' : outlineAspect < 1.05 ? 'broad' : 'balanced',
    spread: skin.fill < 0.5 ? 'apart' : skin.fill > 0.68 ? 'close' : 'relaxed',
    lineDetail: skin.texture > 600 ? 'fine' : skin.texture < 330 ? 'clear' : 'moderate',
    tone: skin.warmth >= 154 ? 'warm' : skin.warmth <= 142 ? 'cool' : 'balanced',
    light: photo.brightness >= 120 ? 'bright' : photo.brightness >= 80 ? 'soft' : 'low',
  };
}

/** Basis tags: each names the measurement behind a statement, nothing more. */
export const FEATURE_BASIS = {
  shape: {
    long: 'Photo: long, slender outline',
    balanced: 'Photo: balanced hand outline',
    broad: 'Photo: broad hand outline',
  },
  spread: {
    apart: 'Photo: fingers held apart',
    relaxed: 'Photo: fingers relaxed',
    close: 'Photo: fingers held close',
  },
  lineDetail: {
    fine: 'Photo: many fine lines',
    moderate: 'Photo: moderate line detail',
    clear: 'Photo: few, clear lines',
  },
  tone: {
    warm: 'Photo: warm palm tone',
    balanced: 'Photo: even palm tone',
    cool: 'Photo: cool palm tone',
  },
  light: {
    bright: 'Photo: bright, even light',
    soft: 'Photo: soft light',
    low: 'Photo: low light',
  },
} as const satisfies { [K in keyof PalmFeatures]: Record<PalmFeatures[K], string> };
