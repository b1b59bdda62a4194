import { listInWords } from '@palm/contracts';
import type { LineName, LineObservation, PalmObservation } from '../palm-observation';
import { lineFeatureFacts } from '../profile/line-features';
import type { Evidence } from './palm-rule';
import type { PalmTraits } from './palm-traits';
import { LINE_LABELS, MOUNT_LABELS } from './vedic-names';

/**
 * The measurements behind a finding, in words a visitor can check against their own hand. They
 * are what makes a reading belong to one palm: two hands may share a trait, rarely its numbers.
 */
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const times = (ratio: number) => `${ratio.toFixed(2)} times`;

function fingerRatioInWords(indexToRing: number): string {
  if (indexToRing < 0.995) return `ring finger ${percent(1 / indexToRing - 1)} longer than the index`;
  if (indexToRing > 1.005) return `index finger ${percent(indexToRing - 1)} longer than the ring`;
  return 'index and ring fingers within half a percent of each other';
}

type TraitMeasure = (observation: PalmObservation) => string;

const TRAIT_MEASURES: Record<keyof PalmTraits, TraitMeasure> = {
  handType: ({ geometry: g }) =>
    `palm ${times(g.palmRatio)} as long as wide, middle finger ${percent(g.middleToPalm)} of the palm’s length`,
  palmShape: ({ geometry: g }) => `palm ${times(g.palmRatio)} as long as wide`,
  fingers: ({ geometry: g }) => `middle finger ${percent(g.middleToPalm)} of the palm’s length`,
  indexVsRing: ({ geometry: g }) => fingerRatioInWords(g.indexToRing),
  ringMuchLonger: ({ geometry: g }) => fingerRatioInWords(g.indexToRing),
  littleFinger: ({ geometry: g }) =>
    `little fingertip at ${percent(g.littleToRingTopJoint)} of the height of the ring finger’s top joint`,
  middleFinger: ({ geometry: g }) => {
    const neighbours = (g.fingerLengths.index + g.fingerLengths.ring) / 2;
    return `middle finger ${times(g.fingerLengths.middle / neighbours)} the length of its neighbours`;
  },
  thumb: ({ geometry: g }) => `thumb ${percent(g.thumbLength)} of the palm’s length`,
  thumbAngle: ({ geometry: g }) => `thumb opening at ${Math.round(g.thumbAngle)}°`,
  spacing: ({ geometry: g }) => `fingers ${g.fingerSpreadDegrees.toFixed(1)}° apart on average`,
  creases: ({ creaseDensity }) => `${percent(creaseDensity.valleyShare)} of the palm in fine creases`,
  heartEnd: (o) =>
    `heart line followed to ${percent(lineFeatureFacts(o).heartReach)} of the way across the palm`,
  headStart: (o) =>
    `life line’s upper end ${percent(lineFeatureFacts(o).headToLife)} of the knuckle width from the head line`,
  headEnd: (o) =>
    `head line’s outer half dropping ${times(lineFeatureFacts(o).headSlope)} as far down the palm as it runs across`,
  lifeArc: (o) => `life line reaching ${percent(lineFeatureFacts(o).lifeReach)} of the way across the palm`,
  fateStart: (o) =>
    `fate line traced from ${percent(lineFeatureFacts(o).fateFrom)} of the way down to the wrist`,
};

const CURVATURE_IN_WORDS: Record<NonNullable<LineObservation['curvature']>, string> = {
  straight: 'straight',
  gentle: 'gently curved',
  curved: 'strongly curved',
};

/** "heart line traced long, gently curved, deep and unbroken, 85% confidence": what was seen, and how surely. */
function lineInWords(name: LineName, line: LineObservation): string {
  const english = LINE_LABELS[name].split(' · ')[1]!.toLowerCase();
  const breaks =
    line.breaks === undefined
      ? undefined
      : line.breaks === 0
        ? 'unbroken'
        : `with ${line.breaks} ${line.breaks === 1 ? 'break' : 'breaks'}`;
  const shape = [
    line.length,
    line.curvature && CURVATURE_IN_WORDS[line.curvature],
    line.depth,
    breaks,
  ].filter((word): word is string => Boolean(word));
  const seen = `${english} ${line.trace ? 'traced' : 'seen'}`;
  return `${shape.length ? `${seen} ${listInWords(shape)}` : seen}, ${percent(line.confidence)} confidence`;
}

function evidenceMeasure(evidence: Evidence, observation: PalmObservation): string | undefined {
  switch (evidence.kind) {
    case 'line':
      return lineInWords(evidence.line, observation.lines[evidence.line]);
    case 'mount': {
      const mount = MOUNT_LABELS[evidence.mount].split(' · ')[0];
      return `${mount} judged from the photo, ${percent(observation.mounts[evidence.mount].confidence)} confidence`;
    }
    case 'side':
      return `${observation.side} hand recognised with ${percent(observation.sideConfidence)} confidence`;
    default:
      return undefined;
  }
}

/**
 * The measurements a rule actually decided on: the traits its condition read, and the lines,
 * mounts or hand side it rests on. A hand type already quotes the palm and finger proportions.
 * Only a stated class is quoted (a rule that read a null trait never fires), so a number never
 * sits beside a claim it contradicts.
 */
export function measuredFacts(
  observation: PalmObservation,
  traitsRead: ReadonlySet<keyof PalmTraits>,
  evidence: readonly Evidence[],
): string[] {
  const traits = traitsRead.has('handType')
    ? [...traitsRead].filter((trait) => trait !== 'palmShape' && trait !== 'fingers')
    : [...traitsRead];
  const facts = [
    ...traits.map((trait) => TRAIT_MEASURES[trait](observation)),
    ...evidence.map((item) => evidenceMeasure(item, observation)),
  ].filter((fact): fact is string => Boolean(fact));
  return [...new Set(facts)];
}

/** A traits object that notes which traits a rule's condition reads. */
export function recordingTraits(traits: PalmTraits, read: Set<keyof PalmTraits>): PalmTraits {
  return new Proxy(traits, {
    get(target, key, receiver) {
      if (typeof key === 'string' && key in target) read.add(key as keyof PalmTraits);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}
