import { describe, expect, it, vi } from 'vitest';
import { RETAKE_MESSAGES } from '../src/observer/quality-gates';
import type { LineObservation, PalmObservation, PalmObserverResult } from '../src/palm-observation';
import { PalmReadingEngine } from '../src/palm-reading.engine';
import {
  DIFFERENT_HAND_DISTANCE,
  frameMismatch,
  handDistance,
  poolObservations,
} from '../src/profile/frame-pooling';
import { UnreadablePhotoError, type NormalisedImage } from '../src/reading-engine';
import { PALM_FIXTURES, REFUSAL } from './fixtures/palm-observations';
import { answers } from './fixtures/questionnaire-answers';

const photo = PALM_FIXTURES['earth-right-deep-lines'];

/** The photo's observation with its geometry's proportions moved by `delta` (palm ratio, middle finger). */
function retake(delta: { palmRatio?: number; middle?: number; thumbAngle?: number }): PalmObservation {
  const g = photo.geometry;
  const middle = g.fingerLengths.middle + (delta.middle ?? 0);
  return {
    ...photo,
    geometry: {
      ...g,
      palmRatio: g.palmRatio + (delta.palmRatio ?? 0),
      fingerLengths: { ...g.fingerLengths, middle },
      middleToPalm: middle,
      thumbAngle: g.thumbAngle + (delta.thumbAngle ?? 0),
    },
  };
}

const withLine = (observation: PalmObservation, name: 'heart' | 'fate', line: Partial<LineObservation>) => ({
  ...observation,
  lines: { ...observation.lines, [name]: { ...observation.lines[name], ...line } },
});

describe('pooling several frames of one hand', () => {
  it('with no frames is the photo’s observation itself', () => {
    expect(poolObservations(photo, [])).toBe(photo);
  });

  it('takes each proportion as the median over the frames, and the classes from the medians', () => {
    const pooled = poolObservations(retake({ palmRatio: 0.3 }), [
      retake({ palmRatio: -0.05, middle: 0.02, thumbAngle: 40 }),
      retake({ palmRatio: 0.01, middle: 0.04, thumbAngle: 1 }),
    ]);
    const g = photo.geometry;
    // An outlier in one frame moves nothing: the middle value of three.
    expect(pooled.geometry.palmRatio).toBeCloseTo(g.palmRatio + 0.01, 10);
    expect(pooled.geometry.fingerLengths.middle).toBeCloseTo(g.fingerLengths.middle + 0.02, 10);
    expect(pooled.geometry.middleToPalm).toBe(pooled.geometry.fingerLengths.middle);
    expect(pooled.geometry.thumbAngle).toBeCloseTo(g.thumbAngle + 1, 10);
    // Where it is drawn stays the photo's.
    expect(pooled.landmarks).toBe(photo.landmarks);
    expect(pooled.geometry.palmLength).toBe(g.palmLength);
  });

  it('of two frames, takes the mean of the two as the median', () => {
    const pooled = poolObservations(retake({ palmRatio: 0.1 }), [retake({ palmRatio: -0.1 })]);
    expect(pooled.geometry.palmRatio).toBeCloseTo(photo.geometry.palmRatio, 10);
  });

  it('measures the fingers on the frames that show them whole, and leaves them open where none does', () => {
    const cut = (observation: PalmObservation): PalmObservation => ({ ...observation, fingersCutOff: true });
    const pooled = poolObservations(cut(retake({ palmRatio: 0.1, middle: 0.3 })), [
      retake({ palmRatio: -0.1, middle: 0.02 }),
      cut(retake({ palmRatio: 0, middle: 0.3 })),
    ]);
    // The palm from all three; the fingers from the one frame that shows them.
    expect(pooled.geometry.palmRatio).toBeCloseTo(photo.geometry.palmRatio, 10);
    expect(pooled.geometry.fingerLengths.middle).toBeCloseTo(photo.geometry.fingerLengths.middle + 0.02, 10);
    expect(pooled.fingersCutOff).toBe(false);
    expect(poolObservations(cut(photo), [cut(retake({ middle: 0.02 }))]).fingersCutOff).toBe(true);
  });

  it('keeps a line only where at least two frames see it, with a class only where no frame states another', () => {
    const seen: Partial<LineObservation> = {
      seen: true,
      confidence: 0.8,
      length: 'long',
      curvature: 'curved',
    };
    const unseen: Partial<LineObservation> = { seen: false, confidence: 0.2 };
    // The fate line: seen in the photo only → dropped.
    const main = withLine(withLine(photo, 'fate', { ...seen, trace: [{ x: 1, y: 2 }] }), 'heart', {
      ...seen,
      depth: 'deep',
    });
    const frameA = withLine(withLine(photo, 'fate', unseen), 'heart', {
      ...seen,
      curvature: 'straight',
      depth: 'deep',
    });
    // Seen too faintly to tell its length and bow: it states only a depth.
    const frameB = withLine(withLine(photo, 'fate', unseen), 'heart', {
      ...seen,
      length: undefined,
      curvature: undefined,
      depth: undefined,
    });
    const pooled = poolObservations(main, [frameA, frameB]);

    expect(pooled.lines.fate.seen).toBe(false);
    expect(pooled.lines.fate.trace).toBeUndefined();
    expect(pooled.lines.heart).toMatchObject({ seen: true, length: 'long', depth: 'deep' });
    // Curved in the photo, straight in a frame: a re-take could say either, so neither is claimed.
    expect(pooled.lines.heart.curvature).toBeUndefined();

    // Seen in two frames but not the photo: kept, without a trace (it would be drawn on the photo).
    const heartInFramesOnly = poolObservations(withLine(main, 'heart', unseen), [frameA, frameB]);
    expect(heartInFramesOnly.lines.heart.seen).toBe(true);
    expect(heartInFramesOnly.lines.heart.trace).toBeUndefined();
    // Two frames disagreeing on every class: the line is seen, and no class is claimed.
    const disagreeing = poolObservations(withLine(main, 'heart', unseen), [
      withLine(photo, 'heart', { ...seen, length: 'short', curvature: 'straight', depth: 'faint' }),
      withLine(photo, 'heart', { ...seen, length: 'long', curvature: 'curved', depth: 'deep' }),
    ]);
    expect(disagreeing.lines.heart).toMatchObject({ seen: true });
    expect(disagreeing.lines.heart.length).toBeUndefined();
    expect(disagreeing.lines.heart.curvature).toBeUndefined();
  });

  it("keeps what the photo followed beyond the heart line's trace, with the trace it extends", () => {
    const followed = {
      ...{ seen: true, confidence: 0.8 },
      trace: [{ x: 1, y: 2 }],
      beyond: [{ x: 3, y: 2 }],
    };
    const seenInFrame: Partial<LineObservation> = { seen: true, confidence: 0.8 };
    const pooled = poolObservations(withLine(photo, 'heart', followed), [
      withLine(photo, 'heart', seenInFrame),
    ]);
    expect(pooled.lines.heart).toMatchObject({ trace: followed.trace, beyond: followed.beyond });

    const notInPhoto = poolObservations(
      withLine(photo, 'heart', { seen: false, confidence: 0.2, beyond: [] }),
      [withLine(photo, 'heart', seenInFrame), withLine(photo, 'heart', seenInFrame)],
    );
    expect(notInPhoto.lines.heart.beyond).toBeUndefined();
  });

  it('does not count a line seen too faintly for the profile as evidence', () => {
    const faint: Partial<LineObservation> = { seen: true, confidence: 0.3 };
    const pooled = poolObservations(withLine(photo, 'heart', { seen: true, confidence: 0.9 }), [
      withLine(photo, 'heart', faint),
      withLine(photo, 'heart', faint),
    ]);
    expect(pooled.lines.heart.seen).toBe(false);
  });
});

describe('frames of another hand', () => {
  it('tells the other side, and proportions far beyond a re-take’s spread, from the same hand', () => {
    expect(frameMismatch(photo, retake({ palmRatio: 0.05, thumbAngle: 25 }))).toBeUndefined();
    expect(frameMismatch(photo, { ...photo, side: 'left' })).toBe('other_hand_side');
    const other = retake({ palmRatio: 0.9, middle: 0.25 });
    expect(handDistance(photo, other)).toBeGreaterThan(DIFFERENT_HAND_DISTANCE);
    expect(frameMismatch(photo, other)).toBe('different_hand');
  });

  it('leaves the pose (thumb opening, finger spread) out of whose hand it is', () => {
    const splayed = {
      ...photo,
      geometry: { ...photo.geometry, thumbAngle: 80, fingerSpreadDegrees: 40 },
    };
    expect(handDistance(photo, splayed)).toBe(0);
  });
});

describe('PalmReadingEngine with frames', () => {
  const image: NormalisedImage = { data: Buffer.from('photo') };
  const frame = (name: string): NormalisedImage => ({ data: Buffer.from(name) });
  /** An observer that answers each image by its bytes. */
  const observerOf = (results: Record<string, PalmObserverResult>) => {
    const observe = vi.fn((input: NormalisedImage) => Promise.resolve(results[input.data.toString()]!));
    return { observe };
  };

  it('with no frames reads exactly as the photo alone', async () => {
    const observer = observerOf({ photo });
    const engine = new PalmReadingEngine(observer);
    const alone = await engine.read({ readingId: 'r', image, submission: answers() });
    const withNone = await engine.read({ readingId: 'r', image, frames: [], submission: answers() });
    expect(withNone).toEqual(alone);
  });

  it('observes every frame and reads the pooled hand', async () => {
    const lines = (o: PalmObservation) =>
      withLine(withLine(o, 'fate', { seen: false, confidence: 0.1 }), 'heart', {});
    const observer = observerOf({
      photo: withLine(photo, 'fate', { seen: true, confidence: 0.9, length: 'long' }),
      a: lines(retake({ palmRatio: 0.02 })),
      b: lines(retake({ palmRatio: -0.02 })),
    });
    const engine = new PalmReadingEngine(observer);
    const alone = await engine.read({ readingId: 'r', image, submission: answers() });
    const pooled = await engine.read({
      readingId: 'r',
      image,
      frames: [frame('a'), frame('b')],
      submission: answers(),
    });
    expect(observer.observe).toHaveBeenCalledTimes(4);
    expect(alone.profile?.fateLine).toBe('seen');
    // Seen in the photo only: the frames do not confirm it.
    expect(pooled.profile?.fateLine).toBeNull();
  });

  it('leaves out a frame that fails the photo gates instead of refusing the reading', async () => {
    const observer = observerOf({ photo, blurred: REFUSAL });
    const engine = new PalmReadingEngine(observer);
    const alone = await engine.read({ readingId: 'r', image, submission: answers() });
    const read = await engine.read({
      readingId: 'r',
      image,
      frames: [frame('blurred')],
      submission: answers(),
    });
    expect(read).toEqual(alone);
  });

  it('refuses the reading when the photo itself fails, whatever the frames', async () => {
    const engine = new PalmReadingEngine(observerOf({ photo: REFUSAL, good: photo }));
    await expect(
      engine.read({ readingId: 'r', image, frames: [frame('good')], submission: answers() }),
    ).rejects.toThrow(REFUSAL.message);
  });

  it.each([
    ['the other hand', { ...photo, side: 'left' as const }, RETAKE_MESSAGES.other_hand_side],
    ['another person’s hand', retake({ palmRatio: 0.9, middle: 0.25 }), RETAKE_MESSAGES.different_hand],
  ])('refuses frames of %s with a message saying so', async (_, other, message) => {
    const engine = new PalmReadingEngine(observerOf({ photo, other }));
    const reading = engine.read({ readingId: 'r', image, frames: [frame('other')], submission: answers() });
    await expect(reading).rejects.toBeInstanceOf(UnreadablePhotoError);
    await expect(reading).rejects.toThrow(message);
  });
});
