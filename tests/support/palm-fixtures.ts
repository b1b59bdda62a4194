import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { readingSubmissionSchema, type ReadingSubmission } from '@palm/contracts';
import { PALMS_DIR as SHARED_PALMS_DIR } from './palm-photos';

export const PALMS_DIR = path.join(SHARED_PALMS_DIR, 'palm');
export const ROTATED_GPS_PALM = path.join(PALMS_DIR, 'pos_14_nu_test.jpg');

export const palmPhotoPaths = (): string[] =>
  readdirSync(PALMS_DIR)
    .filter((name) => name.endsWith('.jpg'))
    .sort()
    .map((name) => path.join(PALMS_DIR, name));

export const readPalm = (file = path.join(PALMS_DIR, 'pos_19_01_Hand_0000055.jpg')): Buffer =>
  readFileSync(file);

export function submission(
  overrides: Partial<Record<keyof ReadingSubmission, unknown>> = {},
): ReadingSubmission {
  return readingSubmissionSchema.parse({
    dominantHand: 'right',
    age: '26-35',
    maritalStatus: 'single',
    hasChildren: 'no',
    focusAreas: ['love', 'career'],
    flowResponses: {},
    ...overrides,
  });
}

export const solidJpeg = (colour: string, width = 800, height = 600): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Seeded pixel noise: the same bytes on every run. */
export function noiseJpeg(width = 800, height = 600): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = 1;
  for (let i = 0; i < pixels.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    pixels[i] = state >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}
