import type { ReadingSubmission } from '@palm/contracts';
import type { PalmObservation } from '../palm-observation';
import { CAREER_RULES } from './career.rules';
import { HEALTH_RULES } from './health.rules';
import { LOVE_RULES } from './love.rules';
import { MONEY_RULES } from './money.rules';
import { byStrength, evidenceConfidence, type Finding, type PalmRule, type RuleContext } from './palm-rule';
import { measuredFacts, recordingTraits } from './measured-facts';
import { traitsOf, type PalmTraits } from './palm-traits';
import { SPIRITUAL_RULES } from './spiritual.rules';

export const PALM_RULES: readonly PalmRule[] = [
  ...LOVE_RULES,
  ...CAREER_RULES,
  ...HEALTH_RULES,
  ...MONEY_RULES,
  ...SPIRITUAL_RULES,
];

/** Each rule sees traits that note what its condition reads, so its finding can quote those measurements. */
function ruleContext(
  observation: PalmObservation,
  traits: PalmTraits,
  traitsRead: Set<keyof PalmTraits>,
): RuleContext {
  return {
    observation,
    traits: recordingTraits(traits, traitsRead),
    line: (name) => (observation.lines[name].seen ? observation.lines[name] : undefined),
    mount: (name) => observation.mounts[name].prominence,
  };
}

/**
 * The rules that fire on this palm, strongest first; a rule that read an undetermined trait stays
 * silent. The submission only words the phrasings:
 * which rules fire depends on the palm alone, so different answers never change the facts.
 */
export function interpret(
  observation: PalmObservation,
  submission: ReadingSubmission,
  rules: readonly PalmRule[] = PALM_RULES,
): Finding[] {
  const { traits, undetermined, nearCutoff } = traitsOf(observation);
  const findings: Finding[] = [];
  for (const rule of rules) {
    const confidence = Math.min(...rule.evidence.map((e) => evidenceConfidence(e, observation)));
    if (confidence < rule.minConfidence) continue;
    const traitsRead = new Set<keyof PalmTraits>();
    if (!rule.when(ruleContext(observation, traits, traitsRead))) continue;
    if ([...traitsRead].some((trait) => undetermined.has(trait))) continue;
    findings.push({
      ruleId: rule.id,
      area: rule.area,
      weight: rule.weight,
      confidence,
      score: rule.weight * confidence,
      basis: rule.basis,
      evidence: rule.evidence,
      measured: measuredFacts(observation, traitsRead, rule.evidence, nearCutoff),
      phrasings: rule.phrasings.map((phrasing) =>
        typeof phrasing === 'string' ? phrasing : phrasing(submission),
      ),
      ...(rule.place ? { place: rule.place } : {}),
    });
  }
  return findings.sort(byStrength);
}
