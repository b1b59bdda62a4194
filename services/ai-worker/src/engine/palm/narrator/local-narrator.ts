import {
  LIFE_AREAS,
  type LifeArea,
  type ReadingResult,
  type ReadingSection,
  type ReadingSubmission,
} from '@palm/contracts';
import { palmMarkers } from '../markers/palm-markers';
import type { LineName, PalmObservation } from '../palm-observation';
import type { Finding } from '../rules/palm-rule';
import { LINE_NAMES_IN_TEXT, TATTVA_LABELS } from '../rules/vedic-names';
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
const HAND_TYPE_CONFIDENCE_FOR_TATTVA = 0.4;
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
  observation: PalmObservation;
  answers: VisitorAnswers;
  choose: PhraseChooser;
  notesByArea: Map<LifeArea, string[]>;
}

/** Focus areas first, in the visitor's order, then the rest in the usual order. */
export function orderedAreas(focusAreas: readonly LifeArea[]): LifeArea[] {
  return [...focusAreas, ...LIFE_AREAS.filter((area) => !focusAreas.includes(area))];
}

export function composeSections(
  findings: readonly Finding[],
  observation: PalmObservation,
  submission: ReadingSubmission,
): ReadingSection[] {
  const answers = readVisitorAnswers(submission);
  const areas = orderedAreas(submission.focusAreas);
  const choose = phraseChooserFor(observation);
  const context: ReadingContext = {
    observation,
    answers,
    choose,
    notesByArea: visitorNotesByArea(answers, areas, choose),
  };
  return areas.map((area, index) =>
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
}

function composeSection(plan: SectionPlan, context: ReadingContext): ReadingSection {
  const { area, focused, findings } = plan;
  const { observation, answers, choose } = context;
  const depth = focused ? DEPTH.focused : DEPTH.other;
  const inContentUntil = depth.insights + depth.inContent;
  const insights = findings.slice(0, depth.insights).flatMap((finding) => wordFindings([finding], choose));
  const inContent = wordFindings(findings.slice(depth.insights, inContentUntil), choose);
  const inDetails = wordFindings(findings.slice(inContentUntil), choose);
  const handType = observation.geometry.handType;
  const tattvaKnown = observation.geometry.handTypeConfidence >= HAND_TYPE_CONFIDENCE_FOR_TATTVA;

  const content = [
    plan.index === 0 ? mismatchNote(context) : undefined,
    choose.pick(OPENERS[area], `${area}.opener`),
    ...inContent,
    answerNote(area, answers, choose),
    ...(context.notesByArea.get(area) ?? []),
  ];
  const details = [
    ...inDetails,
    ...unseenLineNotes(area, observation, choose),
    ...practicalTips(plan, observation, choose, inDetails.length),
    focused ? choose.pick(FOCUS_NOTES, `${area}.focus`)(AREA_NAMES[area]) : undefined,
    plan.isLast ? choose.pick(CLOSING_NOTES, 'closing') : undefined,
  ];

  return {
    area,
    title: AREA_TITLES[area],
    subtitle: tattvaKnown
      ? `${TATTVA_LABELS[handType]} hand · ${AREA_SUBTITLES[area]}`
      : AREA_SUBTITLES[area],
    insights,
    content: joinSentences(content),
    details: joinSentences(details),
    basis: [...new Set(findings.map((finding) => finding.basis))],
  };
}

/**
 * Each finding in one phrasing, followed by the measurements it rests on, so the visitor can check
 * them against their hand. The findings given are one paragraph: there a measurement is quoted
 * once, where it first matters; each insight stands alone and quotes its own.
 */
function wordFindings(findings: readonly Finding[], choose: PhraseChooser): string[] {
  const quoted: string[] = [];
  return findings.map((finding) => {
    const fresh = finding.measured.filter((fact) => !quoted.some((earlier) => earlier.includes(fact)));
    quoted.push(...fresh);
    return withMeasurements(choose.pick(finding.phrasings, finding.ruleId), fresh);
  });
}

function withMeasurements(sentence: string, measured: readonly string[]): string {
  if (measured.length === 0) return sentence;
  const [, body = sentence, end = '.'] = /^(.*?)([.!?…]?)$/su.exec(sentence) ?? [];
  return `${body} (${measured.join('; ')})${end}`;
}

/** Focus areas get advice for their hand type and a general one; others only when they are thin. */
function practicalTips(
  { area, focused }: SectionPlan,
  observation: PalmObservation,
  choose: PhraseChooser,
  findingsInDetails: number,
): string[] {
  const general = choose.pick(GENERAL_TIPS[area], `${area}.tip`);
  const tattvaKnown = observation.geometry.handTypeConfidence >= HAND_TYPE_CONFIDENCE_FOR_TATTVA;
  if (!focused) return findingsInDetails < 2 ? [general] : [];
  if (!tattvaKnown) return [general];
  return [choose.pick(TATTVA_TIPS[area][observation.geometry.handType], `${area}.tattva-tip`), general];
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

function unseenLineNotes(area: LifeArea, observation: PalmObservation, choose: PhraseChooser): string[] {
  return SECTION_LINES[area]
    .filter((line) => !observation.lines[line].seen || observation.lines[line].confidence < LINE_CONFIDENCE)
    .map((line) => choose.pick(UNSEEN_LINE_NOTES, `unseen.${line}`)(LINE_NAMES_IN_TEXT[line]));
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
  observation: PalmObservation,
  submission: ReadingSubmission,
): ReadingResult {
  return {
    sections: composeSections(findings, observation, submission),
    visual_markers: palmMarkers(observation, findings),
  };
}

export class LocalNarrator implements Narrator {
  readonly name = 'local';

  narrate({ findings, observation, submission }: NarrationInput): Promise<ReadingSection[]> {
    return Promise.resolve(composeSections(findings, observation, submission));
  }
}
