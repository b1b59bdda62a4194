import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NormalisedImage } from '../src/reading-engine';
import {
  MOUNT_NAMES,
  LINE_NAMES,
  type PalmObservation,
  type PalmObserverResult,
  type Point,
  type RefusalReason,
} from '../src/palm-observation';
import { createPalmObserver, RETAKE_MESSAGES, type PalmObserver } from '../src/observer';
import { isInsidePolygon, distance } from '../src/observer/plane-geometry';
import { palmProfileOf } from '../src/profile/palm-profile';
import { PALMS_DIR as PHOTO_SET } from '../../../tests/support/palm-photos';
import { palmTiltDegrees } from '@palm/hand-pose';
import { normalisePalmPhoto } from '@palm/palm-photo';

const PALMS_DIR = path.join(PHOTO_SET, 'palm');
const NOT_PALMS_DIR = path.join(PHOTO_SET, 'not-palm');
const photosIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.jpg'))
    .sort();

let observer: PalmObserver;
const palms = new Map<string, PalmObserverResult>();

async function observeFile(file: string): Promise<PalmObserverResult> {
  return observer.observe(await normalisePalmPhoto(readFileSync(file)));
}

async function observeBuffer(photo: Buffer): Promise<PalmObserverResult> {
  return observer.observe(await normalisePalmPhoto(photo));
}

function observed(): [string, PalmObservation][] {
  return [...palms].filter((entry): entry is [string, PalmObservation] => entry[1].kind === 'palm');
}

beforeAll(async () => {
  observer = await createPalmObserver();
  for (const name of photosIn(PALMS_DIR)) {
    const image: NormalisedImage = await normalisePalmPhoto(readFileSync(path.join(PALMS_DIR, name)));
    palms.set(name, await observer.observe(image));
  }
}, 120_000);

describe('palm observer on the sample photos', () => {
  it('observes at least 20 of the 21 open palms as palms', () => {
    expect(palms.size).toBe(21);
    expect(observed().length).toBeGreaterThanOrEqual(20);
  });

  it('refuses every photo that is not an open palm, with the right kind of reason', async () => {
    const verdicts: Record<string, string> = {};
    for (const name of photosIn(NOT_PALMS_DIR)) {
      const result = await observeFile(path.join(NOT_PALMS_DIR, name));
      verdicts[name] = result.kind === 'refused' ? result.reason : 'palm';
      if (result.kind === 'refused') expect(result.message).toBe(RETAKE_MESSAGES[result.reason]);
    }
    expect(Object.keys(verdicts)).toHaveLength(13);
    for (const [name, verdict] of Object.entries(verdicts)) {
      const expected: RefusalReason[] = name.includes('dorsal') ? ['back_of_hand', 'no_hand'] : ['no_hand'];
      expect(expected, `${name} was judged ${verdict}`).toContain(verdict);
    }
  }, 60_000);

  it('keeps every mount and line anchor inside the hand outline', () => {
    for (const [name, palm] of observed()) {
      for (const mount of MOUNT_NAMES) {
        expect(isInsidePolygon(palm.mounts[mount].anchor, palm.outline), `${name}: ${mount}`).toBe(true);
      }
      for (const line of LINE_NAMES) {
        expect(isInsidePolygon(palm.lines[line].anchor, palm.outline), `${name}: ${line}`).toBe(true);
      }
    }
  });

  it('places each finger mount under its own finger and Shukra and Chandra on their sides of the palm', () => {
    const knuckles = { guru: 5, shani: 9, surya: 13, budh: 17 } as const;
    for (const [name, palm] of observed()) {
      const landmark = (i: number): Point => palm.landmarks[i]!;
      for (const [mount, knuckle] of Object.entries(knuckles)) {
        const anchor = palm.mounts[mount as keyof typeof knuckles].anchor;
        const nearest = Object.values(knuckles).reduce((a, b) =>
          distance(anchor, landmark(a)) <= distance(anchor, landmark(b)) ? a : b,
        );
        expect(nearest, `${name}: ${mount}`).toBe(knuckle);
      }
      // Across the palm, from the index side toward the little-finger edge.
      const across = (p: Point) =>
        (p.x - landmark(5).x) * (landmark(17).x - landmark(5).x) +
        (p.y - landmark(5).y) * (landmark(17).y - landmark(5).y);
      const { shukra, chandra, rahu, mangal_inner, mangal_outer } = palm.mounts;
      expect(across(shukra.anchor), `${name}: shukra`).toBeLessThan(across(rahu.anchor));
      expect(across(mangal_inner.anchor), `${name}: mangal inner`).toBeLessThan(across(rahu.anchor));
      expect(across(chandra.anchor), `${name}: chandra`).toBeGreaterThan(across(rahu.anchor));
      expect(across(mangal_outer.anchor), `${name}: mangal outer`).toBeGreaterThan(across(rahu.anchor));
    }
  });

  it('measures finite, plausible hand geometry, from which the profile names at least three elements', () => {
    const types = new Set<string>();
    for (const [name, palm] of observed()) {
      const g = palm.geometry;
      const numbers = [
        g.palmLength,
        g.palmWidth,
        g.palmRatio,
        g.indexToRing,
        g.littleToRingTopJoint,
        g.middleToPalm,
        g.thumbLength,
        g.thumbAngle,
        ...Object.values(g.fingerLengths),
      ];
      expect(numbers.every(Number.isFinite), name).toBe(true);
      expect(g.palmRatio, name).toBeGreaterThan(0.8);
      expect(g.palmRatio, name).toBeLessThan(2.5);
      expect(g.fingerLengths.middle, name).toBeGreaterThan(g.fingerLengths.little);
      expect(g.middleToPalm, name).toBeGreaterThan(0.5);
      expect(g.middleToPalm, name).toBeLessThan(1.8);
      expect(g.indexToRing, name).toBeGreaterThan(0.7);
      expect(g.indexToRing, name).toBeLessThan(1.3);
      expect(g.thumbAngle, name).toBeGreaterThanOrEqual(0);
      expect(g.thumbAngle, name).toBeLessThan(120);
      expect(palm.landmarks).toHaveLength(21);
      expect(palm.sideConfidence).toBeGreaterThan(0.5);
      expect(palm.quality.palmAreaFraction).toBeGreaterThan(0.02);
      const { handType } = palmProfileOf(palm);
      if (handType) types.add(handType);
    }
    expect(types.size).toBeGreaterThanOrEqual(3);
  });

  it('carries the network’s 3-D landmarks in metres: a palm 6–13 cm long, turned less than edge-on', () => {
    for (const [name, palm] of observed()) {
      expect(palm.worldLandmarks, name).toHaveLength(21);
      const [wrist, middleKnuckle] = [palm.worldLandmarks[0]!, palm.worldLandmarks[9]!];
      const palmLength = Math.hypot(
        middleKnuckle.x - wrist.x,
        middleKnuckle.y - wrist.y,
        middleKnuckle.z - wrist.z,
      );
      expect(palmLength, name).toBeGreaterThan(0.06);
      expect(palmLength, name).toBeLessThan(0.13);
      expect(palmTiltDegrees(palm.worldLandmarks), name).toBeLessThan(60);
    }
  });

  it('sees the hand side the landmarks and the network agree on', () => {
    // pos_19 is a right palm, pos_20 a left one (checked by eye).
    expect(palms.get('pos_19_01_Hand_0000055.jpg')).toMatchObject({ kind: 'palm', side: 'right' });
    expect(palms.get('pos_20_03_Hand_0001256.jpg')).toMatchObject({ kind: 'palm', side: 'left' });
  });

  it('reports creases honestly: low confidence when not seen, traces only when confident', () => {
    for (const [name, palm] of observed()) {
      for (const line of LINE_NAMES) {
        const observation = palm.lines[line];
        if (!observation.seen) expect(observation.confidence, `${name}: ${line}`).toBeLessThanOrEqual(0.3);
        if (observation.trace) expect(observation.confidence, `${name}: ${line}`).toBeGreaterThanOrEqual(0.5);
      }
      expect(palm.lines.marriage.seen).toBe(false);
    }
  });

  it('gives the same observation for the same photo', async () => {
    const file = path.join(PALMS_DIR, 'pos_32_23_IMG_0368_JPG.jpg');
    expect(await observeFile(file)).toEqual(palms.get('pos_32_23_IMG_0368_JPG.jpg'));
  });
});

describe('palm observer quality gates', () => {
  const source = () => readFileSync(path.join(PALMS_DIR, 'pos_32_23_IMG_0368_JPG.jpg'));
  const refusedFor = async (photo: Buffer) => {
    const result = await observeBuffer(photo);
    return result.kind === 'refused' ? result.reason : 'palm';
  };

  it('refuses a dark photo', async () => {
    expect(await refusedFor(await sharp(source()).linear(0.15, 0).jpeg().toBuffer())).toBe('too_dark');
  });

  it('refuses a burnt-out photo', async () => {
    expect(await refusedFor(await sharp(source()).linear(3, 60).jpeg().toBuffer())).toBe('too_bright');
  });

  it('refuses a blurred photo', async () => {
    expect(await refusedFor(await sharp(source()).blur(4).jpeg().toBuffer())).toBe('blurred');
  });

  it('refuses a hand whose palm runs out of the photo', async () => {
    const top = await sharp(source()).extract({ left: 0, top: 0, width: 640, height: 300 }).jpeg().toBuffer();
    expect(await refusedFor(top)).toBe('hand_cut_off');
  });

  it('refuses a hand that fills too little of the photo', async () => {
    const small = await sharp(source())
      .resize(200)
      .extend({ top: 412, bottom: 412, left: 412, right: 412, background: '#707070' })
      .jpeg()
      .toBuffer();
    expect(await refusedFor(small)).toBe('hand_too_small');
  });

  it('refuses a photo without a hand', async () => {
    const skin = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8a080' } })
      .jpeg()
      .toBuffer();
    expect(await refusedFor(skin)).toBe('no_hand');
  });

  it('reads a palm the network takes for the back of a hand where its heart, head and life lines show', async () => {
    // A phone photo of a dark-skinned palm, fingers together: the network is sure it sees a left hand's back.
    const result = await observeFile(path.join(PHOTO_SET, 'called-back', '275_image_palm_jpeg.jpg'));
    expect(result.kind).toBe('palm');
    const palm = result as PalmObservation;
    expect(palm.side).toBe('right');
    expect(palm.lines.heart.seen && palm.lines.head.seen && palm.lines.life.seen).toBe(true);
  });

  it('reads a palm whose fingertips run off the photo, leaving the fingers’ lengths open', async () => {
    const result = await observeFile(path.join(PHOTO_SET, 'fingers-cut-off', '416_image_palm_jpeg.jpg'));
    expect(result.kind).toBe('palm');
    const palm = result as PalmObservation;
    expect(palm.fingersCutOff).toBe(true);
    const profile = palmProfileOf(palm);
    for (const trait of ['fingerLength', 'indexVsRing', 'littleFinger', 'middleFinger', 'handType'] as const)
      expect(profile[trait], trait).toBeNull();
    // The palm, the thumb and the lines are still read.
    expect(profile.palmShape).not.toBeNull();
    expect(profile.thumbLength).not.toBeNull();
    expect(profile.heartLine).toBe('seen');
    // A palm photographed with its fingers whole is not marked.
    expect((palms.get('pos_32_23_IMG_0368_JPG.jpg') as PalmObservation).fingersCutOff).toBeUndefined();
  });

  it('still reads a palm photographed sideways', async () => {
    expect(await refusedFor(await sharp(source()).rotate(90).jpeg().toBuffer())).toBe('palm');
  });
});
