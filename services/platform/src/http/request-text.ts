import express, { type RequestHandler } from 'express';
import { badRequest } from './http-error';

/*
 * The one place where request text is bounded and checked, before anything else reads it: a
 * multipart form's fields (image-upload.ts), the JSON inside them (the reading submission) and
 * every JSON body (jsonBody below). docs/operations.md "Request limits" states these figures.
 */

/**
 * Lists and objects inside one another in one JSON value. The deepest an honest request goes is 3
 * (the flow editor's reorder body, a list of objects in an object); flowResponses is 2 (answers
 * that are lists of choices).
 */
export const MAX_NESTING_DEPTH = 8;
/**
 * Object keys and list items in one JSON value, all levels counted together. The most an honest
 * flowResponses can hold is 100 answers of at most 20 choices each: 2 100.
 */
export const MAX_JSON_ENTRIES = 5_000;
/** One text field of a multipart form, in bytes. */
export const MAX_FORM_FIELD_BYTES = 64 * 1024;
/** All the text fields of one multipart form together, in bytes. */
export const MAX_FORM_TEXT_BYTES = 128 * 1024;

const subject = (field: string) => field || 'The request body';
/** A whole JSON body has no field name to list. */
const fieldErrors = (field: string, message: string) => (field ? [{ field, message }] : undefined);

const nestedTooDeeply = (field: string) =>
  badRequest(
    `${subject(field)} is nested too deeply: at most ${MAX_NESTING_DEPTH} levels of lists and objects are accepted.`,
    fieldErrors(field, `nested more than ${MAX_NESTING_DEPTH} levels deep`),
  );

const tooManyEntries = (field: string) =>
  badRequest(
    `${subject(field)} has too many entries: at most ${MAX_JSON_ENTRIES} keys and list items are accepted.`,
    fieldErrors(field, `more than ${MAX_JSON_ENTRIES} keys and list items`),
  );

const [TAB, LINE_FEED, CARRIAGE_RETURN, SPACE, QUOTE, COMMA, BACKSLASH] = [9, 10, 13, 32, 34, 44, 92];
const [OPEN_BRACKET, CLOSE_BRACKET, OPEN_BRACE, CLOSE_BRACE] = [91, 93, 123, 125];

/**
 * Refuses JSON text nested deeper than MAX_NESTING_DEPTH or holding more than MAX_JSON_ENTRIES
 * keys and items, in one pass over the characters and without building anything, so the check
 * costs the same for a hostile payload as for an honest one. Whether the text is valid JSON is
 * left to JSON.parse afterwards.
 */
export function assertJsonShape(text: string, field: string): void {
  let depth = 0;
  let entries = 0;
  let inString = false;
  let containerJustOpened = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
      continue;
    }
    if (char === SPACE || char === TAB || char === LINE_FEED || char === CARRIAGE_RETURN) continue;
    // The first value in a list or object is an entry; each comma adds one more.
    if (containerJustOpened && char !== CLOSE_BRACKET && char !== CLOSE_BRACE) entries += 1;
    containerJustOpened = false;
    if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      depth += 1;
      if (depth > MAX_NESTING_DEPTH) throw nestedTooDeeply(field);
      containerJustOpened = true;
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) depth -= 1;
    else if (char === COMMA) entries += 1;
    if (entries > MAX_JSON_ENTRIES) throw tooManyEntries(field);
  }
}

const notUtf8 = (field: string) =>
  badRequest(
    `${subject(field)} is not valid UTF-8 text. Please send text encoded as UTF-8.`,
    fieldErrors(field, 'not valid UTF-8'),
  );

/**
 * The text that `bytes` encode, or a 400 naming `field` if they are not valid UTF-8: a lenient
 * decoder would turn them into U+FFFD and store something the client never wrote.
 */
export function decodeUtf8Text(bytes: Uint8Array, field: string): string {
  try {
    // ignoreBOM keeps a leading U+FEFF as written instead of dropping it silently.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw notUtf8(field);
  }
}

/**
 * Whether `text` holds a C0 control character (U+0000–U+001F) it may not: none in a name, a choice
 * or a one-line field; free text (a written answer, an operator's prompt or description) may hold
 * tabs and line breaks (LF, or CR LF).
 */
function hasControlCharacter(text: string, freeText: boolean): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char >= SPACE) continue;
    const lineBreak =
      char === LINE_FEED || (char === CARRIAGE_RETURN && text.charCodeAt(index + 1) === LINE_FEED);
    if (!freeText || !(char === TAB || lineBreak)) return true;
  }
  return false;
}

// Half of a UTF-16 surrogate pair without its other half: PostgreSQL cannot store it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Which strings of a value are free text, by their path inside it (keys never are). */
export type FreeTextRule = (path: readonly string[]) => boolean;

interface PendingValue {
  value: unknown;
  depth: number;
  key?: string;
  parent?: PendingValue;
}

function pathOf(item: PendingValue | undefined): string[] {
  const path: string[] = [];
  for (let at = item; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}

function textProblem(field: string, path: string[], text: string, freeText: boolean) {
  const name = [field, ...path].filter(Boolean).join('.');
  if (hasControlCharacter(text, freeText)) {
    const allowed = freeText ? 'only tabs and line breaks are allowed' : 'none are allowed here';
    return badRequest(
      `${subject(name)} contains a control character (an invisible character such as NUL or ESC); ${allowed}. Please remove it and try again.`,
      fieldErrors(name, 'contains a control character'),
    );
  }
  if (LONE_SURROGATE.test(text)) {
    return badRequest(
      `${subject(name)} contains a character that cannot be stored (a broken Unicode character). Please remove it and try again.`,
      fieldErrors(name, 'contains an unpaired surrogate character'),
    );
  }
  return undefined;
}

/**
 * Refuses a parsed request value (one form field, or a whole JSON body when `field` is '') that
 * breaks the structural limits or holds a control character or a broken Unicode character, with
 * a 400 naming the first such key or string. The walk uses its own stack, and a string's path is
 * only put together for the error, so its cost stays linear in the size of the value whatever
 * its shape.
 */
export function assertRequestText(
  value: unknown,
  field: string,
  isFreeText: FreeTextRule = () => false,
): void {
  const pending: PendingValue[] = [{ value, depth: 0 }];
  let entries = 0;
  while (pending.length > 0) {
    const item = pending.pop() as PendingValue;
    if (typeof item.value === 'string') {
      const path = pathOf(item);
      const problem = textProblem(field, path, item.value, isFreeText(path));
      if (problem) throw problem;
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > MAX_NESTING_DEPTH) throw nestedTooDeeply(field);
    const children = Array.isArray(item.value)
      ? item.value.map((child, index) => [String(index), child] as const)
      : Object.entries(item.value);
    entries += children.length;
    if (entries > MAX_JSON_ENTRIES) throw tooManyEntries(field);
    // Reversed, so the first problem in document order is the one named.
    for (const [key, child] of children.reverse()) {
      const entry: PendingValue = { value: child, depth, key, parent: item };
      if (!Array.isArray(item.value)) {
        const problem = textProblem(field, pathOf(entry), key, false);
        if (problem) throw problem;
      }
      pending.push(entry);
    }
  }
}

/**
 * express.json for a route, with the request limits: the raw body must be UTF-8 and within the
 * structural limits before JSON.parse sees it, and its keys and strings must pass the character
 * rules (every string of an operator's or visitor's JSON body may be free text).
 */
export function jsonBody(limit: string): RequestHandler {
  const parse = express.json({
    limit,
    verify: (_req, _res, body, encoding) => {
      if (!/^utf-?8$/i.test(encoding)) throw notUtf8('');
      assertJsonShape(decodeUtf8Text(body, ''), '');
    },
  });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      try {
        assertRequestText(req.body, '', () => true);
        next();
      } catch (problem) {
        next(problem);
      }
    });
  };
}
