import type { IncomingMessage } from 'node:http';
import type busboy from 'busboy';
import { MAX_IMAGE_BYTES } from '@palm/contracts';
import { badRequest, HttpError } from './http-error';
import { decodeUtf8Text, MAX_FORM_FIELD_BYTES, MAX_FORM_TEXT_BYTES } from './request-text';

/** Multipart framing around a 5 MB photo and a few small fields stays well under this. */
const MAX_REQUEST_BYTES = MAX_IMAGE_BYTES + 256 * 1024;

export const imageTooLarge = () =>
  new HttpError(413, 'Your photo is larger than 5 MB. Please choose a smaller photo.', {
    code: 'image_too_large',
  });

export interface ImageUpload<F extends string> {
  image: Buffer;
  fields: Partial<Record<F, string>>;
}

/**
 * Reads a multipart form into memory within strict limits: one file in `fileField` of at most
 * 5 MB, the named text fields (others are ignored), nothing else. Text fields must be UTF-8 and
 * within the request limits (request-text.ts); which characters they may hold is the caller's rule.
 * Every way a form can be abused ends in a 400 or 413 problem with a sentence saying what was wrong.
 */
export async function readImageUpload<F extends string>(
  req: IncomingMessage,
  options: { fileField: string; textFields: readonly F[] },
): Promise<ImageUpload<F>> {
  const { fileField, textFields } = options;
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest(
      `Send the form as multipart/form-data, with the palm photo in a field named ${fileField}.`,
    );
  }
  if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) throw imageTooLarge();
  // Loaded on the first upload, like sharp in uploaded-photo.ts: only the reading service reads forms.
  const { default: createParser } = await import('busboy');

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = createParser({
        headers: req.headers,
        // One character per byte, so fieldText can check the bytes the client sent (see there).
        defCharset: 'latin1',
        // busboy reports the limit on reaching it, not on passing it: one byte more lets a photo of
        // exactly MAX_IMAGE_BYTES in, as the web app does, and stops at the first byte beyond.
        limits: {
          files: 1,
          fileSize: MAX_IMAGE_BYTES + 1,
          fields: 20,
          fieldSize: MAX_FORM_FIELD_BYTES,
          parts: 24,
        },
      });
    } catch {
      reject(badRequest('The multipart form could not be read (is its boundary missing?).'));
      return;
    }
    const fields: Partial<Record<F, string>> = {};
    const image = imageCollector(Number(req.headers['content-length'] ?? 0));
    let sawImage = false;
    let formTextBytes = 0;
    let failure: HttpError | undefined;
    const fail = (error: HttpError) => {
      failure ??= error;
    };

    parser.on('file', (name, stream) => {
      // A malformed form errors the file stream as well as the parser; the parser's handler answers.
      stream.on('error', () => undefined);
      if (name !== fileField || sawImage) {
        fail(badRequest(`Unexpected file field "${name.slice(0, 40)}": send one photo, named ${fileField}.`));
        stream.resume();
        return;
      }
      sawImage = true;
      stream.on('data', (chunk: Buffer) => {
        if (!failure) image.add(chunk);
      });
      stream.on('limit', () => fail(imageTooLarge()));
    });
    parser.on('field', (name, value, info) => {
      if (failure) return;
      if (info.valueTruncated) {
        fail(badRequest(`The field ${name.slice(0, 40)} is too long.`));
        return;
      }
      // Ignored fields count too: busboy has read them into memory all the same.
      formTextBytes += value.length;
      if (formTextBytes > MAX_FORM_TEXT_BYTES) {
        fail(
          badRequest(
            `The form's text fields are too large together (more than ${MAX_FORM_TEXT_BYTES / 1024} KB, reached at the field ${name.slice(0, 40)}).`,
          ),
        );
        return;
      }
      if (!(textFields as readonly string[]).includes(name)) return;
      if (fields[name as F] !== undefined) {
        fail(badRequest(`The field ${name} was sent more than once.`));
        return;
      }
      try {
        fields[name as F] = fieldText(value, name);
      } catch (error) {
        fail(error instanceof HttpError ? error : badRequest(`The field ${name} could not be read.`));
      }
    });
    const onLimit = (what: string) => () => fail(badRequest(`The form has too many ${what}.`));
    parser.on('partsLimit', onLimit('parts'));
    parser.on('filesLimit', () => fail(badRequest(`Send one photo only, in the field ${fileField}.`)));
    parser.on('fieldsLimit', onLimit('fields'));
    parser.on('error', () => {
      reject(failure ?? badRequest('The multipart form is malformed and could not be read.'));
    });
    parser.on('close', () => {
      if (failure) {
        reject(failure);
        return;
      }
      if (!sawImage || image.length() === 0) {
        reject(
          badRequest(`Please add a photo of your palm (the field ${fileField}).`, [
            { field: fileField, message: 'required' },
          ]),
        );
        return;
      }
      resolve({ image: image.bytes(), fields });
    });
    req.on('aborted', () => reject(badRequest('The upload was interrupted.')));
    req.pipe(parser);
  });
}

/**
 * A text field as the client wrote it. busboy reads a part that names no charset of its own (as
 * no browser does) as latin1, one character per byte, so the bytes can be decoded strictly as UTF-8
 * here: its own UTF-8 decoding would turn invalid bytes into U+FFFD without a word. A part that
 * names a charset has been decoded by busboy already, and a character above U+00FF shows it.
 */
function fieldText(value: string, name: string): string {
  if (/[\u0100-\uFFFF]/.test(value)) return value;
  return decodeUtf8Text(Buffer.from(value, 'latin1'), name);
}

/**
 * The photo's bytes, copied as they arrive into one buffer of the request's declared length, so
 * each chunk read from the socket can be collected at once instead of living as long as the upload
 * and then being copied again. Node's HTTP parser never delivers more body than Content-Length
 * declares, and the photo is part of that body. A request without one is joined at the end.
 */
function imageCollector(declaredLength: number) {
  const target = declaredLength > 0 ? Buffer.allocUnsafe(declaredLength) : undefined;
  const chunks: Buffer[] = [];
  let length = 0;
  return {
    add(chunk: Buffer) {
      if (target) chunk.copy(target, length);
      else chunks.push(chunk);
      length += chunk.length;
    },
    length: () => length,
    bytes: () => (target ? target.subarray(0, length) : Buffer.concat(chunks, length)),
  };
}

/**
 * Gives an upload's memory back now rather than whenever V8 next collects: call it once the bytes
 * are no longer needed; they read as empty afterwards. Its backing store moves into a clone that
 * nothing references (memory shared with other buffers, Node's small-buffer pool, is left alone).
 * That clone and the upload's 64 KB socket reads are then garbage in the young generation, which
 * V8 collects only when enough small objects fill it: under a burst of uploads, 20–30 MB of them
 * waited in the reading service. Where the process runs with `--expose-gc`
 * (scripts/distributed/node-runtime.ts) a young-generation collection, a millisecond or two,
 * frees them at once.
 */
export function releaseUpload(bytes: Buffer): void {
  if (bytes.buffer.byteLength > Buffer.poolSize && bytes.buffer instanceof ArrayBuffer) {
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  }
  globalThis.gc?.({ type: 'minor' });
}
