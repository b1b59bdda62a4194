import { MAX_IMAGE_BYTES } from '@palm/contracts';

/** A phone photo over the upload limit is scaled to this long side before it is sent. */
export const MAX_RESIZED_SIDE = 2048;
const JPEG_QUALITY = 0.9;

export class UnreadablePhotoError extends Error {}

/**
 * Opens a picked photo at once: a file the browser cannot decode is refused when picked. One over
 * MAX_IMAGE_BYTES is redrawn upright (its orientation applied) with its long side at most
 * MAX_RESIZED_SIDE, as a JPEG: a redrawn canvas carries no metadata, so GPS stays on the phone.
 * The caller still applies the 5 MB limit to what comes back.
 */
export async function preparePhoto(file: File): Promise<File> {
  // Without the decoding API (old browsers, the unit tests' DOM) the server's checks are the only ones.
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    throw new UnreadablePhotoError('The picked file is not a photo the browser can open', { cause: error });
  }
  try {
    if (file.size <= MAX_IMAGE_BYTES) return file;
    const scale = Math.min(1, MAX_RESIZED_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob) return file;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, '') || 'palm'}.jpg`, { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}
