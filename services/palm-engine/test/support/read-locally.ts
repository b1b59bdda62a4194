import type { ReadingResult, ReadingSubmission, ReadingTheme } from '@palm/contracts';
import { timelineAccount } from '../../src/narrator/life-timeline';
import { composeReading } from '../../src/narrator/local-narrator';
import { phraseChooserFor } from '../../src/narrator/phrase-chooser';
import type { HandFeature } from '../../src/narrator/palm-description';
import { basisFaults } from '../../src/narrator/section-basis';
import type { PalmObservation } from '../../src/palm-observation';
import { assembleReading } from '../../src/palm-reading.engine';
import { palmProfileOf } from '../../src/profile/palm-profile';
import { profiledObservation } from '../../src/profile/profiled-lines';
import { interpret, PALM_RULES } from '../../src/rules/interpret';
import { traitsFromProfile } from '../../src/rules/palm-traits';
import type { TraitReliabilityTable } from '../../src/profile/trait-reliability';
import { EVERY_TRAIT_RELIABLE } from '../fixtures/every-trait-reliable';

/**
 * A fixture palm read as the engine reads a photo, through its one assembly (themes, "How we
 * read this", markers, the palm-only version and the sanitiser), with every trait the fixture
 * measures clearly held reliable and no tag left out as common: the rule base's full reach.
 */
export function readLocally(
  observation: PalmObservation,
  submission: ReadingSubmission,
): Promise<ReadingResult> {
  const profile = palmProfileOf(observation, EVERY_TRAIT_RELIABLE);
  const fired = interpret(observation, submission, PALM_RULES, profile, []);
  const { sections, story } = composeReading(fired, observation, submission, profile);
  return assembleReading({ observation, submission, profile, fired, narrated: sections, story });
}

/** A section as read, with what the narrator reports its text read, and where its header and tags disagree. */
export interface AccountedSection {
  section: ReadingResult['sections'][number];
  reads: HandFeature[];
  faults: string[];
}

/**
 * A palm's local sections and Timeline, each with the features the narrator reports its text
 * read or leaned on and `basisFaults`' verdict; its themes, and the observation as its profile
 * holds it (`palm`). `table`: the reliability table the profile is
 * built with (the rule base's full reach unless given), `commonTags` the tags left out.
 */
export function accountLocally(
  observation: PalmObservation,
  submission: ReadingSubmission,
  {
    table = EVERY_TRAIT_RELIABLE,
    commonTags = [],
  }: { table?: TraitReliabilityTable; commonTags?: string[] } = {},
): { sections: AccountedSection[]; themes: ReadingTheme[]; palm: PalmObservation } {
  const profile = palmProfileOf(observation, table);
  const fired = interpret(observation, submission, PALM_RULES, profile, commonTags);
  const { sections, reads, themes } = composeReading(fired, observation, submission, profile);
  const palm = profiledObservation(profile, observation);
  const timeline = timelineAccount(palm, phraseChooserFor(profile));
  const checked = { fired, traits: traitsFromProfile(profile, observation), observation: palm };
  return {
    themes,
    palm,
    sections: [
      ...sections.map((section, at) => ({ section, reads: reads[at]! })),
      ...(timeline ? [timeline] : []),
    ].map(({ section, reads }) => ({ section, reads, faults: basisFaults(section, reads, checked) })),
  };
}
