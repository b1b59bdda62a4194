import type { ReadingResult, ReadingSubmission } from '@palm/contracts';
import { composeSections } from '../../src/narrator/local-narrator';
import type { PalmObservation } from '../../src/palm-observation';
import { assembleReading } from '../../src/palm-reading.engine';
import { palmProfileOf } from '../../src/profile/palm-profile';
import { interpret, PALM_RULES } from '../../src/rules/interpret';
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
  return assembleReading({
    observation,
    submission,
    profile,
    fired,
    narrated: composeSections(fired, observation, submission, profile),
  });
}
