/** The largest still the camera says it can take, or undefined when it names no size (its default then). */
export function largestPhotoSettings(capabilities: PhotoCapabilities): PhotoSettings | undefined {
  const width = capabilities.imageWidth?.max;
  const height = capabilities.imageHeight?.max;
  return width && height ? { imageWidth: width, imageHeight: height } : undefined;
}

/**
 * The photo at the highest resolution the device gives: a still from the camera itself
 * (ImageCapture.takePhoto, at the largest size getPhotoCapabilities offers) where the browser has
 * it, for a phone's still is often several times the video's size; otherwise, or when the camera
 * refuses, the video's current frame (`grabFrame`).
 */
export async function takeStill(
  track: MediaStreamTrack | undefined,
  grabFrame: () => Promise<Blob>,
  Capture: typeof ImageCapture | undefined = globalThis.ImageCapture,
): Promise<Blob> {
  if (!track || !Capture) return grabFrame();
  try {
    const camera = new Capture(track);
    const photo = await camera.takePhoto(largestPhotoSettings(await camera.getPhotoCapabilities()));
    // The server reads JPEG, PNG and WebP; a camera that answers otherwise is left for its frame.
    if (photo.size > 0 && /^image\/(jpeg|png|webp)$/.test(photo.type)) return photo;
  } catch {
    // Some cameras cannot take a still while streaming, or refuse the size: the frame will do.
  }
  return grabFrame();
}
