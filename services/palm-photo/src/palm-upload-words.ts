import { MAX_IMAGE_BYTES, MAX_PALM_FRAMES, MAX_PALM_UPLOAD_BYTES } from '@palm/contracts';

const megabytes = (bytes: number) => bytes / 1024 / 1024;

/** What a visitor (or an operator trying prompts) is told about a palm photo form they sent wrong. */
export const palmUploadMessages = (fileField: string) => ({
  notMultipart: `Send the form as multipart/form-data, with the palm photo in a field named ${fileField}.`,
  missingFile: `Please add a photo of your palm (the field ${fileField}).`,
  fileTooLarge: `Your photo is larger than ${megabytes(MAX_IMAGE_BYTES)} MB. Please choose a smaller photo.`,
});

/** The extra frames of the same hand a reading's form may carry (`palmFrames`), with their limits and words. */
export const palmFrameUpload = (field: string) => ({
  field,
  max: MAX_PALM_FRAMES,
  maxTotalBytes: MAX_PALM_UPLOAD_BYTES,
  tooMany: `Send at most ${MAX_PALM_FRAMES} extra frames of your palm (the field ${field}); this form has more.`,
  tooLarge: `Your photos are larger than ${megabytes(MAX_PALM_UPLOAD_BYTES)} MB together. Each photo may be at most ${megabytes(MAX_IMAGE_BYTES)} MB; please send fewer or smaller extra frames.`,
});
