import type { PalmProfile, ReadingSection, ReadingSubmission } from '@palm/contracts';
import type { NormalisedImage } from '../reading-engine';
import type { PalmObservation } from '../palm-observation';
import type { Finding } from '../rules/palm-rule';

export interface NarrationInput {
  /** Every fired finding, strongest first; a narrator reads each feature once (`oneAreaPerFeature`). */
  findings: readonly Finding[];
  observation: PalmObservation;
  /** The reading's palm profile: the only source of the classes a narrator may name. */
  profile: PalmProfile;
  submission: ReadingSubmission;
  /** The photo the observation came from, for a narrator that looks at it too. */
  image?: NormalisedImage;
}

/**
 * Turns fired findings into the reading's sections. A narrator may only say what the findings
 * carry (plus the visitor's own answers, labelled as theirs): the local one composes their
 * phrasings, an LLM one may rewrite them.
 */
export interface Narrator {
  readonly name: string;
  narrate(input: NarrationInput): Promise<ReadingSection[]>;
}
