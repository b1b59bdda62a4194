import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PROFILE_TRAIT_IDS,
  SUBMISSION_DEFAULTS,
  readingSubmissionSchema,
  type PalmProfile,
} from '@palm/contracts';
import { steepestFingerLiftDegrees } from '@palm/hand-pose';
import { createPalmObserver } from '@palm/palm-engine';
import { normalisePalmPhoto } from '@palm/palm-photo';
import { sharedPalmsDir } from '../../../tests/support/palm-photos';
import { timelineSection } from '../src/narrator/life-timeline';
import { composeSections } from '../src/narrator/local-narrator';
import { phraseChooserFor } from '../src/narrator/phrase-chooser';
import type { PalmObservation } from '../src/palm-observation';
import { measuredProfile, palmProfileOf, PROPORTION_TRAITS } from '../src/profile/palm-profile';
import { profiledObservation } from '../src/profile/profiled-lines';
import { PROFILE_MEASURES, type ProfileMeasure } from '../src/profile/profile-measures';
import type { TraitReliabilityTable, TraitSurvival } from '../src/profile/trait-reliability';
import { interpret, PALM_RULES } from '../src/rules/interpret';
import { writeBenchmarkSection } from '../../../bench/support/benchmarks-doc';
import { ceilingMeasuresOf, measureSpread, strayFactor } from './measure-ceiling';
import { VIEW_CHANGES } from './view-changes';

const PALMS = sharedPalmsDir();

/**
 * `npm run bench:reliability`: measures how often each profile trait's class survives a re-take
 * and records it in src/profile/trait-reliability.recorded.ts, which the engine reads.
 * 1. Noise: each measure's root-mean-square spread within a hand over ../shared/palms/retest; and
 *    for a photo whose fingers lift toward the camera, that spread times how much further such
 *    retest photos stray from their hand's other photos than the rest, where that is more than
 *    chance gives (`strayFactor`).
 * 2. Survival: with those noise bands, of the same-hand pairs (retest set) and original-vs-variant
 *    pairs (the synthetic view changes of ../shared/palms/palm and of the phone photos of
 *    ../shared/palms/lines) where both state a class, the share that state the same one. The phone
 *    photos are the hard case: their palms are larger and their lines fainter than the retest set's,
 *    and a rotation or a harder JPEG turns a life line's breaks or a fate line's depth on them.
 * 3. Class counts: how many palms of palm/ and lines/ (strangers to the retest set) state each
 *    class with those noise bands, for how rare a class is when profiles are compared.
 * 4. Common tags: with the gated profile, basis tags (other than the hand side's) that fire on more
 *    than COMMON_SHARE of the palms read in palm/, retest/ and lines/.
 * 5. Pose traits: a proportion whose measure varies more between photos of one hand than between
 *    hands (share of its variance between hands below MIN_BETWEEN_HAND_SHARE, retest set) reads how
 *    the hand was held, and is never stated.
 * 6. The same rate for the tags readings show: a section's tags also name the features it describes
 *    or leans on (section-basis.ts), so every tag of every section (Timeline included) of each
 *    palm's local reading is counted too, with the common tags just found left out.
 */
const COMMON_SHARE = 0.7;
/**
 * Below this share of its variance between hands a measure is the pose more than the hand. The
 * fingers' spread has 0.11 on the retest set (and the capture asks the visitor to spread them);
 * every proportion of the hand itself has 0.5 or more.
 */
const MIN_BETWEEN_HAND_SHARE = 0.3;
/**
 * Past a lift of the steepest long finger out of the palm's plane (3-D landmarks) of about 20° a
 * retest photo strays further from its hand's other photos: the little finger's reach about 0.8 noise
 * widths whether the fingers lift 0–15° or 15–20°, 1.5 at 20–25° and 1.9 past 25°. The lifted noise
 * is measured over the photos past 20° and grows in from 15° to 25° (`noiseAt`). Phone photos (lines/)
 * mostly lift them 24–54°, so it is the noise their classes are judged by.
 */
const LIFTED = { fromDegrees: 15, measuredFromDegrees: 20, toDegrees: 25 } as const;
const OUT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/profile/trait-reliability.recorded.ts',
);

const observer = await createPalmObserver();
const observe = async (photo: Buffer): Promise<PalmObservation | undefined> => {
  const result = await observer.observe(await normalisePalmPhoto(photo));
  return result.kind === 'palm' ? result : undefined;
};
const jpegs = async (dir: string) => (await readdir(dir)).filter((name) => /\.jpe?g$/i.test(name)).sort();

const retestDir = path.join(PALMS, 'retest');
const hands = (await readdir(retestDir, { withFileTypes: true }))
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const retest: { hand: string; observation: PalmObservation }[] = [];
for (const hand of hands.sort()) {
  for (const file of await jpegs(path.join(retestDir, hand))) {
    const observation = await observe(await readFile(path.join(retestDir, hand, file)));
    if (observation) retest.push({ hand, observation });
  }
}

const measuredRetest = retest.map(({ hand, observation }) => ({
  hand,
  side: observation.side,
  values: ceilingMeasuresOf(observation),
  lifted: steepestFingerLiftDegrees(observation.worldLandmarks) >= LIFTED.measuredFromDegrees,
}));
const rounded = (value: number) => Math.round(value * 10000) / 10000;
const noise = Object.fromEntries(
  PROFILE_MEASURES.map((measure) => [measure, rounded(measureSpread(measuredRetest, measure).within)]),
) as Record<ProfileMeasure, number>;
const liftedNoise: TraitReliabilityTable['liftedNoise'] = {
  fromDegrees: LIFTED.fromDegrees,
  toDegrees: LIFTED.toDegrees,
  noise: Object.fromEntries(
    PROFILE_MEASURES.map((measure) => [
      measure,
      rounded(noise[measure] * strayFactor(measuredRetest, measure, (photo) => photo.lifted)),
    ]),
  ) as Record<ProfileMeasure, number>,
};
const noiseTable = { noise, liftedNoise };

const survival = (pairs: [PalmProfile, PalmProfile][]) =>
  Object.fromEntries(
    PROFILE_TRAIT_IDS.map((trait) => {
      const both = pairs.filter(([a, b]) => a[trait] !== null && b[trait] !== null);
      const agreed = both.filter(([a, b]) => a[trait] === b[trait]).length;
      return [trait, { pairs: both.length, agreed }];
    }),
  ) as Record<(typeof PROFILE_TRAIT_IDS)[number], TraitSurvival>;

const retestProfiles = retest.map((r) => ({
  hand: r.hand,
  profile: measuredProfile(r.observation, noiseTable),
}));
const retestPairs: [PalmProfile, PalmProfile][] = [];
for (let i = 0; i < retestProfiles.length; i++)
  for (let j = i + 1; j < retestProfiles.length; j++)
    if (retestProfiles[i]!.hand === retestProfiles[j]!.hand)
      retestPairs.push([retestProfiles[i]!.profile, retestProfiles[j]!.profile]);

const viewPairs: [PalmProfile, PalmProfile][] = [];
/** The palms of `dir` read, each with the profiles of its view changes paired with its own. */
async function readWithViews(dir: string): Promise<PalmObservation[]> {
  const observations: PalmObservation[] = [];
  for (const file of await jpegs(dir)) {
    const photo = await readFile(path.join(dir, file));
    const original = await observe(photo);
    if (!original) continue;
    observations.push(original);
    for (const change of VIEW_CHANGES) {
      const variant = await observe(await change.apply(photo));
      if (variant)
        viewPairs.push([measuredProfile(original, noiseTable), measuredProfile(variant, noiseTable)]);
    }
  }
  return observations;
}
const palmObservations = await readWithViews(path.join(PALMS, 'palm'));
const linesObservations = await readWithViews(path.join(PALMS, 'lines', 'images'));
const retestSurvival = survival(retestPairs);
const viewSurvival = survival(viewPairs);
const traits = Object.fromEntries(
  PROFILE_TRAIT_IDS.filter((t) => retestSurvival[t].pairs + viewSurvival[t].pairs > 0).map((t) => [
    t,
    { retest: retestSurvival[t], views: viewSurvival[t] },
  ]),
);

const classCounts: TraitReliabilityTable['classCounts'] = {};
for (const observation of [...palmObservations, ...linesObservations]) {
  const profile = measuredProfile(observation, noiseTable);
  for (const trait of PROFILE_TRAIT_IDS) {
    const value = profile[trait];
    if (value === null) continue;
    const counts = (classCounts[trait] ??= {});
    counts[value] = (counts[value] ?? 0) + 1;
  }
}
const poseTraits = Object.entries(PROPORTION_TRAITS)
  .filter(([, { measure }]) => measureSpread(measuredRetest, measure).share < MIN_BETWEEN_HAND_SHARE)
  .map(([trait]) => trait as keyof typeof PROPORTION_TRAITS)
  .sort();
const gatedTable: TraitReliabilityTable = {
  measured: '',
  noise,
  liftedNoise,
  traits,
  classCounts,
  commonTags: [],
  poseTraits,
};
const submission = readingSubmissionSchema.parse({ ...SUBMISSION_DEFAULTS, flowResponses: {} });
const sideTags = new Set(
  PALM_RULES.filter((r) => r.evidence.some((e) => e.kind === 'side')).map((r) => r.basis),
);
const allRead = [...palmObservations, ...retest.map((r) => r.observation), ...linesObservations];
const tagCounts = new Map<string, number>();
for (const observation of allRead) {
  const findings = interpret(observation, submission, PALM_RULES, palmProfileOf(observation, gatedTable), []);
  for (const tag of new Set(findings.map((f) => f.basis))) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
}
const commonTags = [...tagCounts]
  .filter(([tag, count]) => !sideTags.has(tag) && count / allRead.length > COMMON_SHARE)
  .map(([tag]) => tag)
  .sort();

const table: TraitReliabilityTable = {
  measured:
    `bench:reliability on ${new Date().toISOString().slice(0, 10)}: noise = RMS spread within a hand over ` +
    `${retest.length} read photos of ${hands.length} retest hands; retest = same-hand pairs of those photos; ` +
    `views = ${viewPairs.length} original/variant pairs (${VIEW_CHANGES.length} synthetic view changes of ` +
    `the ${palmObservations.length} read palms of ../shared/palms/palm and the ${linesObservations.length} of lines/); commonTags = tags on more than ` +
    `${COMMON_SHARE * 100} % of ${allRead.length} palms read (palm/, retest/, lines/); classCounts = classes ` +
    `stated on the ${palmObservations.length + linesObservations.length} palms read in palm/ and lines/; ` +
    `poseTraits = proportions with less than ${MIN_BETWEEN_HAND_SHARE} of their variance between the retest hands; ` +
    `liftedNoise = the noise times how much further than the rest (where more than chance gives) the retest photos stray from their hand's ` +
    `other photos where a long finger lifts ${LIFTED.measuredFromDegrees}° or more out of the palm's plane, ` +
    `applied in full from ${LIFTED.toDegrees}° and growing in from ${LIFTED.fromDegrees}°`,
  noise,
  liftedNoise,
  traits,
  classCounts,
  commonTags,
  poseTraits,
};
await writeFile(
  OUT,
  `import type { TraitReliabilityTable } from './trait-reliability';

/** Recorded by \`npm run bench:reliability\` (bench/trait-reliability.bench.ts); do not edit by hand. */
export const TRAIT_RELIABILITY: TraitReliabilityTable = ${JSON.stringify(table, null, 2)};
`,
);
execFileSync('npx', ['prettier', '--write', OUT], { stdio: 'inherit' });

// Issue #28: no basis tag other than the hand side's may fire on more than COMMON_SHARE of read palms.
const ratesOf = (counts: ReadonlyMap<string, number>) =>
  [...counts]
    .map(([tag, count]) => ({ tag, rate: count / allRead.length, side: sideTags.has(tag) }))
    .sort((a, b) => b.rate - a.rate || a.tag.localeCompare(b.tag));
const rates = ratesOf(tagCounts);
const stated = rates.filter((r) => !r.side && !commonTags.includes(r.tag));
const highest = stated[0]?.rate ?? 0;
const shownCounts = new Map<string, number>();
for (const observation of allRead) {
  const profile = palmProfileOf(observation, table);
  const fired = interpret(observation, submission, PALM_RULES, profile, commonTags);
  const timeline = timelineSection(profiledObservation(profile, observation), phraseChooserFor(profile));
  const sections = [
    ...composeSections(fired, observation, submission, profile),
    ...(timeline ? [timeline] : []),
  ];
  for (const tag of new Set(sections.flatMap((section) => section.basis)))
    shownCounts.set(tag, (shownCounts.get(tag) ?? 0) + 1);
}
const shown = ratesOf(shownCounts).filter((r) => !r.side);
const highestShown = shown[0]?.rate ?? 0;
const rateRow = (r: { tag: string; rate: number }, ...note: string[]) =>
  `| ${[r.tag, Math.round(r.rate * allRead.length), `${(100 * r.rate).toFixed(0)} %`, ...note].join(' | ')} |`;
await writeBenchmarkSection(
  'tag-rates',
  `## How often each basis tag fires

Recorded by \`npm run bench:reliability\` (services/palm-engine/bench/trait-reliability.bench.ts) on ${new Date().toISOString().slice(0, 10)}
over ${allRead.length} palms read (../shared/palms palm/, retest/, lines/), with the reliability gate just recorded.
A tag on more than ${COMMON_SHARE * 100} % of them tells no palm from another and is left out of every reading
(\`commonTags\`); the hand side's tags are exempt. Highest rate among the tags a reading can carry:
${(100 * highest).toFixed(0)} % (${highest <= COMMON_SHARE ? 'met' : '**missed**'}, ≤ ${COMMON_SHARE * 100} %).

| tag | palms | share | |
| --- | --- | --- | --- |
${rates
  .slice(0, 20)
  .map((r) => rateRow(r, r.side ? 'hand side' : commonTags.includes(r.tag) ? 'left out' : ''))
  .join('\n')}

As the readings show them: a section's tags also name what it describes or leans on (a line described with no
rule of its own, a feature read in another section that it refers to), so the same palms were read in full (the
local narrator, no answers given) and every tag of every section, the Timeline included, counted once per palm.
Highest rate: ${(100 * highestShown).toFixed(0)} % (${highestShown <= COMMON_SHARE ? 'met' : '**missed**'}, ≤ ${COMMON_SHARE * 100} %).

| tag shown in a reading | palms | share |
| --- | --- | --- |
${shown
  .slice(0, 12)
  .map((r) => rateRow(r))
  .join('\n')}
`,
);
console.log(table.measured);
for (const [trait, f] of Object.entries(traits))
  console.log(trait, `${f.retest.agreed}/${f.retest.pairs}`, `${f.views.agreed}/${f.views.pairs}`);
console.log('noise', noise, 'common', commonTags, [...tagCounts].sort((a, b) => b[1] - a[1]).slice(0, 8));
