import {
  readingSectionSchema,
  type LifeArea,
  type PalmProfile,
  type ReadingResult,
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
import { composeSections, howWeReadByArea, LocalNarrator } from './narrator/local-narrator';
import type { NarrationInput, Narrator } from './narrator/narrator';
import type { PalmObservation, PalmObserverResult } from './palm-observation';
import { palmProfileOf } from './profile/palm-profile';
import { profiledObservation } from './profile/profiled-lines';
import { interpret, oneAreaPerFeature, PALM_RULES } from './rules/interpret';

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

  async read({ image, submission }: ReadingInput): Promise<ReadingResult> {
    const observation = await this.observer.observe(image);
    if (observation.kind === 'refused') throw new UnreadablePhotoError(observation.message);
    // Computed once: the findings, the sections, the markers and the traces all derive from it.
    const profile = palmProfileOf(observation);
    const fired = interpret(observation, submission, PALM_RULES, profile);
    // Narrators get every fired finding: each reads a feature in one section and may refer back to it.
    const narrated = await this.narrate({ findings: fired, observation, profile, submission, image });
    const findings = oneAreaPerFeature(fired);
    const palm = profiledObservation(profile, observation);
    // Another narrator's sections get the same "How we read this" panels as the local ones.
    const notes = howWeReadByArea(
      findings,
      palm,
      narrated.map((section) => section.area as LifeArea),
    );
    const sections = narrated.map((section) =>
      section.howWeRead ? section : { ...section, howWeRead: notes.get(section.area as LifeArea) },
    );
    return sanitiseReadingResult({
      sections,
      visual_markers: linkMarkers(palmMarkers(palm, findings), findings, sections),
      line_traces: lineTraces(palm),
      profile,
      shared: this.palmOnly(observation, submission, profile),
    });
  }

  /**
   * The reading a shared link shows to others: the same palm and the same sections, worded by the
   * local narrator from the palm alone, so nothing the visitor answered or wrote reaches it.
   */
  private palmOnly(
    observation: PalmObservation,
    submission: ReadingSubmission,
    profile: PalmProfile,
  ): NonNullable<ReadingResult['shared']> {
    const withoutAnswers = palmOnlySubmission(submission);
    const fired = interpret(observation, withoutAnswers, PALM_ONLY_RULES, profile);
    const findings = oneAreaPerFeature(fired);
    const sections = composeSections(fired, observation, withoutAnswers, profile);
    const palm = profiledObservation(profile, observation);
    return { sections, visual_markers: linkMarkers(palmMarkers(palm, findings), findings, sections) };
  }

  private async narrate(input: NarrationInput): Promise<ReadingResult['sections']> {
    if (this.narrator === localNarrator) return localNarrator.narrate(input);
    try {
      const sections = await this.narrator.narrate(input);
      if (
        sections.length > 0 &&
        sections.every((section) => readingSectionSchema.safeParse(section).success)
      ) {
        return sections;
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
    return localNarrator.narrate(input);
  }
}

/** Rules whose wording adapts to an answer (the dominant hand, a partner) say something about the visitor. */
const PALM_ONLY_RULES = PALM_RULES.filter((rule) =>
  rule.phrasings.every((phrasing) => typeof phrasing === 'string'),
);

/**
 * A submission that says nothing about the visitor: no age, status, children or answers. Only the
 * focus areas stay, so the shared reading has the owner's sections in the owner's order.
 */
function palmOnlySubmission(submission: ReadingSubmission): ReadingSubmission {
  return {
    dominantHand: 'right',
    age: '',
    maritalStatus: '',
    hasChildren: 'no',
    focusAreas: submission.focusAreas,
    flowResponses: {},
  };
}
