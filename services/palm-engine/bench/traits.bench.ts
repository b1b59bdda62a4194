import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createPalmObserver } from '@palm/palm-engine';
import { normalisePalmPhoto } from '@palm/palm-photo';
import { FINGER_SPACING, LONG_FINGER_RATIO, LONG_PALM_RATIO } from '../src/observer/hand-geometry';
import type { HandGeometry } from '../src/palm-observation';
import { band, PROFILE_BAND_WIDTHS, TRAIT_CUTOFFS } from '../src/profile/palm-profile';
import type { ProfileMeasure } from '../src/profile/profile-measures';
import { TRAIT_RELIABILITY } from '../src/profile/trait-reliability.recorded';
import { sharedPalmsDir } from '../../../tests/support/palm-photos';
import { writeBenchmarkSection } from '../../../bench/support/benchmarks-doc';
import { machineLoad } from '../../../bench/support/stats';

const PALMS = sharedPalmsDir();

/**
 * `npm run bench:traits`: the population the trait cut-offs are calibrated on. Observes every
 * photo of ../shared/palms/lines, ../shared/palms/palm and ../shared/palms/retest; a retest hand
 * counts once, by the mean of its photos. Prints each measurement's tertiles beside the cut-offs
 * in use and the share of real hands each class then holds, with the profile's noise bands (the
measured within-hand spread): a hand within a band of a cut-off states no class. Records the
 * table in docs/benchmarks.md (section `traits`).
 */
const MEASURES: Record<ProfileMeasure, (g: HandGeometry) => number> = {
  palmRatio: (g) => g.palmRatio,
  middleToPalm: (g) => g.middleToPalm,
  indexToRing: (g) => g.indexToRing,
  littleToRingTopJoint: (g) => g.littleToRingTopJoint,
  middleToIndexAndRing: (g) => g.fingerLengths.middle / ((g.fingerLengths.index + g.fingerLengths.ring) / 2),
  thumbToPalm: (g) => g.fingerLengths.thumb,
  thumbAngle: (g) => g.thumbAngle,
  fingerSpreadDegrees: (g) => g.fingerSpreadDegrees,
};
const c = TRAIT_CUTOFFS;
const CUTOFFS: Record<ProfileMeasure, readonly [number, number]> = {
  palmRatio: [c.palmRatio.squareBelow, c.palmRatio.oblongFrom],
  middleToPalm: [c.middleToPalm.shortBelow, c.middleToPalm.longFrom],
  indexToRing: [c.indexToRing.ringLongerBelow, c.indexToRing.indexLongerFrom],
  littleToRingTopJoint: [c.littleToRingTopJoint.shortBelow, c.littleToRingTopJoint.longFrom],
  middleToIndexAndRing: [c.middleToIndexAndRing.shortBelow, c.middleToIndexAndRing.longFrom],
  thumbToPalm: [c.thumbToPalm.shortBelow, c.thumbToPalm.longFrom],
  thumbAngle: [c.thumbAngle.narrowBelow, c.thumbAngle.wideFrom],
  fingerSpreadDegrees: [FINGER_SPACING.closeBelow, FINGER_SPACING.wideAbove],
};

const jpegs = async (dir: string) =>
  (await readdir(dir)).filter((name) => /\.jpe?g$/i.test(name)).map((name) => path.join(dir, name));
const observer = await createPalmObserver();
const geometryOf = async (file: string) => {
  const observation = await observer.observe(await normalisePalmPhoto(await readFile(file)));
  return observation.kind === 'palm' ? observation.geometry : undefined;
};

const load = await machineLoad();
const hands: HandGeometry[][] = [];
let photos = 0;
for (const file of [
  ...(await jpegs(path.join(PALMS, 'lines/images'))),
  ...(await jpegs(path.join(PALMS, 'palm'))),
]) {
  photos++;
  const geometry = await geometryOf(file);
  if (geometry) hands.push([geometry]);
}
const retestDir = path.join(PALMS, 'retest');
for (const hand of await readdir(retestDir, { withFileTypes: true })) {
  if (!hand.isDirectory()) continue;
  const read: HandGeometry[] = [];
  for (const file of await jpegs(path.join(retestDir, hand.name))) {
    photos++;
    const geometry = await geometryOf(file);
    if (geometry) read.push(geometry);
  }
  if (read.length > 0) hands.push(read);
}

const quantile = (sorted: readonly number[], p: number) => {
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
};
const digits = (value: number) => value.toFixed(Math.abs(value) >= 5 ? 1 : 3);
const percent = (count: number) => `${Math.round((100 * count) / hands.length)} %`;
const rows = Object.entries(MEASURES).map(([name, measure]) => {
  const key = name as keyof typeof MEASURES;
  const values = hands
    .map((photosOfHand) => photosOfHand.reduce((sum, g) => sum + measure(g), 0) / photosOfHand.length)
    .sort((a, b) => a - b);
  const [low, high] = CUTOFFS[key];
  const noise = TRAIT_RELIABILITY.noise[key];
  const classes = values.map((value) => band(value, noise, low, high));
  const share = (of: ReturnType<typeof band>) => percent(classes.filter((c) => c === of).length);
  return `| ${name} | ${[0.1, 1 / 3, 0.5, 2 / 3, 0.9].map((p) => digits(quantile(values, p))).join(' | ')} | ${digits(low)} / ${digits(high)} | ${digits(noise)} | ${share('low')} / ${share('mid')} / ${share('high')} / ${share(null)} |`;
});

const report = `## Trait population (calibration of the cut-offs)

Recorded by \`npm run bench:traits\` (services/palm-engine/bench/traits.bench.ts) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${load}.
${hands.length} real hands measured by the observer from ${photos} photos: every read photo of ../shared/palms/lines
and ../shared/palms/palm, and each retest hand once, by the mean of its photos. TRAIT_CUTOFFS
(src/profile/palm-profile.ts) sit at the tertiles of this population; the hand type's cut-offs (palm ratio
${LONG_PALM_RATIO}, middle finger ${LONG_FINGER_RATIO}) at its medians; finger spacing past the fingers-together pose
of the photos (hand-geometry.ts). A value within ${PROFILE_BAND_WIDTHS} noise width of a cut-off (the within-hand spread
bench:reliability measured) states no class, so each class holds less than a third.

| measure | 10 % | tertile 1 | median | tertile 2 | 90 % | cut-offs | noise | low / middle / high / no class |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;

await writeBenchmarkSection('traits', report);
console.log(report);
