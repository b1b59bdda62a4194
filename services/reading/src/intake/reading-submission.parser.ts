import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import {
  MAX_IMAGE_BYTES,
  readingSubmissionSchema,
  SUBMISSION_DEFAULTS,
  type ReadingSubmission,
} from '@palm/contracts';
import { badRequest, HttpError } from '@palm/platform';

export interface ParsedSubmission {
  image: Buffer;
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
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

const MAX_FIELD_BYTES = 64 * 1024;
/** Multipart framing around a 5 MB photo and a few small fields stays well under this. */
const MAX_REQUEST_BYTES = MAX_IMAGE_BYTES + 256 * 1024;

export const tooLarge = () =>
  new HttpError(413, 'Your photo is larger than 5 MB. Please choose a smaller photo.', {
    code: 'image_too_large',
  });

function parseJsonField(name: string, raw: string, example: string): unknown {
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
  };
  const parsed = readingSubmissionSchema.safeParse(candidate);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      message: issue.message,
    }));
    throw badRequest(errors.map((error) => `${error.field}: ${error.message}`).join('; '), errors);
  }
  return parsed.data;
}

/**
 * Reads the multipart form of POST /api/reading into memory within strict limits: one file named
 * palmImage of at most 5 MB, a few small text fields, nothing else.
 */
export function parseReadingSubmission(req: IncomingMessage): Promise<ParsedSubmission> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(
      badRequest('Send the reading as multipart/form-data, with the palm photo in a field named palmImage.'),
    );
  }
  if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) return Promise.reject(tooLarge());

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: MAX_IMAGE_BYTES, fields: 20, fieldSize: MAX_FIELD_BYTES, parts: 24 },
      });
    } catch {
      reject(badRequest('The multipart form could not be read (is its boundary missing?).'));
      return;
    }
    const fields: Partial<Record<TextField, string>> = {};
    const chunks: Buffer[] = [];
    let sawImage = false;
    let failure: HttpError | undefined;
    const fail = (error: HttpError) => {
      failure ??= error;
    };

    parser.on('file', (name, stream) => {
      // A malformed form errors the file stream as well as the parser; the parser's handler answers.
      stream.on('error', () => undefined);
      if (name !== 'palmImage' || sawImage) {
        fail(badRequest(`Unexpected file field "${name.slice(0, 40)}": send one photo, named palmImage.`));
        stream.resume();
        return;
      }
      sawImage = true;
      stream.on('data', (chunk: Buffer) => {
        if (!failure) chunks.push(chunk);
      });
      stream.on('limit', () => fail(tooLarge()));
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        fail(badRequest(`The field ${name.slice(0, 40)} is too long.`));
        return;
      }
      if (!(TEXT_FIELDS as readonly string[]).includes(name)) return;
      if (fields[name as TextField] !== undefined) {
        fail(badRequest(`The field ${name} was sent more than once.`));
        return;
      }
      fields[name as TextField] = value;
    });
    const onLimit = (what: string) => () => fail(badRequest(`The form has too many ${what}.`));
    parser.on('partsLimit', onLimit('parts'));
    parser.on('filesLimit', () => fail(badRequest('Send one photo only, in the field palmImage.')));
    parser.on('fieldsLimit', onLimit('fields'));
    parser.on('error', () => {
      reject(failure ?? badRequest('The multipart form is malformed and could not be read.'));
    });
    parser.on('close', () => {
      if (failure) {
        reject(failure);
        return;
      }
      if (!sawImage || chunks.length === 0) {
        reject(
          badRequest('Please add a photo of your palm (the field palmImage).', [
            { field: 'palmImage', message: 'required' },
          ]),
        );
        return;
      }
      try {
        resolve({ image: Buffer.concat(chunks), submission: buildSubmission(fields) });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    req.on('aborted', () => reject(badRequest('The upload was interrupted.')));
    req.pipe(parser);
  });
}
