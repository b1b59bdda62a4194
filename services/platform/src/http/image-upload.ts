import type { IncomingMessage } from 'node:http';
import type busboy from 'busboy';
import { MAX_IMAGE_BYTES } from '@palm/contracts';
import { badRequest, HttpError } from './http-error';
import { decodeUtf8Text, MAX_FORM_FIELD_BYTES, MAX_FORM_TEXT_BYTES } from './request-text';

/** Multipart framing and a few small fields around the photos stay well under this. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

export interface ImageUpload<F extends string> {
  image: Buffer;
  /** The extra frames, in the order sent; empty unless the form allows them. */
  frames: Buffer[];
  fields: Partial<Record<F, string>>;
}

/** The sentences saying what the client sent wrong, in the words of the service that asks for the photo. */
export interface ImageUploadMessages {
  /** The request is not a multipart form at all. */
  notMultipart: string;
  /** The form has no file in `fileField`, or an empty one. */
  missingFile: string;
  /** The file is larger than MAX_IMAGE_BYTES. */
  fileTooLarge: string;
}

export interface ImageUploadOptions<F extends string> {
  fileField: string;
  textFields: readonly F[];
  messages: ImageUploadMessages;
  /** A repeated file field for extra frames of the same subject, each checked like the photo. */
  frames?: {
    field: string;
    max: number;
    /** All files of the form together, the photo included. */
    maxTotalBytes: number;
    /** The form has more than `max` frames. */
    tooMany: string;
    /** The files together are larger than `maxTotalBytes`. */
    tooLarge: string;
  };
}

/**
 * Reads a multipart form into memory within strict limits: one file in `fileField` of at most
 * MAX_IMAGE_BYTES, optionally up to `frames.max` more in `frames.field` (each as large at most, all
 * files together at most `frames.maxTotalBytes`), the named text fields (others are ignored), nothing else. Text
 * fields must be UTF-8 and within the request limits (request-text.ts); which characters they may
 * hold is the caller's rule. Every way a form can be abused ends in a 400 or 413 problem with a
 * sentence saying what was wrong.
 */
export async function readImageUpload<F extends string>(
  req: IncomingMessage,
  options: ImageUploadOptions<F>,
): Promise<ImageUpload<F>> {
  const { fileField, textFields, messages } = options;
  const maxFrames = options.frames?.max ?? 0;
  // One file alone is bounded by busboy's file size limit below.
  const maxTotalBytes = options.frames?.maxTotalBytes ?? Infinity;
  const fileTooLarge = () => new HttpError(413, messages.fileTooLarge, { code: 'image_too_large' });
  const filesTooLarge = () =>
    new HttpError(413, options.frames?.tooLarge ?? messages.fileTooLarge, { code: 'image_too_large' });
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw badRequest(messages.notMultipart);
  const declaredLength = Number(req.headers['content-length'] ?? 0);
  if (maxFrames === 0 && declaredLength > MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES) throw fileTooLarge();
  if (declaredLength > maxTotalBytes + FORM_OVERHEAD_BYTES) throw filesTooLarge();
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
        // exactly MAX_IMAGE_BYTES in, as the web app does, and stops at the first byte beyond. One
        // file more than allowed reaches the file handler, which says what was too many.
        limits: {
          files: 2 + maxFrames,
          fileSize: MAX_IMAGE_BYTES + 1,
          fields: 20,
          fieldSize: MAX_FORM_FIELD_BYTES,
          parts: 25 + maxFrames,
        },
      });
    } catch {
      reject(badRequest('The multipart form could not be read (is its boundary missing?).'));
      return;
    }
    const fields: Partial<Record<F, string>> = {};
    const files = fileCollector(declaredLength);
    let image: CollectedFile | undefined;
    const frames: CollectedFile[] = [];
    let failure: HttpError | undefined;
    let formTextBytes = 0;
    const fail = (error: HttpError) => {
      failure ??= error;
    };

    const accept = (name: string): CollectedFile | undefined => {
      if (name === fileField && !image) return (image = files.next());
      if (name !== options.frames?.field) {
        const frameHint = options.frames
          ? ` and at most ${maxFrames} extra frames, named ${options.frames.field}`
          : '';
        fail(
          badRequest(
            `Unexpected file field "${name.slice(0, 40)}": send one photo, named ${fileField}${frameHint}.`,
          ),
        );
        return undefined;
      }
      if (frames.length === maxFrames) {
        fail(badRequest(options.frames.tooMany, [{ field: name, message: `more than ${maxFrames} files` }]));
        return undefined;
      }
      const frame = files.next();
      frames.push(frame);
      return frame;
    };

    parser.on('file', (name, stream) => {
      // A malformed form errors the file stream as well as the parser; the parser's handler answers.
      stream.on('error', () => undefined);
      const file = failure ? undefined : accept(name);
      if (!file) {
        stream.resume();
        return;
      }
      stream.on('data', (chunk: Buffer) => {
        if (failure) return;
        if (files.total() + chunk.length > maxTotalBytes) fail(filesTooLarge());
        else file.add(chunk);
      });
      stream.on('limit', () => fail(fileTooLarge()));
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
    parser.on('filesLimit', onLimit('files'));
    parser.on('fieldsLimit', onLimit('fields'));
    parser.on('error', () => {
      reject(failure ?? badRequest('The multipart form is malformed and could not be read.'));
    });
    parser.on('close', () => {
      if (failure) {
        reject(failure);
        return;
      }
      if (!image || image.length() === 0) {
        reject(badRequest(messages.missingFile, [{ field: fileField, message: 'required' }]));
        return;
      }
      const emptyFrame = frames.findIndex((frame) => frame.length() === 0);
      if (emptyFrame >= 0) {
        reject(
          badRequest(`Extra frame ${emptyFrame + 1} (the field ${options.frames?.field}) is empty.`, [
            { field: options.frames?.field ?? fileField, message: 'empty file' },
          ]),
        );
        return;
      }
      resolve({ image: image.bytes(), frames: frames.map((frame) => frame.bytes()), fields });
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

interface CollectedFile {
  add(chunk: Buffer): void;
  length(): number;
  bytes(): Buffer;
}

/**
 * The files' bytes, copied as they arrive into one buffer of the request's declared length, so
 * each chunk read from the socket can be collected at once instead of living as long as the upload
 * and then being copied again. Node's HTTP parser never delivers more body than Content-Length
 * declares, and the files are part of that body. Each chunk goes where the last one ended: busboy
 * may still be delivering one file's last chunks when the next file begins, so a file is a list of
 * spans, one slice of the buffer when they adjoin (as nearly always) and joined when they do not.
 * Without a Content-Length, each file's chunks are joined at the end. The files share one backing
 * store: `releaseUpload` on any of them gives back all of them.
 */
function fileCollector(declaredLength: number) {
  const target = declaredLength > 0 ? Buffer.allocUnsafe(declaredLength) : undefined;
  let total = 0;
  return {
    total: () => total,
    next(): CollectedFile {
      const chunks: Buffer[] = [];
      let length = 0;
      return {
        add(chunk: Buffer) {
          if (target) {
            chunk.copy(target, total);
            const last = chunks.at(-1);
            const adjoins = last && last.byteOffset + last.length === target.byteOffset + total;
            const span = target.subarray(
              adjoins ? last.byteOffset - target.byteOffset : total,
              total + chunk.length,
            );
            if (adjoins) chunks[chunks.length - 1] = span;
            else chunks.push(span);
          } else {
            chunks.push(chunk);
          }
          length += chunk.length;
          total += chunk.length;
        },
        length: () => length,
        bytes: () => (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)),
      };
    },
  };
}

/**
 * Gives an upload's memory back now rather than whenever V8 next collects: call it once the bytes
 * are no longer needed; they read as empty afterwards. Its backing store moves into a clone that
 * nothing references (memory shared with other buffers, Node's small-buffer pool, is left alone).
 * That clone and the upload's 64 KB socket reads are then garbage in the young generation, which
 * V8 collects only when enough small objects fill it: under a burst of uploads, 20–30 MB of them
 * waited in the reading service. Where the process runs with `--expose-gc`
 * (services/catalogue/src/node-runtime.ts) a young-generation collection, a millisecond or two,
 * frees them at once.
 */
export function releaseUpload(bytes: Buffer): void {
  if (bytes.buffer.byteLength > Buffer.poolSize && bytes.buffer instanceof ArrayBuffer) {
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  }
  globalThis.gc?.({ type: 'minor' });
}
