import {
  LIFE_AREAS,
  type HowWeRead,
  type PalmProfile,
  type LifeArea,
  type ReadingResult,
  type ReadingSection,
  type ReadingSubmission,
} from '@palm/contracts';
import { lineTraces } from '../markers/line-traces';
import { listInWords } from '../rules/measured-facts';
import { linkMarkers, palmMarkers } from '../markers/palm-markers';
import type { LineName, PalmObservation } from '../palm-observation';
import { oneAreaPerFeature } from '../rules/interpret';
import type { Finding } from '../rules/palm-rule';
import { palmProfileOf } from '../profile/palm-profile';
import { profiledObservation } from '../profile/profiled-lines';
import { traitsFromProfile, type PalmTraits } from '../rules/palm-traits';
import { LINE_LABELS, LINE_NAMES_IN_TEXT, vedicNameOf } from '../rules/vedic-names';
import {
  AREA_TITLES,
  CHILDREN_NOTES,
  CLOSING_NOTES,
  handMismatchNote,
  HEALTH_FRAMING,
  LIFE_STAGE_NOTES,
  RELATIONSHIP_NOTES,
  TATTVA_TIPS,
  UNQUOTED_NOTE,
  UNSEEN_LINE_NOTES,
  VISITOR_NOTE_BRIDGES,
} from './area-texts';
import type { NarrationInput, Narrator } from './narrator';
import { asYours, describePalm, sectionFeatures, unsettledTraits } from './palm-description';
import { phraseChooserFor, type PhraseChooser } from './phrase-chooser';
import { sectionSubtitle } from './section-subtitle';
import { readVisitorAnswers, type VisitorAnswers } from './visitor-answers';

/**
 * How many findings each section speaks of: the same for every visitor, so answers never change
 * the facts or their tags. Each finding is said once, in one phrasing: as an insight, in the
 * content or in the details; focus areas promote more of them to insights.
 */
const FINDINGS_PER_SECTION = 8;
const DEPTH = {
  focused: { insights: 4, inContent: 3 },
  other: { insights: 2, inContent: 3 },
} as const;
/** Below this the observer was unsure which hand it saw, so no mismatch is claimed. */
const SIDE_CONFIDENCE_FOR_MISMATCH = 0.6;
const LINE_CONFIDENCE = 0.5;

/** The main lines each section would lean on; when one was not seen, the section says so. */
const SECTION_LINES: Record<LifeArea, readonly LineName[]> = {
  love: ['heart'],
  career: ['head', 'fate'],
  health: ['life'],
  money: ['fate'],
  spiritual: [],
};

interface SectionPlan {
  area: LifeArea;
  index: number;
  isLast: boolean;
  focused: boolean;
  findings: readonly Finding[];
}

interface ReadingContext {
  /** Every finding of the reading, strongest first, each feature read in one section only. */
  findings: readonly Finding[];
  /** The findings left out because another section reads their feature: what a section refers back to. */
  readElsewhere: readonly Finding[];
  /** The observation as the profile holds it: its lines carry only the profile's classes. */
  observation: PalmObservation;
  profile: PalmProfile;
  /** The palm's traits, taken from the profile. */
  traits: PalmTraits;
  answers: VisitorAnswers;
  choose: PhraseChooser;
  notesByArea: Map<LifeArea, string[]>;
  /** Lines already said to be unseen: a reading says it once, in the first section that needs them. */
  unseenSaid: Set<LineName>;
  /** Features already pointed out in a section's "we see" sentence, so none is pointed out twice. */
  described: Set<string>;
  /** Linking words left for the whole reading: a link on every sentence reads as a template. */
  linksLeft: { count: number };
}

/** Focus areas first, in the visitor's order, then the rest in the usual order. */
export function orderedAreas(focusAreas: readonly LifeArea[]): LifeArea[] {
  return [...focusAreas, ...LIFE_AREAS.filter((area) => !focusAreas.includes(area))];
}

/**
 * The sections of a reading. Every class they name comes from `profile` (computed once per reading
 * by the engine; here from the observation when a caller has none), never from the raw observation.
 */
export function composeSections(
  fired: readonly Finding[],
  measured: PalmObservation,
  submission: ReadingSubmission,
  profile: PalmProfile = palmProfileOf(measured),
): ReadingSection[] {
  const observation = profiledObservation(profile, measured);
  // Whoever passes the findings, each feature is read in one section only.
  const findings = oneAreaPerFeature(fired);
  const answers = readVisitorAnswers(submission);
  const areas = orderedAreas(submission.focusAreas);
  const choose = phraseChooserFor(measured);
  const context: ReadingContext = {
    findings,
    readElsewhere: fired.filter((finding) => !findings.includes(finding)),
    observation,
    profile,
    traits: traitsFromProfile(profile, measured),
    answers,
    choose,
    notesByArea: visitorNotesByArea(answers, areas, choose),
    unseenSaid: new Set(),
    described: new Set(),
    linksLeft: { count: LINKS_PER_READING },
  };
  const sections = areas.map((area, index) =>
    composeSection(
      {
        area,
        index,
        isLast: index === areas.length - 1,
        focused: submission.focusAreas.includes(area),
        findings: findings.filter((finding) => finding.area === area).slice(0, FINDINGS_PER_SECTION),
      },
      context,
    ),
  );
  const notes = howWeReadByArea(findings, observation, areas);
  const unsettled = unsettledTraits(context.traits, observation);
  return sections.map((section, index) => {
    const howWeRead = notes.get(section.area as LifeArea)!;
    // Said once, where the reading starts: what this photo left open is part of how it was read.
    return index === 0 && unsettled
      ? { ...section, howWeRead: { ...howWeRead, measured: [...howWeRead.measured, unsettled] } }
      : { ...section, howWeRead };
  });
}

function composeSection(plan: SectionPlan, context: ReadingContext): ReadingSection {
  const { area, focused, findings } = plan;
  const { observation, profile, answers, choose } = context;
  const depth = focused ? DEPTH.focused : DEPTH.other;
  const inContentUntil = depth.insights + depth.inContent;
  const insights = wordFindings(findings.slice(0, depth.insights), choose);
  // One run of links through both paragraphs, so no link is said twice in a section.
  const [inContent, inDetails] = linked(
    [
      wordFindings(findings.slice(depth.insights, inContentUntil), choose),
      wordFindings(findings.slice(inContentUntil), choose),
    ],
    choose,
    context.linksLeft,
  );
  const { handType } = profile;
  const features = sectionFeatures(
    SECTION_LINES[area],
    findings.flatMap((finding) => finding.reads),
    context.traits,
    observation,
  );

  const content = [
    plan.index === 0 ? mismatchNote(context) : undefined,
    area === 'health' ? HEALTH_FRAMING : undefined,
    describePalm(features, choose, context.described),
    ...inContent,
    area === 'spiritual' ? wholeHandNote(context) : referBack(plan, context),
    answerNote(
      area,
      answers,
      choose,
      features.length > 0 ? listInWords(features.slice(0, 2).map(asYours)) : 'what this hand shows',
    ),
    ...(context.notesByArea.get(area) ?? []),
  ];
  const tips = practicalTips(plan, profile, choose);
  const details = [
    ...inDetails,
    ...unseenLineNotes(area, context),
    ...tips,
    plan.isLast ? choose.pick(CLOSING_NOTES, 'closing') : undefined,
  ];

  return {
    area,
    title: AREA_TITLES[area],
    subtitle: sectionSubtitle(findings, handType, tips.length > 0),
    insights,
    ...paragraphs(content, details),
    basis: [...new Set(findings.map((finding) => finding.basis))],
  };
}

/** Each finding in one phrasing; its measurements go to the section's "How we read this". */
function wordFindings(findings: readonly Finding[], choose: PhraseChooser): string[] {
  return findings.map((finding) => choose.pick(finding.phrasings, finding.ruleId));
}

/**
 * Words that carry a paragraph from one finding to the next. Only a few per reading: a sentence
 * that stands on its own reads better than one more stock link, so each section's first content
 * sentence takes one while the reading's budget lasts, picked per palm like the phrasings.
 */
const LINKS_PER_READING = 2;
const LINKS = [
  'Beyond that, ',
  'Alongside this, ',
  'What is more, ',
  'In the same hand, ',
  'Looking closer, ',
  'Just as telling, ',
  'On top of that, ',
  'Here, too, ',
] as const;
/** Words that keep their capital after a link: the Vedic names and "I". */
const PROPER_START =
  /^(?:I|Vayu|Prithvi|Jal|Agni|Guru|Shani|Surya|Budh|Hridaya|Mastishk|Jeevan|Bhagya|Vivah|Shukra|Chandra|Mangal|Rahu|Lakshmi|Samudrika|Hast)\b/;

function linked(
  paragraphs: readonly [readonly string[], readonly string[]],
  choose: PhraseChooser,
  linksLeft: { count: number },
): [string[], string[]] {
  const [content, details] = paragraphs;
  // The second content sentence follows the first in one breath, so it is the one that is linked.
  const second = content[1];
  if (second === undefined || linksLeft.count === 0) return [[...content], [...details]];
  linksLeft.count--;
  const words = choose.pick(LINKS, `link.${linksLeft.count}`);
  const rest = PROPER_START.test(second) ? second : second.charAt(0).toLowerCase() + second.slice(1);
  return [[content[0]!, words + rest, ...content.slice(2)], [...details]];
}

/** Only focus areas get advice, and only advice for this hand's type: general tips fit every palm. */
function practicalTips(
  { area, focused }: SectionPlan,
  { handType }: PalmProfile,
  choose: PhraseChooser,
): string[] {
  if (!focused || !handType) return [];
  return [choose.pick(TATTVA_TIPS[area][handType], `${area}.tattva-tip`)];
}

/**
 * A thin section still fills both paragraphs where it has two sentences, so no paragraph is
 * left empty beside a full one.
 */
function paragraphs(
  content: readonly (string | undefined)[],
  details: readonly (string | undefined)[],
): { content: string; details: string } {
  const first = content.filter((part): part is string => Boolean(part));
  const second = details.filter((part): part is string => Boolean(part));
  if (first.length === 0 && second.length > 0) first.push(second.shift()!);
  if (second.length === 0 && first.length > 1) second.push(first.pop()!);
  return { content: first.join(' '), details: second.join(' ') };
}

function mismatchNote({ observation, answers }: ReadingContext): string | undefined {
  const { askedSide } = answers;
  if (!askedSide || askedSide === observation.side) return undefined;
  if (observation.sideConfidence < SIDE_CONFIDENCE_FOR_MISMATCH) return undefined;
  return handMismatchNote(askedSide, observation.side);
}

/** A section with fewer findings of its own than this (none) points to what other sections read for it. */
const THIN_SECTION = 1;
const REFER_BACK_TEMPLATES: readonly ((features: string, sections: string) => string)[] = [
  (features, sections) =>
    `Here the tradition would also look at ${features}, already read under ${sections}; what was said there holds for this part of life too.`,
  (features, sections) =>
    `For this part of life a palmist would turn again to ${features}, whose meaning is given under ${sections} and applies here as well.`,
];

/**
 * A thin section refers back, briefly and by name, to the features this area's rules would also
 * have read but another section interprets, instead of reading them a second time.
 */
function referBack({ area, findings }: SectionPlan, context: ReadingContext): string | undefined {
  if (findings.length >= THIN_SECTION) return undefined;
  const readIn = new Map<string, LifeArea>();
  for (const finding of context.findings)
    for (const feature of finding.reads) readIn.set(feature, finding.area);
  const features = new Map<string, LifeArea>();
  for (const finding of context.readElsewhere.filter((finding) => finding.area === area)) {
    const home = finding.reads.map((feature) => readIn.get(feature)).find((other) => other && other !== area);
    if (!home) continue;
    const [words] = sectionFeatures([], finding.reads, context.traits, context.observation);
    if (words && features.size < 2) features.set(asYours(words), home);
  }
  if (features.size === 0) return undefined;
  return context.choose.pick(REFER_BACK_TEMPLATES, `${area}.refer-back`)(
    listInWords([...features.keys()]),
    listInWords([...new Set(features.values())].map((home) => AREA_TITLES[home])),
  );
}

/** What the other sections are about, in the words of a sentence that looks at the whole hand. */
const AREA_THEMES: Record<Exclude<LifeArea, 'spiritual'>, string> = {
  love: 'how you love',
  career: 'how you work',
  health: 'the rhythm of your days',
  money: 'how you hold resources',
};
const WHOLE_HAND_TEMPLATES: readonly ((features: string, themes: string) => string)[] = [
  (features, themes) =>
    `Read as a whole, as the tattva tradition reads a hand, yours speaks most clearly through ${features}: ${themes} carry its story.`,
  (features, themes) =>
    `Seen as one hand rather than in parts, yours is drawn most firmly in ${features}, so ${themes} are where its lessons lie.`,
];

/**
 * The spiritual section reads the hand as a whole: it points back to the strongest feature each
 * other section interpreted, by name only, so the reading ties together without re-reading them.
 */
function wholeHandNote({ findings, traits, observation, choose }: ReadingContext): string | undefined {
  const strongest = new Map<Exclude<LifeArea, 'spiritual'>, string>();
  for (const finding of findings) {
    if (finding.area === 'spiritual' || strongest.has(finding.area)) continue;
    const [feature] = sectionFeatures([], finding.reads, traits, observation);
    if (feature) strongest.set(finding.area, asYours(feature));
  }
  if (strongest.size < 2) return undefined;
  const picked = [...strongest];
  return choose.pick(WHOLE_HAND_TEMPLATES, 'whole-hand')(
    listInWords(picked.map(([, feature]) => feature)),
    listInWords(picked.map(([area]) => AREA_THEMES[area])),
  );
}

/**
 * Context from the visitor's answers, worded as theirs and never as something seen in the palm,
 * tied to the section's first feature on this palm (`feature`, "your long heart line") so that
 * what they told us meets what their hand shows.
 */
function answerNote(
  area: LifeArea,
  answers: VisitorAnswers,
  choose: PhraseChooser,
  feature: string,
): string | undefined {
  switch (area) {
    case 'love':
      return answers.relationship
        ? choose.pick(
            RELATIONSHIP_NOTES[answers.relationship],
            `love.status.${answers.relationship}`,
          )(feature)
        : undefined;
    case 'career':
      return answers.lifeStage
        ? choose.pick(LIFE_STAGE_NOTES[answers.lifeStage], 'career.stage')(feature)
        : undefined;
    case 'money':
      return undefined;
    case 'health':
      return answers.hasChildren ? choose.pick(CHILDREN_NOTES, 'health.children')(feature) : undefined;
    case 'spiritual':
      // The dominant hand is woven into the side rule's phrasing, where the palm fact is stated.
      return undefined;
  }
}

const lineSeen = (observation: PalmObservation, line: LineName) =>
  observation.lines[line].seen && observation.lines[line].confidence >= LINE_CONFIDENCE;

function unseenLineNotes(area: LifeArea, { observation, choose, unseenSaid }: ReadingContext): string[] {
  const unseen = SECTION_LINES[area].filter((line) => !lineSeen(observation, line) && !unseenSaid.has(line));
  if (unseen.length === 0) return [];
  for (const line of unseen) unseenSaid.add(line);
  const names = unseen.map((line) => LINE_NAMES_IN_TEXT[line]).join(' and ');
  return [choose.pick(UNSEEN_LINE_NOTES, `unseen.${unseen.join('.')}`)(names, unseen.length > 1)];
}

/**
 * A compound measurement ("palm 1.31 times as long as wide, middle finger 95% of the palm’s
 * length") splits into its numbers, so a part quoted alone elsewhere is not quoted twice; a line's
 * description ("heart line traced long, gently curved, deep") stays whole.
 */
function measurementParts(fact: string): string[] {
  const parts = fact.split(', ');
  return parts.every((part) => /\d/.test(part)) ? parts : [fact];
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const englishLineName = (line: LineName) => LINE_LABELS[line].split(' · ')[1]!;
const vedicLineName = (line: LineName) => LINE_LABELS[line].split(' · ')[0]!;

/**
 * The "How we read this" panel of each section: the measurements its findings rest on, each
 * quoted once in the reading (where it first matters), the lines it leans on and how surely they
 * were seen, and the Vedic names of its tags. Also used for sections another narrator wrote.
 */
export function howWeReadByArea(
  findings: readonly Finding[],
  observation: PalmObservation,
  areas: readonly LifeArea[],
): Map<LifeArea, HowWeRead> {
  const quoted: string[] = [];
  const linesNoted = new Set<LineName>();
  const byArea = new Map<LifeArea, HowWeRead>();
  for (const area of areas) {
    const here = findings.filter((finding) => finding.area === area).slice(0, FINDINGS_PER_SECTION);
    const measured: string[] = [];
    for (const part of here.flatMap((finding) => finding.measured.flatMap(measurementParts))) {
      if (quoted.some((earlier) => earlier.includes(part) || part.includes(earlier))) continue;
      quoted.push(part);
      measured.push(sentenceCase(part));
    }
    const linesHere = new Set<LineName>([
      ...SECTION_LINES[area],
      ...here.flatMap((finding) =>
        finding.evidence.flatMap((item) => (item.kind === 'line' ? [item.line] : [])),
      ),
    ]);
    const lines: string[] = [];
    for (const line of linesHere) {
      if (linesNoted.has(line)) continue;
      linesNoted.add(line);
      const name = `${englishLineName(line)} (${vedicLineName(line)})`;
      if (!lineSeen(observation, line)) {
        lines.push(`${name}: not clearly visible in this photo`);
      } else if (!quoted.some((fact) => fact.startsWith(englishLineName(line).toLowerCase()))) {
        lines.push(`${name}: seen, ${Math.round(observation.lines[line].confidence * 100)}% sure`);
      }
    }
    const terms = [...new Set(here.map((finding) => finding.basis))].flatMap((tag) => {
      const vedic = vedicNameOf(tag);
      return vedic ? [{ tag, vedic }] : [];
    });
    byArea.set(area, { measured, lines, terms });
  }
  return byArea;
}

/** The visitor's own words go to the section they speak about, or to the first one. */
function visitorNotesByArea(
  answers: VisitorAnswers,
  areas: readonly LifeArea[],
  choose: PhraseChooser,
): Map<LifeArea, string[]> {
  const byArea = new Map<LifeArea, string[]>();
  answers.notes.forEach((note, index) => {
    const area = note.area ?? areas[0];
    if (!area) return;
    const sentence = note.quotable
      ? choose.pick(VISITOR_NOTE_BRIDGES, `note.${index}`)(note.text)
      : UNQUOTED_NOTE;
    const notes = byArea.get(area) ?? [];
    if (!notes.includes(sentence)) byArea.set(area, [...notes, sentence]);
  });
  return byArea;
}

/** The whole local reading: sections composed from the findings, and markers on the palm. */
export function narrateLocally(
  fired: readonly Finding[],
  measured: PalmObservation,
  submission: ReadingSubmission,
  profile: PalmProfile = palmProfileOf(measured),
): ReadingResult {
  const findings = oneAreaPerFeature(fired);
  const observation = profiledObservation(profile, measured);
  const sections = composeSections(fired, measured, submission, profile);
  return {
    sections,
    visual_markers: linkMarkers(palmMarkers(observation, findings), findings, sections),
    line_traces: lineTraces(observation),
    profile,
  };
}

export class LocalNarrator implements Narrator {
  readonly name = 'local';

  narrate({ findings, observation, submission, profile }: NarrationInput): Promise<ReadingSection[]> {
    return Promise.resolve(composeSections(findings, observation, submission, profile));
  }
}
