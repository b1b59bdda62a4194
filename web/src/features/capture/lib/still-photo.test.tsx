import { describe, expect, it, vi } from 'vitest';
import { largestPhotoSettings, takeStill } from './still-photo';

const range = (min: number, max: number): MediaSettingsRange => ({ min, max, step: 1 });
const track = { kind: 'video' } as MediaStreamTrack;
const frame = new Blob(['frame'], { type: 'image/jpeg' });
const still = new Blob(['a much larger still'], { type: 'image/jpeg' });

/** An ImageCapture standing in for a camera with these photo sizes and this answer to takePhoto. */
function fakeCapture(
  capabilities: () => Promise<PhotoCapabilities>,
  takePhoto: (settings?: PhotoSettings) => Promise<Blob>,
) {
  const calls: (PhotoSettings | undefined)[] = [];
  const Capture = vi.fn(function (this: unknown, given: MediaStreamTrack) {
    expect(given).toBe(track);
    return {
      getPhotoCapabilities: capabilities,
      takePhoto: (settings?: PhotoSettings) => {
        calls.push(settings);
        return takePhoto(settings);
      },
    };
  }) as unknown as typeof ImageCapture;
  return { Capture, calls };
}

describe('largestPhotoSettings', () => {
  it('asks for the largest width and height the camera offers', () => {
    expect(largestPhotoSettings({ imageWidth: range(160, 4032), imageHeight: range(120, 3024) })).toEqual({
      imageWidth: 4032,
      imageHeight: 3024,
    });
  });

  it('leaves the size to the camera when it names none, or only one side', () => {
    expect(largestPhotoSettings({})).toBeUndefined();
    expect(largestPhotoSettings({ imageWidth: range(160, 4032) })).toBeUndefined();
    expect(largestPhotoSettings({ imageWidth: range(0, 0), imageHeight: range(0, 0) })).toBeUndefined();
  });
});

describe('takeStill', () => {
  it("takes the camera's own still at its largest size where the browser has ImageCapture", async () => {
    const { Capture, calls } = fakeCapture(
      () => Promise.resolve({ imageWidth: range(640, 4032), imageHeight: range(480, 3024) }),
      () => Promise.resolve(still),
    );
    const grabFrame = vi.fn(() => Promise.resolve(frame));
    expect(await takeStill(track, grabFrame, Capture)).toBe(still);
    expect(calls).toEqual([{ imageWidth: 4032, imageHeight: 3024 }]);
    expect(grabFrame).not.toHaveBeenCalled();
  });

  it('draws the video frame where the browser has no ImageCapture, or there is no track', async () => {
    const grabFrame = vi.fn(() => Promise.resolve(frame));
    expect(await takeStill(track, grabFrame, undefined)).toBe(frame);
    const { Capture, calls } = fakeCapture(
      () => Promise.resolve({}),
      () => Promise.resolve(still),
    );
    expect(await takeStill(undefined, grabFrame, Capture)).toBe(frame);
    expect(calls).toEqual([]);
    expect(grabFrame).toHaveBeenCalledTimes(2);
  });

  it.each([
    [
      'its capabilities cannot be read',
      () => Promise.reject(new Error('NotSupportedError')),
      () => Promise.resolve(still),
    ],
    [
      'it refuses the still',
      () => Promise.resolve({ imageWidth: range(1, 4032), imageHeight: range(1, 3024) }),
      () => Promise.reject(new DOMException('Failed to take photo', 'UnknownError')),
    ],
    [
      'its still is empty',
      () => Promise.resolve({}),
      () => Promise.resolve(new Blob([], { type: 'image/jpeg' })),
    ],
    [
      'its still is in a format the server does not read',
      () => Promise.resolve({}),
      () => Promise.resolve(new Blob(['raw'], { type: 'image/x-raw' })),
    ],
  ] as const)(
    'falls back to the video frame when the camera fails: %s',
    async (_, capabilities, takePhoto) => {
      const { Capture } = fakeCapture(capabilities, takePhoto);
      expect(await takeStill(track, () => Promise.resolve(frame), Capture)).toBe(frame);
    },
  );
});
