import type { PalmProfile, ProfileTraitId } from '@palm/contracts';
import type { LineName, LineObservation, PalmObservation } from '../palm-observation';

const classOf = (profile: PalmProfile, id: string): string | undefined =>
  (profile[id as ProfileTraitId] as string | null | undefined) ?? undefined;

/**
 * A line as the profile holds it: undefined unless the profile says it was seen, and only the
 * classes the profile states (a null class is left out). Where it lies (anchor, trace, beyond) and how
 * surely comes from the observation, which states no class.
 */
export function profiledLine(
  profile: PalmProfile,
  observation: PalmObservation,
  name: LineName,
): LineObservation | undefined {
  const prefix = `${name}Line`;
  if (classOf(profile, prefix) !== 'seen') return undefined;
  const { confidence, anchor, trace, beyond, breaks: breakCount } = observation.lines[name];
  const length = classOf(profile, `${prefix}Length`) as LineObservation['length'];
  const curvature = classOf(profile, `${prefix}Curve`) as LineObservation['curvature'];
  const depth = classOf(profile, `${prefix}Depth`) as LineObservation['depth'];
  const breaks = classOf(profile, `${prefix}Breaks`);
  return {
    seen: true,
    confidence,
    anchor,
    ...(trace ? { trace } : {}),
    ...(beyond ? { beyond } : {}),
    ...(length ? { length } : {}),
    ...(curvature ? { curvature } : {}),
    ...(depth ? { depth } : {}),
    ...(breaks ? { breaks: breaks === 'unbroken' ? 0 : (breakCount ?? 1) } : {}),
  };
}

/** The observation with every line replaced by what the profile holds of it (unseen where it holds nothing). */
export function profiledObservation(profile: PalmProfile, observation: PalmObservation): PalmObservation {
  const lines = Object.fromEntries(
    Object.entries(observation.lines).map(([name, line]) => [
      name,
      profiledLine(profile, observation, name as LineName) ?? {
        seen: false,
        confidence: line.confidence,
        anchor: line.anchor,
      },
    ]),
  ) as PalmObservation['lines'];
  return { ...observation, side: profile.handSide ?? observation.side, lines };
}
