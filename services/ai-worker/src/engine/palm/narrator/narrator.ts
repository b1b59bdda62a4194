import type { ReadingSection, ReadingSubmission } from '@palm/contracts';
import type { PalmObservation } from '../palm-observation';
import type { Finding } from '../rules/palm-rule';

export interface NarrationInput {
  findings: readonly Finding[];
  observation: PalmObservation;
  submission: ReadingSubmission;
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
