import type { IncomingMessage } from 'node:http';
import {
  readingSubmissionSchema,
  SUBMISSION_BINDINGS,
  SUBMISSION_DEFAULTS,
  type ReadingSubmission,
  type SubmissionBinding,
} from '@palm/contracts';
import { palmFrameUpload, palmUploadMessages } from '@palm/palm-photo';
import {
  assertJsonShape,
  assertRequestText,
  badRequest,
  parseRequest,
  readImageUpload,
} from '@palm/platform';

export interface ParsedSubmission {
  image: Buffer;
  /** Extra frames of the same hand (`palmFrames`), for the engine to pool; never kept. */
  frames: Buffer[];
  submission: ReadingSubmission;
}

const TEXT_FIELDS = [
  'dominantHand',
  'age',
  'maritalStatus',
  'hasChildren',
  'focusAreas',
  'flowResponses',
  'flowId',
  'flowVersion',
  'given',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

function parseJsonField(name: string, raw: string, example: string): unknown {
  assertJsonShape(raw, name);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`${name} must be valid JSON, for example ${example}.`, [
      { field: name, message: 'not valid JSON' },
    ]);
  }
}

function parseWholeNumber(name: string, raw: string): number {
  if (!/^\d{1,9}$/.test(raw.trim())) {
    throw badRequest(`${name} must be a whole number.`, [{ field: name, message: 'not a whole number' }]);
  }
  return Number(raw);
}

/**
 * A written answer (a text_entry question's) is a string right under its question key, and may
 * hold tabs and line breaks; a choice is a string too but never does. Keys, the choices of a
 * multiple-choice answer and every other field are one line.
 */
const isWrittenAnswer = (path: readonly string[]) => path.length === 1;

/**
 * Which answers the visitor gave: the form's own list when it sends one (the wizard sends every
 * field, filled from defaults where no question asked), else the fields the form carried at all.
 */
function givenFields(fields: Partial<Record<TextField, string>>): unknown {
  if (fields.given) return parseJsonField('given', fields.given, '["age","focusAreas"]');
  return SUBMISSION_BINDINGS.filter((field: SubmissionBinding) => fields[field]?.trim());
}

/** Applies the spec's defaults to what the form left out, then validates the whole submission. */
export function buildSubmission(fields: Partial<Record<TextField, string>>): ReadingSubmission {
  const candidate = {
    dominantHand: fields.dominantHand?.trim().toLowerCase() || SUBMISSION_DEFAULTS.dominantHand,
    age: fields.age ?? SUBMISSION_DEFAULTS.age,
    maritalStatus: fields.maritalStatus ?? SUBMISSION_DEFAULTS.maritalStatus,
    hasChildren: fields.hasChildren?.trim().toLowerCase() || SUBMISSION_DEFAULTS.hasChildren,
    focusAreas: fields.focusAreas
      ? parseJsonField('focusAreas', fields.focusAreas, '["love","career"]')
      : [...SUBMISSION_DEFAULTS.focusAreas],
    flowResponses: fields.flowResponses
      ? parseJsonField('flowResponses', fields.flowResponses, '{"question_1":"Male"}')
      : {},
    flowId: fields.flowId ? parseWholeNumber('flowId', fields.flowId) : undefined,
    flowVersion: fields.flowVersion ? parseWholeNumber('flowVersion', fields.flowVersion) : undefined,
    given: givenFields(fields),
  };
  for (const [name, value] of Object.entries(candidate)) {
    assertRequestText(value, name, name === 'flowResponses' ? isWrittenAnswer : undefined);
  }
  return parseRequest(readingSubmissionSchema, candidate);
}

/**
 * Reads the multipart form of POST /api/reading: the palm photo, up to MAX_PALM_FRAMES extra frames
 * of the same hand, and the submission fields.
 */
export async function parseReadingSubmission(req: IncomingMessage): Promise<ParsedSubmission> {
  const { image, frames, fields } = await readImageUpload(req, {
    fileField: 'palmImage',
    textFields: TEXT_FIELDS,
    messages: palmUploadMessages('palmImage'),
    frames: palmFrameUpload('palmFrames'),
  });
  return { image, frames, submission: buildSubmission(fields) };
}
