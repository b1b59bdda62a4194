import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReadingResult, ReadingSubmission } from '@palm/contracts';
import { normalisePalmPhoto } from '@palm/palm-photo';
import { submission as answers } from '../../../tests/support/palm-fixtures';
import { sharedPalmsDir } from '../../../tests/support/palm-photos';
import { writeBenchmarkSection } from '../../../bench/support/benchmarks-doc';
import { machineLoad, median } from '../../../bench/support/stats';
import { createPalmObserver } from '../src/observer';
import { isFixedLine } from '../src/narrator/area-texts';
import { timelineAccount } from '../src/narrator/life-timeline';
import { composeReading } from '../src/narrator/local-narrator';
import { phraseChooserFor } from '../src/narrator/phrase-chooser';
import { contradictionsIn } from '../src/narrator/reading-story';
import { basisFaults } from '../src/narrator/section-basis';
import type { PalmObservation } from '../src/palm-observation';
import { palmProfileOf, showsEnoughToRead } from '../src/profile/palm-profile';
import { profiledObservation } from '../src/profile/profiled-lines';
import { readingFindings } from '../src/narrator/steady-leanings';
import { traitsFromProfile } from '../src/rules/palm-traits';

const PALMS = sharedPalmsDir();

/**
 * `npm run bench:language`: the local reading as a person reads it, over every shared palm (one
 * photo per hand: ../shared/palms/palm and the first photo of each ../shared/palms/retest hand)
 * and a few visitors' answers. Prints and records (section `language`) the median share of a
 * reading's sentences found word for word in another person's reading, the most repeated
 * sentence, stock openers, body length, opposing assertions, answers the visitor never gave, and
 * whether each section's subtitle and basis tags name what its text reads (the Timeline included):
 * sections with no tag, and sections whose header or tags and text disagree (`basisFaults`, from
 * the features the narrator reports each section read, never from its prose).
 * `-- --print N` also prints N complete readings of different palms, to be read aloud (those of
 * the man asking about his job, or of `-- --visitor "nothing given"` and the others above), and
 * `-- --top N` the N most repeated sentences, `-- --faults 1` every section whose tags and text
 * disagree; each leaves docs/benchmarks.md as it is.
 */
const TARGETS = { medianShared: 0.25, maxSentenceShare: 0.2, openers: 2, words: [450, 700] } as const;

/** Visitors: the defaults only (nothing given), and flows that asked some questions. */
const VISITORS: Record<string, { submission: ReadingSubmission; gave: boolean }> = {
  'nothing given': { submission: answers({ given: [] }), gave: false },
  'man asking about his job': {
    submission: answers({
      age: '36-45',
      maritalStatus: 'married',
      given: ['age', 'maritalStatus'],
      flowResponses: { question_1: 'Male', question_2: 'Should I change jobs this year?' },
    }),
    gave: true,
  },
  'woman worried about savings': {
    submission: answers({
      focusAreas: ['money', 'health'],
      hasChildren: 'yes',
      given: ['focusAreas', 'hasChildren'],
      flowResponses: { question_1: 'Female', question_3: 'I worry about my retirement savings' },
    }),
    gave: true,
  },
  'gender only, a question to deflect': {
    submission: answers({
      given: [],
      flowResponses: { question_1: 'Female', question_2: 'When will I meet the love of my life?' },
    }),
    gave: false,
  },
};

/** Stock links that open a sentence: the narrator's own and the ones the issue counted. */
const STOCK_OPENER =
  /^(?:Beyond that|Alongside this|What is more|In the same hand|Looking closer|Just as telling|On top of that|Here, too|Moreover|Furthermore|Additionally|Also)\b/;
/** What the visitor never said must not be put in their mouth. */
const ANSWER_CLAIM = /\b(?:you told us|you chose|at your age|as you are (?:single|married)|dominant)\b/i;

const photosIn = async (dir: string) =>
  (await readdir(dir))
    .filter((name) => /\.jpe?g$/i.test(name))
    .sort()
    .map((name) => path.join(dir, name));

async function sharedHands(): Promise<string[]> {
  const retest = path.join(PALMS, 'retest');
  const hands = (await readdir(retest)).sort();
  const firsts = await Promise.all(hands.map(async (hand) => (await photosIn(path.join(retest, hand)))[0]));
  return [...(await photosIn(path.join(PALMS, 'palm'))), ...firsts.filter((file): file is string => !!file)];
}

const body = (reading: ReadingResult) => [
  ...(reading.themes ?? []).map((theme) => theme.text),
  ...reading.sections.flatMap((s) => [...s.insights, s.content, s.details]),
];
const sentencesOf = (reading: ReadingResult) =>
  body(reading)
    .flatMap((text) => text.split(/(?<=[.!?…])\s+/))
    .map((s) => s.trim())
    .filter(Boolean);
const wordCount = (reading: ReadingResult) => body(reading).join(' ').split(/\s+/).filter(Boolean).length;

interface Read {
  hand: string;
  visitor: string;
  reading: ReadingResult;
  contradictions: number;
  /** Features of this hand whose findings take a leaning: what the opening themes can tie. */
  leaningFeatures: number;
  /** Per section, the Timeline last where the engine adds one: its tags, and where they and its text disagree. */
  sections: { area: string; untagged: boolean; faults: string[] }[];
}

/** `--print N` / `--top N`: how many readings or repeated sentences to print (0 when not asked). */
function argument(name: string): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? 0 : Number(process.argv[at + 1] ?? 3);
}

const load = await machineLoad();
const observer = await createPalmObserver();
const reads: Read[] = [];
for (const file of await sharedHands()) {
  const observation = await observer.observe(await normalisePalmPhoto(await readFile(file)));
  if (observation.kind !== 'palm') continue;
  for (const [visitor, { submission }] of Object.entries(VISITORS))
    reads.push(readOne(file, visitor, observation, submission));
}
// The phone photos of lines/ are nearer the held-out photos than the shared hands are: fingers lifted
// toward the lens, so many traits left open. Their readings' length is what the spec's range must hold for.
const phonePhotos = await photosIn(path.join(PALMS, 'lines', 'images'));
const phoneReads: Read[] = [];
let phoneTooLittle = 0;
for (const file of phonePhotos) {
  const observation = await observer.observe(await normalisePalmPhoto(await readFile(file)));
  if (observation.kind !== 'palm') continue;
  // Refused by the engine as settling a single feature: there is no reading to measure.
  if (!showsEnoughToRead(palmProfileOf(observation))) {
    phoneTooLittle++;
    continue;
  }
  for (const [visitor, { submission }] of Object.entries(VISITORS))
    phoneReads.push(readOne(file, visitor, observation, submission));
}

function readOne(
  file: string,
  visitor: string,
  observation: PalmObservation,
  submission: ReadingSubmission,
): Read {
  const profile = palmProfileOf(observation);
  const fired = readingFindings(observation, submission, profile);
  const { sections, reads, themes, story } = composeReading(fired, observation, submission, profile);
  const palm = profiledObservation(profile, observation);
  const timeline = timelineAccount(palm, phraseChooserFor(profile));
  const checked = { fired, traits: traitsFromProfile(profile, observation), observation: palm };
  const accounts = [
    ...sections.map((section, at) => ({ section, reads: reads[at]! })),
    ...(timeline ? [timeline] : []),
  ];
  return {
    hand: path.relative(PALMS, file),
    visitor,
    reading: { sections, themes, visual_markers: [] },
    contradictions: contradictionsIn(story).length,
    leaningFeatures: new Set(Object.values(story.featuresByPole).flat()).size,
    sections: accounts.map(({ section, reads }) => ({
      area: section.area,
      untagged: section.basis.length === 0,
      faults: basisFaults(section, reads, checked),
    })),
  };
}

const hands = [...new Set(reads.map((r) => r.hand))];
/** Opening themes resting on one feature alone. */
const alone = (r: Read) => (r.reading.themes ?? []).filter((theme) => theme.features.length < 2).length;
const perVisitor = Object.keys(VISITORS).map((visitor) => {
  const group = reads.filter((r) => r.visitor === visitor);
  const sentenceSets = group.map((r) => new Set(sentencesOf(r.reading).filter((s) => !isFixedLine(s))));
  const shares = sentenceSets.map((mine, i) => {
    const others = new Set(sentenceSets.filter((_, j) => j !== i).flatMap((set) => [...set]));
    return mine.size === 0 ? 0 : [...mine].filter((s) => others.has(s)).length / mine.size;
  });
  if (argument('--shared') > 0 && visitor === 'nothing given') {
    const i = argument('--shared');
    const others = new Set(sentenceSets.filter((_, j) => j !== i).flatMap((set) => [...set]));
    for (const sentence of sentenceSets[i] ?? [])
      console.log(others.has(sentence) ? 'SHARED' : 'own   ', sentence);
  }
  const frequency = new Map<string, number>();
  for (const set of sentenceSets) for (const s of set) frequency.set(s, (frequency.get(s) ?? 0) + 1);
  const ranked = [...frequency].sort((a, b) => b[1] - a[1]);
  const [topSentence, topCount] = ranked[0] ?? ['', 0];
  const shown = argument('--top');
  for (const [sentence, count] of ranked.slice(0, shown))
    console.log(`${visitor}: ${count}/${group.length} ${sentence}`);
  const openers = group.map((r) => sentencesOf(r.reading).filter((s) => STOCK_OPENER.test(s)).length);
  const words = group.map((r) => wordCount(r.reading));
  const leaks = VISITORS[visitor]!.gave
    ? 0
    : group.filter((r) => ANSWER_CLAIM.test(sentencesOf(r.reading).join(' '))).length;
  const themes = group.map((r) => r.reading.themes?.length ?? 0);
  const sections = group.flatMap((r) => r.sections);
  if (argument('--faults') > 0)
    for (const r of group)
      for (const section of r.sections.filter((s) => s.untagged || s.faults.length > 0))
        console.log(
          `${r.hand} × ${visitor}, ${section.area}:`,
          section.untagged ? 'no tag;' : '',
          section.faults,
        );
  return {
    visitor,
    readings: group.length,
    medianShared: median(shares),
    maxShared: Math.max(...shares),
    topShare: topCount / group.length,
    topSentence,
    maxOpeners: Math.max(...openers),
    words: [Math.min(...words), median(words), Math.max(...words)] as const,
    inRange: words.filter((w) => w >= TARGETS.words[0] && w <= TARGETS.words[1]).length,
    contradictions: group.reduce((sum, r) => sum + r.contradictions, 0),
    leaks,
    themes: [Math.min(...themes), Math.max(...themes)] as const,
    themed: themes.filter((count) => count >= 3 && count <= 5).length,
    allThemes: themes.reduce((sum, count) => sum + count, 0),
    aloneThemes: group.reduce((sum, r) => sum + alone(r), 0),
    aloneHands: group.filter((r) => alone(r) > 0).map((r) => r.leaningFeatures),
    sections: sections.length,
    timelines: sections.filter((section) => section.area === 'timeline').length,
    untagged: sections.filter((section) => section.untagged).length,
    mismatched: sections.filter((section) => section.faults.length > 0).length,
  };
});

/** Readings ending on what their photo left open (`photoLeftOpen`): those it took to reach the spec's length. */
const LEFT_OPEN_NOTE = /This photo did not settle /;
const phoneRows = Object.keys(VISITORS).map((visitor) => {
  const group = phoneReads.filter((r) => r.visitor === visitor);
  const words = group.map((r) => wordCount(r.reading));
  const inRange = words.filter((w) => w >= TARGETS.words[0] && w <= TARGETS.words[1]).length;
  const leftOpen = group.filter((r) => LEFT_OPEN_NOTE.test(body(r.reading).join(' '))).length;
  const fewThemes = group.filter((r) => (r.reading.themes?.length ?? 0) < 3).length;
  return {
    inRange,
    readings: group.length,
    row: `| ${visitor} | ${group.length} | ${Math.min(...words)} / ${median(words)} / ${Math.max(...words)} | ${inRange}/${group.length} | ${words.filter((w) => w < TARGETS.words[0]).length} | ${leftOpen} | ${fewThemes} |`,
  };
});
const phoneHands = new Set(phoneReads.map((r) => r.hand)).size;
const phoneInRange = phoneRows.reduce((sum, v) => sum + v.inRange, 0);

const pct = (x: number) => `${Math.round(x * 100)} %`;
const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const rows = perVisitor.map(
  (v) =>
    `| ${v.visitor} | ${v.readings} | ${pct(v.medianShared)} (max ${pct(v.maxShared)}) | ${pct(v.topShare)} | ${v.maxOpeners} | ${v.words.join(' / ')} (${v.inRange}/${v.readings} in range) | ${v.themes.join('–')} (${v.themed} with 3–5) | ${v.contradictions} | ${VISITORS[v.visitor]!.gave ? '—' : v.leaks} |`,
);
const basisRows = perVisitor.map(
  (v) =>
    `| ${v.visitor} | ${v.sections} (${v.sections - v.timelines} life areas, ${v.timelines} Timelines) | ${v.untagged} | ${v.mismatched} |`,
);
const worst = perVisitor.reduce((a, b) => (b.topShare > a.topShare ? b : a));
const all = {
  medianShared: Math.max(...perVisitor.map((v) => v.medianShared)),
  topShare: worst.topShare,
  openers: Math.max(...perVisitor.map((v) => v.maxOpeners)),
  inRange: perVisitor.reduce((sum, v) => sum + v.inRange, 0),
  contradictions: perVisitor.reduce((sum, v) => sum + v.contradictions, 0),
  leaks: perVisitor.reduce((sum, v) => sum + v.leaks, 0),
  sections: perVisitor.reduce((sum, v) => sum + v.sections, 0),
  untagged: perVisitor.reduce((sum, v) => sum + v.untagged, 0),
  mismatched: perVisitor.reduce((sum, v) => sum + v.mismatched, 0),
  allThemes: perVisitor.reduce((sum, v) => sum + v.allThemes, 0),
  aloneThemes: perVisitor.reduce((sum, v) => sum + v.aloneThemes, 0),
  aloneHands: perVisitor.flatMap((v) => v.aloneHands),
};
const leaningCounts = [...new Set(all.aloneHands)].sort((a, b) => a - b);

const report = `## Reading language

Recorded by \`npm run bench:language\` (services/palm-engine/bench/reading-language.bench.ts) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${load} (shared with other work while recorded).
${hands.length} hands read (../shared/palms/palm and the first photo of each ../shared/palms/retest hand), each under
${Object.keys(VISITORS).length} visitors' answers: ${reads.length} local readings. Shared sentences are counted between different hands
under the same answers, leaving out the fixed safety and disclaimer lines, the one sentence saying which hand was read, and
the visitor's own quoted words. Body = themes + insights + content + details; measurements stay in "How we read this".

| visitor | readings | median share of sentences found in another hand's reading | most repeated sentence: share of readings | most stock openers in a reading | words min / median / max | themes | opposing assertions | answer claims never given |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

| target | figure | verdict |
| --- | --- | --- |
| median shared ≤ ${pct(TARGETS.medianShared)} | ${pct(all.medianShared)} (worst visitor) | ${verdict(all.medianShared <= TARGETS.medianShared)} |
| no sentence in > ${pct(TARGETS.maxSentenceShare)} of readings | ${pct(all.topShare)}: “${worst.topSentence}” | ${verdict(all.topShare <= TARGETS.maxSentenceShare)} |
| ≤ ${TARGETS.openers} stock openers | ${all.openers} | ${verdict(all.openers <= TARGETS.openers)} |
| body ${TARGETS.words.join('–')} words | ${all.inRange}/${reads.length} readings in range | ${verdict(all.inRange === reads.length)} |
| 0 opposing assertions | ${all.contradictions} | ${verdict(all.contradictions === 0)} |
| 0 claims of answers not given | ${all.leaks} | ${verdict(all.leaks === 0)} |
| 0 sections with an empty basis | ${all.untagged} of ${all.sections} sections | ${verdict(all.untagged === 0)} |
| 0 sections whose subtitle or tags name a feature their text does not read, or whose text reads a feature no tag names | ${all.mismatched} of ${all.sections} sections | ${verdict(all.mismatched === 0)} |
| every opening theme ties two or three features, wherever the hand has more than three features that take a leaning | ${all.allThemes - all.aloneThemes} of ${all.allThemes} themes tie two or three; the ${all.aloneThemes} resting on one feature are in ${all.aloneHands.length} readings, of hands with ${leaningCounts.join(' or ')} such features | ${verdict(all.aloneHands.every((features) => features <= 3))} |

A theme rests on one feature only where the hand offers no tie that says something new: two features that take a
leaning make one pair, and three features with one leaning each tie into two themes before every leaning has been
told once (no leaning is told twice).

Headers and tags against the text, per visitor (the Timeline counted where the engine adds one): what each section's
text reads or leans on is reported by the narrator as it composes it; each basis tag is mapped back to the features it
names through the rules that fired on the palm (a line's or element's own tag to that line or element), and each
Vedic name in the subtitle to its feature.

| visitor | sections | with an empty basis | subtitle or tags disagreeing with the text |
| --- | --- | --- | --- |
${basisRows.join('\n')}

**Phone photos** (../shared/palms/lines/images: ${phonePhotos.length} photos, ${phoneHands} read and ${phoneTooLittle} refused as settling a single feature, each read under the same
${Object.keys(VISITORS).length} visitors' answers: ${phoneReads.length} readings). Their fingers mostly lift toward the lens, so a reading
often rests on the lines alone; where that leaves it short of ${TARGETS.words[0]} words it ends on what the photo left open,
why, and how a second photo would settle it (src/narrator/photo-left-open.ts), never on a restatement of what it read.
Body ${TARGETS.words.join('–')} words: ${phoneInRange}/${phoneReads.length} readings in range (${verdict(phoneInRange === phoneReads.length)}); before that ending
(2026-11-27) 46 of the 1092 readings of 273 photos then read ran under ${TARGETS.words[0]}, the shortest 303 words. A hand with fewer than three
features that take a leaning still opens with fewer than the three themes issue #29 asks for: there is nothing more to tie.

| visitor | readings | words min / median / max | in range | under ${TARGETS.words[0]} | ending on what the photo left open | fewer than 3 themes |
| --- | --- | --- | --- | --- | --- | --- |
${phoneRows.map((v) => v.row).join('\n')}
`;

const toPrint = argument('--print');
const visitorAt = process.argv.indexOf('--visitor');
const printedVisitor = visitorAt === -1 ? 'man asking about his job' : process.argv[visitorAt + 1]!;
if (toPrint > 0 && !(printedVisitor in VISITORS))
  throw new Error(`--visitor names one of: ${Object.keys(VISITORS).join(', ')}`);
for (const hand of hands.slice(0, toPrint)) {
  const read = reads.find((r) => r.hand === hand && r.visitor === printedVisitor)!;
  console.log(`\n===== ${hand} × ${read.visitor} (${wordCount(read.reading)} words) =====`);
  for (const theme of read.reading.themes ?? []) console.log(`* ${theme.title}: ${theme.text}`);
  for (const s of read.reading.sections) {
    console.log(`\n## ${s.title} — ${s.subtitle}`);
    for (const insight of s.insights) console.log(`- ${insight}`);
    console.log(s.content);
    console.log(s.details);
  }
}

if (toPrint === 0 && argument('--top') === 0 && argument('--faults') === 0)
  await writeBenchmarkSection('language', report);
console.log(report);
