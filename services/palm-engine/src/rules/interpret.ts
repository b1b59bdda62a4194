import type { PalmProfile, ReadingSubmission } from '@palm/contracts';
import type { PalmObservation } from '../palm-observation';
import { palmProfileOf } from '../profile/palm-profile';
import { profiledLine, profiledObservation } from '../profile/profiled-lines';
import { TRAIT_RELIABILITY } from '../profile/trait-reliability.recorded';
import { CAREER_RULES } from './career.rules';
import { HEALTH_RULES } from './health.rules';
import { LOVE_RULES } from './love.rules';
import { MONEY_RULES } from './money.rules';
import { byStrength, evidenceConfidence, type Finding, type PalmRule, type RuleContext } from './palm-rule';
import { measuredFacts, recordingTraits } from './measured-facts';
import { traitsFromProfile, undeterminedTraits, type PalmTraits } from './palm-traits';
import { SPIRITUAL_RULES } from './spiritual.rules';

export const PALM_RULES: readonly PalmRule[] = [
  ...LOVE_RULES,
  ...CAREER_RULES,
  ...HEALTH_RULES,
  ...MONEY_RULES,
  ...SPIRITUAL_RULES,
];

/**
 * Each rule sees the palm only through the profile (its traits and lines), with traits that note
 * what its condition reads, so its finding can quote those measurements.
 */
function ruleContext(
  observation: PalmObservation,
  profile: PalmProfile,
  traits: PalmTraits,
  traitsRead: Set<keyof PalmTraits>,
): RuleContext {
  return {
    observation,
    traits: recordingTraits(traits, traitsRead),
    line: (name) => profiledLine(profile, observation, name),
    mount: (name) => observation.mounts[name].prominence,
  };
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
    const confidence = Math.min(...rule.evidence.map((e) => evidenceConfidence(e, palm)));
    if (confidence < rule.minConfidence) continue;
    const traitsRead = new Set<keyof PalmTraits>();
    if (!rule.when(ruleContext(palm, profile, traits, traitsRead))) continue;
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
      phrasings: rule.phrasings.map((phrasing) =>
        typeof phrasing === 'string' ? phrasing : phrasing(submission),
      ),
      ...(rule.place ? { place: rule.place } : {}),
    });
  }
  return findings.sort(byStrength);
}
