import type { ProfileTraitId } from '@palm/contracts';
import type { PalmObservation } from '../palm-observation';
import { noiseAt, PROPORTION_TRAITS, type ProportionTrait } from '../profile/palm-profile';
import { measuresOf } from '../profile/profile-measures';

/** The profile trait behind each feature a rule reads, for its recorded reliability. */
const TRAIT_OF_FEATURE: Record<string, ProfileTraitId> = {
  handType: 'handType',
  palmShape: 'palmShape',
  fingers: 'fingerLength',
  indexVsRing: 'indexVsRing',
  littleFinger: 'littleFinger',
  middleFinger: 'middleFinger',
  thumb: 'thumbLength',
  thumbAngle: 'thumbAngle',
  spacing: 'fingerSpacing',
  creases: 'creaseDensity',
  heartEnd: 'heartLineEnd',
  headStart: 'headLineStart',
  headEnd: 'headLineEnd',
  lifeArc: 'lifeLineArc',
  fateStart: 'fateLineStart',
  'fate.seen': 'fateLine',
  'sun.seen': 'sunLine',
};
const LINE_ATTRIBUTE_TRAITS: Record<string, string> = {
  length: 'Length',
  curvature: 'Curve',
  depth: 'Depth',
  breaks: 'Breaks',
};

/** A feature's id in the profile ("heart.curvature" → heartLineCurve), when it has one. */
export function traitOf(feature: string): ProfileTraitId | undefined {
  if (feature in TRAIT_OF_FEATURE) return TRAIT_OF_FEATURE[feature];
  const [line, attribute] = feature.split('.');
  if (!line || !attribute) return undefined;
  const suffix = LINE_ATTRIBUTE_TRAITS[attribute] ?? '';
  return `${line}Line${suffix}` as ProfileTraitId;
}

/** The proportion a feature is read from (its measure, cut-offs and classes), if it is one. */
export function proportionOf(feature: string): (typeof PROPORTION_TRAITS)[ProportionTrait] | undefined {
  const trait = traitOf(feature);
  return trait !== undefined && trait in PROPORTION_TRAITS
    ? PROPORTION_TRAITS[trait as ProportionTrait]
    : undefined;
}

/**
 * How plainly a stated class shows, by how many noise widths (the measure's spread between photos
 * of one hand) the measure lies past its cut-off. The profile states a class only a width past it;
 * below `SLIGHT_WIDTHS` the class holds but only just ("an index finger just longer than the
 * ring"), from `MARKED_WIDTHS` no re-take would bring it near the cut-off ("clearly longer").
 * Two photos of one hand differ by about 1.4 widths, so the two ends lie well over that apart: a
 * re-take may move a hand one grade ("fairly wide", "wide"), and seldom from "only just square" to
 * "broad and square" (on the retest set, 0.01 such turns a pair of photos against 0.14 with ends
 * one width apart; `npm run bench:retest`).
 */
export type Degree = 'slight' | 'plain' | 'marked';
const SLIGHT_WIDTHS = 1.25;
const MARKED_WIDTHS = 3.5;

/** The grade of a class stated this many noise widths past its cut-off. */
export const degreeAt = (widths: number): Degree =>
  widths < SLIGHT_WIDTHS ? 'slight' : widths < MARKED_WIDTHS ? 'plain' : 'marked';

export function degreeOf(feature: string, observation: PalmObservation): Degree | undefined {
  const widths = widthsPast(feature, observation);
  return widths === undefined ? undefined : degreeAt(widths);
}

/**
 * How many noise widths this hand's measure lies past the cut-off of its outer class: 0 in the
 * middle tertile, undefined for a feature that is not a measured proportion.
 */
function widthsPast(feature: string, observation: PalmObservation): number | undefined {
  const proportion = proportionOf(feature);
  if (!proportion) return undefined;
  const {
    measure,
    cutoffs: [low, high],
  } = proportion;
  const value = measuresOf(observation)[measure];
  const noise = noiseAt(observation)[measure];
  if (!(noise > 0)) return undefined;
  return Math.max(0, value - high, low - value) / noise;
}
