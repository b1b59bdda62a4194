/** Product constants from the spec (§5, §9) and the architecture, shared by server and browser. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type AcceptedImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number];

/** The browser gives up after 120 s (spec §5); the server answers before that. */
export const READING_REQUEST_TIMEOUT_MS = 120_000;
export const READING_SERVER_WAIT_MS = 115_000;

export const NORMALISED_IMAGE_MAX_EDGE = 1024;
