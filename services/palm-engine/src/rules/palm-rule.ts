import type { LifeArea, PalmProfile, ReadingSubmission } from '@palm/contracts';
import { elementConfidence } from '../profile/palm-profile';
import type {
  Confidence,
  LineName,
  LineObservation,
  MountName,
  MountObservation,
  PalmObservation,
} from '../palm-observation';
import type { Assertions } from './assertions';
import type { PalmTraits } from './palm-traits';

/** What a rule's claim rests on. A rule is only as sure as the least sure thing it rests on. */
export type Evidence =
  | { kind: 'geometry' }
  | { kind: 'hand-type' }
  | { kind: 'crease-density' }
  | { kind: 'side' }
  | { kind: 'line'; line: LineName }
  | { kind: 'mount'; mount: MountName };

/** Where on the palm a finding belongs, so a marker there can repeat what the reading says. */
export type MarkerPlace = { kind: 'line'; line: LineName } | { kind: 'mount'; mount: MountName };

export interface RuleContext {
  observation: PalmObservation;
  traits: PalmTraits;
  /** The line, only when the observer saw it; never a guess. */
  line(name: LineName): LineObservation | undefined;
  /** A mount's estimated prominence, when it could be estimated at all. */
  mount(name: MountName): MountObservation['prominence'];
}

/** A phrasing may adapt its wording to the visitor's answers, never its claim about the palm. */
export type Phrasing = string | ((submission: ReadingSubmission) => string);

export interface PalmRule {
  id: string;
  area: LifeArea;
  evidence: readonly Evidence[];
  when: (palm: RuleContext) => boolean;
  /** 0–1: how much the tradition makes of this feature. Mount rules stay low (mounts are barely visible). */
  weight: number;
  /** The rule stays silent below this observer confidence. */
  minConfidence: number;
  phrasings: readonly Phrasing[];
  /** The tag shown beside the claim: what was observed. */
  basis: string;
  place?: MarkerPlace;
  /** What its phrasings say about the person on the axes a reading keeps consistent. */
  asserts?: Assertions;
}

/** A rule that fired on this palm, with its phrasings resolved for this visitor. */
export interface Finding {
  ruleId: string;
  area: LifeArea;
  weight: number;
  confidence: Confidence;
  score: number;
  basis: string;
  evidence: readonly Evidence[];
  /** The measurements the claim rests on, in words ("palm 1.34 times as long as wide"). */
  measured: readonly string[];
  /**
   * The palm features its condition read: traits ("thumbAngle"), line attributes
   * ("heart.curvature"), mounts ("mount.shukra") and the hand side ("side").
   */
  reads: readonly string[];
  phrasings: readonly string[];
  place?: MarkerPlace;
  /** What it says of the person that the reading's themes and tensions are built on. */
  asserts?: Assertions;
  /**
   * What its phrasings say of the person that a re-take of the hand could turn (`steadyLeanings`):
   * it still counts where each feature's findings are placed, but no section states it and no theme
   * or tension is built on it.
   */
  setAside?: Assertions;
}

/** Everything a finding's phrasings say of the person, built on or set aside. */
export const saidOfPerson = (finding: Finding): Assertions => ({ ...finding.setAside, ...finding.asserts });

/**
 * Strongest first; equal scores by rule id, compared by code unit so that the order is the same
 * everywhere (and `localeCompare` would map some 2 MB of ICU's collation data into the process).
 */
export function byStrength(a: Finding, b: Finding): number {
  return b.score - a.score || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0);
}

export const GEOMETRY: readonly Evidence[] = [{ kind: 'geometry' }];
export const TATTVA: readonly Evidence[] = [{ kind: 'hand-type' }];
export const CREASES: readonly Evidence[] = [{ kind: 'crease-density' }];
export const onLine = (line: LineName): Evidence => ({ kind: 'line', line });
export const onMount = (mount: MountName): Evidence => ({ kind: 'mount', mount });

/**
 * A line the profile holds. A line seen only faintly (within the scan's FAINT_MARGIN of the
 * response it needs) is no ground for saying that the line is there, so the profile states a fate
 * or sun line only where it was seen clearly (profile/palm-profile.ts): on ../shared/palms/retest
 * a faint one was missed on the next photo of every hand where it was seen at all.
 */
export const seenClearly = (line: LineObservation | undefined): boolean => line?.seen === true;

/** Lines must be seen fairly surely; mounts are never seen surely, so their rules accept little. */
const DEFAULT_MIN_CONFIDENCE: Record<Evidence['kind'], number> = {
  geometry: 0.4,
  'hand-type': 0.4,
  'crease-density': 0.5,
  side: 0.6,
  line: 0.5,
  mount: 0.2,
};

/** Landmark geometry of an accepted open palm is what the observer measures best. */
const GEOMETRY_CONFIDENCE = 0.9;

/** How surely this palm shows what a piece of evidence rests on; the element, as its profile holds it. */
export function evidenceConfidence(
  evidence: Evidence,
  observation: PalmObservation,
  profile: PalmProfile,
): Confidence {
  switch (evidence.kind) {
    case 'geometry':
      return GEOMETRY_CONFIDENCE;
    case 'hand-type':
      return elementConfidence(profile, observation);
    case 'crease-density':
      return observation.creaseDensity.confidence;
    case 'side':
      return observation.sideConfidence;
    case 'line': {
      const line = observation.lines[evidence.line];
      return line.seen ? line.confidence : 0;
    }
    case 'mount':
      return observation.mounts[evidence.mount].confidence;
  }
}

export type RuleSpec = Omit<PalmRule, 'area' | 'minConfidence'> & { minConfidence?: number };

/** Fills in what follows from the evidence: the confidence floor and the marker place. */
export function defineRules(area: LifeArea, specs: readonly RuleSpec[]): PalmRule[] {
  return specs.map((spec) => ({
    ...spec,
    area,
    minConfidence:
      spec.minConfidence ?? Math.max(...spec.evidence.map((e) => DEFAULT_MIN_CONFIDENCE[e.kind])),
    place: spec.place ?? placeOf(spec.evidence),
  }));
}

function placeOf(evidence: readonly Evidence[]): MarkerPlace | undefined {
  for (const item of evidence) {
    if (item.kind === 'line') return { kind: 'line', line: item.line };
    if (item.kind === 'mount') return { kind: 'mount', mount: item.mount };
  }
  return undefined;
}
