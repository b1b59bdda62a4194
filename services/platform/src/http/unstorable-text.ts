import { badRequest } from './http-error';

// A NUL, or half of a UTF-16 surrogate pair without its other half: PostgreSQL stores neither.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path of the first string (or object key) in `value` that contains unstorable text. */
export function findUnstorableText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isUnstorable(value) ? path.join('.') || 'value' : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, String(index)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnstorableText(key, [...path, key]) ?? findUnstorableText(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Refuses input with a NUL or a broken Unicode character with a 400 naming the field. */
export function assertStorableText(value: unknown): void {
  const field = findUnstorableText(value);
  if (field === undefined) return;
  throw badRequest(
    `${field} contains a character that cannot be stored (a NUL character or a broken Unicode character). Please remove it and try again.`,
    [{ field, message: 'contains a NUL or an unpaired surrogate character' }],
  );
}
