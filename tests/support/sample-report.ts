import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ReadingResult } from '@palm/contracts';
import { PALMS_DIR } from './palm-photos';

const AREAS = [
  ['love', 'Love & Relationships', 'Hridaya rekha — हृदय रेखा'],
  ['career', 'Career & Work', 'Mastishk rekha — मस्तिष्क रेखा'],
  ['health', 'Health & Vitality', 'Jeevan rekha — जीवन रेखा'],
  ['money', 'Wealth & Money', 'Bhagya rekha — भाग्य रेखा'],
  ['spiritual', 'Spiritual Growth', 'Guru parvat — गुरु पर्वत'],
] as const;

/** What a visitor told us, as the owner's reading words it; a shared link must never show it. */
export const ANSWERS_SENTENCE = 'You told us you are married and have children, so rest matters doubly.';

/** A full reading as the engine writes it: five sections, markers, traced lines and the palm-only copy. */
export const FULL_RESULT: ReadingResult = {
  sections: AREAS.map(([area, title, subtitle], index) => ({
    area,
    title,
    subtitle,
    insights: [
      `Your ${area} path is steady and warm, with a clear turn in your thirties (${index + 1}).`,
      'A deep, unbroken line speaks of loyalty and patience.',
    ],
    content:
      `In Samudrika Shastra the ${title.toLowerCase()} is read from the lines and mounts together. ` +
      'Yours shows a long, gently curved line that starts under the <b>Guru parvat</b> and ends between the ' +
      'first and second fingers, a sign of a caring nature that gives freely and expects honesty in return.\n\n' +
      'The mount beneath is full and firm, which the tradition links with confidence and generosity.',
    details:
      'Branches near the end suggest many friendships; a small island in the middle is a passing worry. ' +
      ANSWERS_SENTENCE,
    basis: [`${title}: long`, 'Mount of Jupiter: full', 'Depth: deep'],
  })),
  visual_markers: [
    {
      id: 'm1',
      label: 'Guru parvat',
      description: 'Mount of Jupiter, full',
      style: 'mount',
      coordinates: { x: 30, y: 38 },
    },
    {
      id: 'm2',
      label: 'Hridaya rekha',
      description: 'Heart line, long and curved',
      style: 'line',
      coordinates: { x: 55, y: 45 },
    },
    {
      id: 'm3',
      label: 'Jeevan rekha',
      description: 'Life line, deep',
      style: 'line',
      coordinates: { x: 40, y: 65 },
    },
  ],
  line_traces: [
    {
      line: 'heart',
      name: 'Heart line',
      points: [
        { x: 78, y: 48 },
        { x: 65, y: 44 },
        { x: 50, y: 43 },
        { x: 35, y: 40 },
      ],
      length: 'long',
      curvature: 'curved',
      depth: 'deep',
      confidence: 0.8,
    },
    {
      line: 'life',
      name: 'Life line',
      points: [
        { x: 33, y: 50 },
        { x: 36, y: 62 },
        { x: 42, y: 74 },
        { x: 50, y: 84 },
      ],
      length: 'long',
      depth: 'clear',
      confidence: 0.7,
    },
  ],
  shared: {
    sections: AREAS.map(([area, title, subtitle]) => ({
      area,
      title,
      subtitle,
      insights: [`Your ${area} line is read from the palm alone as steady and warm.`],
      content: `In Samudrika Shastra the ${title.toLowerCase()} is read from the lines and mounts together.`,
      details: 'Branches near the end suggest many friendships.',
      basis: [`${title}: long`],
    })),
    visual_markers: [
      {
        id: 'm2',
        label: 'Hridaya rekha',
        description: 'Heart line, long and curved',
        style: 'line',
        coordinates: { x: 55, y: 45 },
      },
    ],
  },
};

const PALMS = path.join(PALMS_DIR, 'palm');

/** A shared palm photo prepared like the worker prepares it: ≤ 1024 px JPEG without metadata. */
export async function samplePalmJpeg(): Promise<Buffer> {
  const file = readdirSync(PALMS)
    .filter((name) => name.endsWith('.jpg'))
    .sort()[0];
  if (!file) throw new Error(`no palm photos in ${PALMS}`);
  return sharp(await readFile(path.join(PALMS, file)))
    .rotate()
    .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}
