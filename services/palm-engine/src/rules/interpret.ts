import { LIFE_AREAS, type PalmProfile, type ReadingSubmission } from '@palm/contracts';
import type { LineName, LineObservation, PalmObservation } from '../palm-observation';
import { palmProfileOf } from '../profile/palm-profile';
import { profiledLine, profiledObservation } from '../profile/profiled-lines';
import { TRAIT_RELIABILITY } from '../profile/trait-reliability.recorded';
import { CAREER_RULES } from './career.rules';
import { HEALTH_RULES } from './health.rules';
import { LOVE_RULES } from './love.rules';
import { MONEY_RULES } from './money.rules';
import {
  byStrength,
  evidenceConfidence,
  saidOfPerson,
  type Finding,
  type PalmRule,
  type RuleContext,
} from './palm-rule';
import { polesOf } from './assertions';
import { measuredFacts, recordingTraits } from './measured-facts';
import { traitsFromProfile, undeterminedTraits, type PalmTraits } from './palm-traits';
import { SPIRITUAL_RULES } from './spiritual.rules';

/** A refinement of a profile trait is the same feature of the palm. */
const FEATURE_OF_TRAIT: Partial<Record<keyof PalmTraits, string>> = { ringMuchLonger: 'indexVsRing' };

export const PALM_RULES: readonly PalmRule[] = [
  ...LOVE_RULES,
  ...CAREER_RULES,
  ...HEALTH_RULES,
  ...MONEY_RULES,
  ...SPIRITUAL_RULES,
];

/**
 * Each rule sees the palm only through the profile (its traits and lines), with traits, lines and
 * mounts that note what its condition reads, so its finding can quote those measurements and the
 * reading can tell which findings interpret the same feature.
 */
function ruleContext(
  observation: PalmObservation,
  profile: PalmProfile,
  traits: PalmTraits,
  traitsRead: Set<keyof PalmTraits>,
  featuresRead: Set<string>,
): RuleContext {
  return {
    observation,
    traits: recordingTraits(traits, traitsRead),
    line: (name) => {
      const line = profiledLine(profile, observation, name);
      return line && recordingLine(line, name, featuresRead);
    },
    mount: (name) => {
      featuresRead.add(`mount.${name}`);
      return observation.mounts[name].prominence;
    },
  };
}

/** A line that notes which of its attributes a rule's condition reads ("heart.curvature"). */
function recordingLine(line: LineObservation, name: LineName, read: Set<string>): LineObservation {
  return new Proxy(line, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(`${name}.${key}`);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/**
 * Each feature of the palm is interpreted in one section of a reading, with one meaning: of the
 * findings that read the same feature (a wide thumb opening read for love, energy and the spirit
 * alike), the strongest decides the area, the one whose rule the tradition makes most of, and a
 * finding elsewhere that reads it stays silent. So no section re-reads what another said and two
 * readings of one feature never pull apart; within its section a feature may still be read with
 * another (an unbroken heart line that is not faint), though not twice with the same leaning. An
 * area the strongest findings left empty then takes a feature it also reads from another area,
 * where every area that had findings keeps one.
 */
export function oneAreaPerFeature(strongestFirst: readonly Finding[]): Finding[] {
  const placed = (given: ReadonlyMap<string, Finding['area']>) => {
    const areaOf = new Map(given);
    const kept: Finding[] = [];
    for (const finding of strongestFirst) {
      if (finding.reads.some((feature) => (areaOf.get(feature) ?? finding.area) !== finding.area)) continue;
      // Read with the same leaning as a stronger finding of its section ("much longer" and "longer"
      // ring finger, both bold), it would make one point twice.
      if (kept.some((other) => other.area === finding.area && sayTheSame(other, finding))) continue;
      for (const feature of finding.reads) areaOf.set(feature, finding.area);
      kept.push(finding);
    }
    return kept;
  };
  // A section left with nothing of its own takes, where the hand allows, a feature another section
  // also reads, as long as that section keeps a finding: a feature still has one reading, and no
  // section is left to lean only on the others.
  const given = new Map<string, Finding['area']>();
  let kept = placed(given);
  for (const area of LIFE_AREAS) {
    if (kept.some((finding) => finding.area === area)) continue;
    const filled = new Set(kept.map((finding) => finding.area));
    // A finding that says something of the person (its assertions) ties into the reading's story first.
    const candidates = strongestFirst.filter((finding) => finding.area === area);
    const telling = (finding: Finding) => Object.keys(saidOfPerson(finding)).length > 0;
    for (const candidate of [...candidates.filter(telling), ...candidates.filter((f) => !telling(f))]) {
      const trial = new Map(given);
      for (const feature of candidate.reads) if (!trial.has(feature)) trial.set(feature, area);
      const next = placed(trial);
      const emptied = [...filled].some((other) => !next.some((finding) => finding.area === other));
      if (!next.includes(candidate) || emptied) continue;
      for (const [feature, home] of trial) given.set(feature, home);
      kept = next;
      break;
    }
  }
  return kept;
}

/** Two findings reading the same features with the same leaning, which has one at least. */
export function sayTheSame(a: Finding, b: Finding): boolean {
  const [poles, others] = [polesOf(saidOfPerson(a)), polesOf(saidOfPerson(b))];
  return (
    poles.length > 0 &&
    poles.length === others.length &&
    poles.every((pole) => others.includes(pole)) &&
    a.reads.length === b.reads.length &&
    a.reads.every((feature) => b.reads.includes(feature))
  );
}

/**
 * The rules that fire on this palm, strongest first; a rule that read a trait the profile leaves
 * null stays silent, and a rule whose tag fires on nearly every palm (`commonTags`, measured by
 * bench:reliability) tells this palm from no other and is left out. The submission only words the
 * phrasings: which rules fire depends on the palm alone, so different answers never change the facts.
 */
export function interpret(
  observation: PalmObservation,
  submission: ReadingSubmission,
  rules: readonly PalmRule[] = PALM_RULES,
  profile: PalmProfile = palmProfileOf(observation),
  commonTags: readonly string[] = TRAIT_RELIABILITY.commonTags,
): Finding[] {
  const palm = profiledObservation(profile, observation);
  const traits = traitsFromProfile(profile, observation);
  const undetermined = undeterminedTraits(traits);
  const findings: Finding[] = [];
  for (const rule of rules) {
    if (commonTags.includes(rule.basis)) continue;
    const confidence = Math.min(...rule.evidence.map((e) => evidenceConfidence(e, palm, profile)));
    if (confidence < rule.minConfidence) continue;
    const traitsRead = new Set<keyof PalmTraits>();
    const featuresRead = new Set<string>();
    if (!rule.when(ruleContext(palm, profile, traits, traitsRead, featuresRead))) continue;
    if ([...traitsRead].some((trait) => undetermined.has(trait))) continue;
    findings.push({
      ruleId: rule.id,
      area: rule.area,
      weight: rule.weight,
      confidence,
      score: rule.weight * confidence,
      basis: rule.basis,
      evidence: rule.evidence,
      measured: measuredFacts(palm, traitsRead, rule.evidence),
      reads: [
        ...[...traitsRead].map((trait) => FEATURE_OF_TRAIT[trait] ?? trait),
        ...featuresRead,
        ...(rule.evidence.some((item) => item.kind === 'side') ? ['side'] : []),
      ],
      phrasings: rule.phrasings.map((phrasing) =>
        typeof phrasing === 'string' ? phrasing : phrasing(submission),
      ),
      ...(rule.place ? { place: rule.place } : {}),
      ...(rule.asserts ? { asserts: rule.asserts } : {}),
    });
  }
  return findings.sort(byStrength);
}
