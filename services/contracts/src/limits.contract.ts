/** Product constants from the spec (§5, §9) and the architecture, shared by server and browser. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * Extra frames of the same hand a reading may carry (`palmFrames`, #28): the engine pools them with
 * the palm photo; they are never kept past the reading. Each is checked like the palm photo.
 */
export const MAX_PALM_FRAMES = 4;
/** The palm photo and its extra frames together: a full-size phone photo and four capture frames. */
export const MAX_PALM_UPLOAD_BYTES = 2 * MAX_IMAGE_BYTES;
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type AcceptedImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number];

/** The browser gives up after 120 s (spec §5); the server answers before that. */
export const READING_REQUEST_TIMEOUT_MS = 120_000;
export const READING_SERVER_WAIT_MS = 115_000;

export const NORMALISED_IMAGE_MAX_EDGE = 1024;

/**
 * How wide the report draws the palm photo (the whole column on a phone, a 26rem column from 900 px):
 * the `sizes` of its <img>, and of the preload that fetches the same file before the app runs.
 */
export const PALM_PHOTO_SIZES = '(min-width: 900px) 26rem, calc(100vw - 2rem)';
