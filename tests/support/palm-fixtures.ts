import sharp from 'sharp';
import { readingSubmissionSchema, type ReadingSubmission } from '@palm/contracts';

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
