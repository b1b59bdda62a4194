import {
  readingSectionSchema,
  type LifeArea,
  type PalmProfile,
  type ReadingResult,
  type ReadingSection,
  type ReadingSubmission,
} from '@palm/contracts';
import { sanitiseReadingResult } from '@palm/platform';
import type { EngineHost } from './engine-host';
import {
  UnreadablePhotoError,
  type NormalisedImage,
  type ReadingEngine,
  type ReadingInput,
} from './reading-engine';
import { lineTraces } from './markers/line-traces';
import { linkMarkers, palmMarkers } from './markers/palm-markers';
import { timelineSection } from './narrator/life-timeline';
import { howWeReadByArea } from './narrator/how-we-read';
import { composeReading, LocalNarrator } from './narrator/local-narrator';
import type { NarrationInput, Narrator } from './narrator/narrator';
import { featuresOfReads } from './narrator/palm-description';
import { phraseChooserFor } from './narrator/phrase-chooser';
import { storyOfPalm, type ReadingStory } from './narrator/reading-story';
import { sectionSubtitle } from './narrator/section-subtitle';
import { readingFindings } from './narrator/steady-leanings';
import { RETAKE_MESSAGES } from './observer/quality-gates';
import type { PalmObservation, PalmObserverResult } from './palm-observation';
import type { Finding } from './rules/palm-rule';
import { frameMismatch, poolObservations } from './profile/frame-pooling';
import { palmProfileOf, showsEnoughToRead } from './profile/palm-profile';
import { profiledObservation } from './profile/profiled-lines';
import { PALM_RULES } from './rules/interpret';

/** Anything that turns a normalised photo into an observation or a refusal with retake advice. */
export interface PalmObserver {
  observe(image: NormalisedImage): Promise<PalmObserverResult>;
}

export interface PalmReadingEngineOptions {
  /** Writes the sections; the local narrator when left out, and the fallback whenever another one fails. */
  narrator?: Narrator;
  host?: EngineHost;
}

const localNarrator = new LocalNarrator();

/**
 * The palm engine: the observer measures, the rule base reasons, the narrator words only what
 * fired, and markers are placed at the observed anchors.
 */
export class PalmReadingEngine implements ReadingEngine {
  readonly name: string;
  private readonly narrator: Narrator;
  private readonly host: EngineHost | undefined;

  constructor(
    private readonly observer: PalmObserver,
    options: PalmReadingEngineOptions = {},
  ) {
    this.narrator = options.narrator ?? localNarrator;
    this.host = options.host;
    this.name = `palm-${this.narrator.name}`;
  }

  async read({ image, frames = [], submission }: ReadingInput): Promise<ReadingResult> {
    const photo = await this.observer.observe(image);
    if (photo.kind === 'refused') throw new UnreadablePhotoError(photo.message);
    const observation = poolObservations(photo, await this.observeFrames(photo, frames));
    // Computed once: the findings, the sections, the markers and the traces all derive from it.
    const profile = palmProfileOf(observation);
    if (!showsEnoughToRead(profile)) throw new UnreadablePhotoError(RETAKE_MESSAGES.too_little_seen);
    const fired = readingFindings(observation, submission, profile);
    // Narrators get every fired finding: each reads a feature in one section and may refer back to it.
    const { sections: narrated, story } = await this.narrate({
      findings: fired,
      observation,
      profile,
      submission,
      image,
    });
    return assembleReading({ observation, submission, profile, fired, narrated, story });
  }

  /**
   * The frames that add evidence to the photo. A frame the photo gates would refuse (pose, light,
   * blur, no hand) is left out rather than failing a reading whose photo passed: the visitor sent
   * a good photo, and the frames only firm it up. A frame of another hand refuses the reading, as
   * pooling two hands would describe neither. One frame after another: each is a full observation
   * (about one photo's time), and the worker reads a few readings at once already.
   */
  private async observeFrames(
    photo: PalmObservation,
    frames: readonly NormalisedImage[],
  ): Promise<PalmObservation[]> {
    const observed: PalmObservation[] = [];
    for (const [index, frame] of frames.entries()) {
      const observation = await this.observer.observe(frame);
      if (observation.kind === 'refused') {
        this.host?.logger.info({ frame: index + 1, reason: observation.reason }, 'frame left out of pooling');
        continue;
      }
      const mismatch = frameMismatch(photo, observation);
      if (mismatch) throw new UnreadablePhotoError(RETAKE_MESSAGES[mismatch]);
      observed.push(observation);
    }
    return observed;
  }

  private async narrate(input: NarrationInput): Promise<Narrated> {
    if (this.narrator === localNarrator) return tellLocally(input);
    try {
      const sections = await this.narrator.narrate(input);
      if (
        sections.length > 0 &&
        sections.every((section) => readingSectionSchema.safeParse(section).success)
      ) {
        return { sections };
      }
      this.host?.onFallback?.({ stage: 'narrator', narrator: this.narrator.name, reason: 'invalid_output' });
      this.host?.logger.warn(
        { narrator: this.narrator.name },
        'narrator returned no valid sections; using the local narrator',
      );
    } catch (error) {
      this.host?.onFallback?.({ stage: 'narrator', narrator: this.narrator.name, reason: 'failed' });
      this.host?.logger.warn(
        { err: error, narrator: this.narrator.name },
        'narrator failed; using the local narrator',
      );
    }
    return tellLocally(input);
  }
}

/** What a narrator told: its sections, and the story they were told from where the local narrator told them. */
interface Narrated {
  sections: ReadingSection[];
  story?: ReadingStory;
}

/**
 * The local narrator's sections with the story it told them from: a sparse hand is told in another
 * set of phrasings than the first, and its themes must be the ones its sections carry on.
 */
function tellLocally({ findings, observation, submission, profile }: NarrationInput): Narrated {
  const { sections, story } = composeReading(findings, observation, submission, profile);
  return { sections, story };
}

export interface ReadingParts {
  observation: PalmObservation;
  submission: ReadingSubmission;
  profile: PalmProfile;
  /** Every finding that fired on this palm. */
  fired: readonly Finding[];
  /** The sections a narrator wrote from them. */
  narrated: readonly ReadingSection[];
  /**
   * The story the local narrator told those sections from (its phrasings may be another set than the
   * first); told afresh, in the first, for sections another narrator wrote.
   */
  story?: ReadingStory;
}

/**
 * The one assembly of a reading, whoever narrated it: the themes that open it, the "How we read
 * this" panels and subtitles of sections another narrator wrote, the timeline, the markers and
 * traces, the palm-only version a shared link shows, all passed through the sanitiser.
 */
export function assembleReading({
  observation,
  submission,
  profile,
  fired,
  narrated,
  story: told,
}: ReadingParts): Promise<ReadingResult> {
  const palm = profiledObservation(profile, observation);
  const choose = phraseChooserFor(profile);
  // The story the local narrator tells: its themes open every reading, whoever wrote the sections.
  const story = told ?? storyOfPalm(fired, observation, profile);
  const { findings } = story;
  // Another narrator's sections get the same "How we read this" panels as the local ones, and
  // the same subtitles: a header names what its section's findings read, whatever a model wrote.
  const notes = howWeReadByArea(
    findings,
    palm,
    narrated.map((section) => section.area as LifeArea),
  );
  const timeline = timelineSection(palm, choose);
  const sections = [
    ...narrated.map((section) =>
      section.howWeRead
        ? section
        : {
            ...section,
            subtitle: sectionSubtitle(
              featuresOfReads(
                findings
                  .filter((finding) => finding.area === section.area)
                  .flatMap((finding) => finding.reads),
              ),
              profile.handType,
            ),
            howWeRead: notes.get(section.area as LifeArea),
          },
    ),
    // The predictions of the paid unlock: read from the traced lines by the engine, never narrated.
    ...(timeline ? [timeline] : []),
  ];
  return sanitiseReadingResult({
    sections,
    themes: story.themes,
    visual_markers: linkMarkers(palmMarkers(palm, findings), findings, sections),
    line_traces: lineTraces(palm),
    profile,
    shared: palmOnly(observation, submission, profile, palm, timeline),
  });
}

/**
 * The reading a shared link shows to others: the same palm, worded by the local narrator from
 * the palm alone (its own themes and sections, and the timeline), so nothing the visitor
 * answered or wrote reaches it.
 */
function palmOnly(
  observation: PalmObservation,
  submission: ReadingSubmission,
  profile: PalmProfile,
  // The owner's: both derive from the palm alone, so they are not worked out again.
  palm: PalmObservation,
  timeline: ReadingSection | undefined,
): NonNullable<ReadingResult['shared']> {
  const withoutAnswers = palmOnlySubmission(submission);
  const fired = readingFindings(observation, withoutAnswers, profile, PALM_ONLY_RULES);
  // One story: the sections, the themes and the markers' findings all come from it.
  const { sections: composed, themes, story } = composeReading(fired, observation, withoutAnswers, profile);
  const sections = [...composed, ...(timeline ? [timeline] : [])];
  return {
    sections,
    themes,
    visual_markers: linkMarkers(palmMarkers(palm, story.findings), story.findings, sections),
  };
}

/** Rules whose wording adapts to an answer (the dominant hand, a partner) say something about the visitor. */
const PALM_ONLY_RULES = PALM_RULES.filter((rule) =>
  rule.phrasings.every((phrasing) => typeof phrasing === 'string'),
);

/**
 * A submission that says nothing about the visitor: no age, status, children, answers or focus
 * areas (`given` is empty, so the focus areas kept for the form's sake shape nothing either).
 */
function palmOnlySubmission(submission: ReadingSubmission): ReadingSubmission {
  return {
    dominantHand: 'right',
    age: '',
    maritalStatus: '',
    hasChildren: 'no',
    focusAreas: submission.focusAreas,
    flowResponses: {},
    given: [],
  };
}
