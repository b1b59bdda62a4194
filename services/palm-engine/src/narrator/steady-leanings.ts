import type { PalmProfile, ReadingSubmission } from '@palm/contracts';
import type { PalmObservation } from '../palm-observation';
import { retakeProfiles } from '../profile/palm-profile';
import { AXES, polesOf, type AssertionAxis, type Assertions } from '../rules/assertions';
import { interpret, oneAreaPerFeature, PALM_RULES } from '../rules/interpret';
import type { Finding, PalmRule } from '../rules/palm-rule';
import { MIN_THEMES, settleAssertions, storyOfPalm } from './reading-story';

/**
 * The findings a reading of this palm is told from: every rule that fires, less the leanings a
 * re-take could turn (`steadyLeanings`).
 */
export function readingFindings(
  observation: PalmObservation,
  submission: ReadingSubmission,
  profile: PalmProfile,
  rules: readonly PalmRule[] = PALM_RULES,
): readonly Finding[] {
  const telling = { observation, submission, profile, rules };
  return steadyLeanings(interpret(observation, submission, rules, profile), telling);
}

/** What a reading is told from: the palm as measured, the answers, the profile and the rules that read them. */
interface Telling {
  observation: PalmObservation;
  submission: ReadingSubmission;
  profile: PalmProfile;
  rules: readonly PalmRule[];
}

/**
 * The findings with the leanings a re-take could turn set aside. A photo that shows a hand's
 * longer index finger but leaves its thumb's length open (a hair from a cut-off) reads "driven";
 * the next photo, showing the shorter thumb and not the finger, reads "easygoing", and the visitor
 * laying the two readings side by side is told opposite things about themselves, though neither
 * photo's profile contradicts the other. So where a profile a re-take could state
 * (`retakeProfiles`) would settle on the other side of an axis this photo's findings take one side
 * of, that axis moves from their `asserts` to `setAside`: they still count where each feature's
 * findings are placed, but no section states them (`tellStory`) and no theme or tension is built on
 * them. A hand that would then open with fewer than `MIN_THEMES` themes gets those leanings back,
 * strongest first, as it needs them: the opening themes are the reading's spine.
 */
export function steadyLeanings(fired: readonly Finding[], telling: Telling): readonly Finding[] {
  const turnable = axesARetakeCouldTurn(fired, telling);
  if (turnable.length === 0) return fired;
  const themesOf = (findings: readonly Finding[]) =>
    storyOfPalm(findings, telling.observation, telling.profile).themes.length;
  for (let restored = 0; restored < turnable.length; restored++) {
    const findings = withoutAxes(fired, turnable.slice(restored));
    if (themesOf(findings) >= MIN_THEMES) return findings;
  }
  return fired;
}

/**
 * The axes on which these findings take one side and a profile a re-take could state settles on
 * the other, strongest side first.
 */
export function axesARetakeCouldTurn(
  fired: readonly Finding[],
  { observation, submission, profile, rules }: Telling,
): AssertionAxis[] {
  // The one side each axis these findings take, where they take only one.
  const sideOf = new Map(
    AXES.flatMap((axis) => {
      const sides = new Set(fired.map((finding) => finding.asserts?.[axis]).filter(Boolean));
      return sides.size === 1 ? [[axis, [...sides][0]!] as const] : [];
    }),
  );
  if (sideOf.size === 0) return [];
  const retakes = retakeProfiles(observation, profile).map((retake) =>
    settledPoles(interpret(observation, submission, rules, retake)),
  );
  const strength = (axis: AssertionAxis) =>
    fired.filter((finding) => finding.asserts?.[axis]).reduce((sum, finding) => sum + finding.score, 0);
  return [...sideOf]
    .filter(([axis, side]) =>
      retakes.some((poles) =>
        poles.some((pole) => pole.startsWith(`${axis}:`) && pole !== `${axis}:${side}`),
      ),
    )
    .map(([axis]) => axis)
    .sort((a, b) => strength(b) - strength(a));
}

/** The poles a reading of these findings would state, once its pulls are settled. */
const settledPoles = (fired: readonly Finding[]) =>
  settleAssertions(oneAreaPerFeature(fired)).findings.flatMap((finding) => polesOf(finding.asserts));

/**
 * The findings with these axes set aside rather than asserted; findings that assert none of them are
 * kept as they are.
 */
function withoutAxes(fired: readonly Finding[], axes: readonly AssertionAxis[]): Finding[] {
  return fired.map((finding) => {
    const { asserts, ...rest } = finding;
    if (!asserts || !axes.some((axis) => asserts[axis])) return finding;
    const onAxes = (wanted: boolean): Assertions =>
      Object.fromEntries(
        Object.entries(asserts).filter(([axis]) => axes.includes(axis as AssertionAxis) === wanted),
      );
    const kept = onAxes(false);
    return { ...rest, ...(Object.keys(kept).length > 0 ? { asserts: kept } : {}), setAside: onAxes(true) };
  });
}
