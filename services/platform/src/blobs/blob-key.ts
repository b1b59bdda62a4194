export class InvalidBlobKeyError extends Error {
  override name = 'InvalidBlobKeyError';
}

// A segment may not start with a dot: that rules out `.` and `..` (path traversal) and keeps the
// dot-names free for the disk store's own temp and metadata files.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/** Keys are `/`-separated names, the same rules for every store so that both modes accept the same keys. */
export function assertValidBlobKey(key: string): void {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    !segments.every((segment) => SEGMENT.test(segment))
  ) {
    throw new InvalidBlobKeyError(
      `Invalid blob key "${key}": use up to ${MAX_KEY_LENGTH} characters of letters, digits, ".", "_" and "-" ` +
        'in "/"-separated names that do not start with "."',
    );
  }
}
