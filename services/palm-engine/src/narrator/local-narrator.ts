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
import { linkMarkers, palmMarkers } from '../markers/palm-markers';
import type { LineName, PalmObservation } from '../palm-observation';
import type { Finding } from '../rules/palm-rule';
import { palmProfileOf } from '../profile/palm-profile';
import { profiledObservation } from '../profile/profiled-lines';
import { traitsFromProfile, type PalmTraits } from '../rules/palm-traits';
import { LINE_LABELS, LINE_NAMES_IN_TEXT, TATTVA_LABELS, vedicNameOf } from '../rules/vedic-names';
import {
  AREA_NAMES,
  AREA_SUBTITLES,
  AREA_TITLES,
  CHILDREN_NOTES,
  CLOSING_NOTES,
  FOCUS_NOTES,
  GENERAL_TIPS,
  handMismatchNote,
  LIFE_STAGE_NOTES,
  OPENERS,
  RELATIONSHIP_NOTES,
  TATTVA_TIPS,
  UNQUOTED_NOTE,
  UNSEEN_LINE_NOTES,
  VISITOR_NOTE_BRIDGES,
} from './area-texts';
import type { NarrationInput, Narrator } from './narrator';
import { describePalm } from './palm-description';
import { phraseChooserFor, type PhraseChooser } from './phrase-chooser';
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
  findings: readonly Finding[],
  measured: PalmObservation,
  submission: ReadingSubmission,
  profile: PalmProfile = palmProfileOf(measured),
): ReadingSection[] {
  const observation = profiledObservation(profile, measured);
  const answers = readVisitorAnswers(submission);
  const areas = orderedAreas(submission.focusAreas);
  const choose = phraseChooserFor(measured);
  const context: ReadingContext = {
    observation,
    profile,
    traits: traitsFromProfile(profile, measured),
    answers,
    choose,
    notesByArea: visitorNotesByArea(answers, areas, choose),
    unseenSaid: new Set(),
    described: new Set(),
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
  return sections.map((section) => ({ ...section, howWeRead: notes.get(section.area as LifeArea)! }));
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
    area,
  );
  const { handType } = profile;

  const content = [
    plan.index === 0 ? mismatchNote(context) : undefined,
    choose.pick(OPENERS[area], `${area}.opener`),
    describePalm(area, context.traits, observation, choose, context.described),
    ...inContent,
    answerNote(area, answers, choose),
    ...(context.notesByArea.get(area) ?? []),
  ];
  const details = [
    ...inDetails,
    ...unseenLineNotes(area, context),
    ...practicalTips(plan, profile, choose, inDetails.length),
    focused ? choose.pick(FOCUS_NOTES, `${area}.focus`)(AREA_NAMES[area]) : undefined,
    plan.isLast ? choose.pick(CLOSING_NOTES, 'closing') : undefined,
  ];

  return {
    area,
    title: AREA_TITLES[area],
    subtitle: handType ? `${TATTVA_LABELS[handType]} hand · ${AREA_SUBTITLES[area]}` : AREA_SUBTITLES[area],
    insights,
    content: joinSentences(content),
    details: joinSentences(details),
    basis: [...new Set(findings.map((finding) => finding.basis))],
  };
}

/** Each finding in one phrasing; its measurements go to the section's "How we read this". */
function wordFindings(findings: readonly Finding[], choose: PhraseChooser): string[] {
  return findings.map((finding) => choose.pick(finding.phrasings, finding.ruleId));
}

/**
 * Words that carry a paragraph from one finding to the next, so it reads as one palmist talking
 * rather than a list; picked per palm like the phrasings.
 */
const FIRST_LINKS = ['', 'To begin with, ', 'First of all, ', 'Most clearly, '] as const;
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
  area: LifeArea,
): [string[], string[]] {
  const start = LINKS.indexOf(choose.pick(LINKS, `${area}.links`));
  let used = 0;
  const link = (sentence: string, first: boolean): string => {
    const words = first
      ? choose.pick(FIRST_LINKS, `${area}.first-link`)
      : LINKS[(start + used++) % LINKS.length]!;
    if (!words) return sentence;
    const rest = PROPER_START.test(sentence)
      ? sentence
      : sentence.charAt(0).toLowerCase() + sentence.slice(1);
    return words + rest;
  };
  const [content, details] = paragraphs;
  return [
    content.map((sentence, i) => link(sentence, i === 0)),
    details.map((sentence) => link(sentence, false)),
  ];
}

/** Focus areas get advice for their hand type and a general one; others only when they are thin. */
function practicalTips(
  { area, focused }: SectionPlan,
  { handType }: PalmProfile,
  choose: PhraseChooser,
  findingsInDetails: number,
): string[] {
  const general = choose.pick(GENERAL_TIPS[area], `${area}.tip`);
  if (!focused) return findingsInDetails < 2 ? [general] : [];
  if (!handType) return [general];
  return [choose.pick(TATTVA_TIPS[area][handType], `${area}.tattva-tip`), general];
}

function joinSentences(parts: readonly (string | undefined)[]): string {
  return parts.filter((part): part is string => Boolean(part)).join(' ');
}

function mismatchNote({ observation, answers }: ReadingContext): string | undefined {
  const { askedSide } = answers;
  if (!askedSide || askedSide === observation.side) return undefined;
  if (observation.sideConfidence < SIDE_CONFIDENCE_FOR_MISMATCH) return undefined;
  return handMismatchNote(askedSide, observation.side);
}

/** Context from the visitor's answers, worded as theirs and never as something seen in the palm. */
function answerNote(area: LifeArea, answers: VisitorAnswers, choose: PhraseChooser): string | undefined {
  switch (area) {
    case 'love':
      return answers.relationship
        ? choose.pick(RELATIONSHIP_NOTES[answers.relationship], `love.status.${answers.relationship}`)
        : undefined;
    case 'career':
    case 'money':
      return answers.lifeStage
        ? choose.pick(LIFE_STAGE_NOTES[area][answers.lifeStage], `${area}.stage`)
        : undefined;
    case 'health':
      return answers.hasChildren ? choose.pick(CHILDREN_NOTES, 'health.children') : undefined;
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
  findings: readonly Finding[],
  measured: PalmObservation,
  submission: ReadingSubmission,
  profile: PalmProfile = palmProfileOf(measured),
): ReadingResult {
  const observation = profiledObservation(profile, measured);
  const sections = composeSections(findings, measured, submission, profile);
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
