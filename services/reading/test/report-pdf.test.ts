import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROFILE_TRAIT_IDS, type PalmProfile, type ReadingResult } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { renderReportPdf } from '../src/report/report-pdf.renderer';

const nothingStated = Object.fromEntries(PROFILE_TRAIT_IDS.map((id) => [id, null])) as PalmProfile;

/** The PDF's text as poppler's pdftotext reads it, an independent reader, as running text. */
async function textOf(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'report-pdf-'));
  try {
    const file = path.join(dir, 'reading.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const readingWith = (profile: PalmProfile): ReadingResult => ({
  sections: [
    {
      area: 'career',
      title: 'Career & Purpose',
      subtitle: 'Mastishk rekha',
      insights: ['Your head line is gently curved.'],
      content: '',
      details: '',
      basis: ['Head line: gently curved'],
    },
  ],
  visual_markers: [],
  profile,
});

const pdfOf = (profile: PalmProfile) =>
  renderReportPdf({
    result: readingWith(profile),
    createdAt: new Date('2026-11-27T12:00:00Z'),
    photo: null,
    photoNote: 'The photo is no longer kept.',
    link: 'http://localhost:8080/report/AAAAAAAAAAAAAAAAAAAAAA',
  });

describe('the report PDF’s palm at a glance', () => {
  it('lists what the profile states and names what the photo left open of the hand’s shape', async () => {
    const text = await textOf(
      await pdfOf({ ...nothingStated, handSide: 'right', headLine: 'seen', fingerLength: 'short' }),
    );
    expect(text).toContain('Your palm at a glance');
    expect(text).toContain('Fingers: short');
    expect(text).toContain(
      'Not settled by this photo: hand type, palm shape, index vs ring finger, little finger, middle finger, thumb length and thumb opening.',
    );
  });

  it('names nothing left open where the photo settled the hand’s whole shape', async () => {
    const text = await textOf(
      await pdfOf({
        ...nothingStated,
        handSide: 'left',
        handType: 'earth',
        palmShape: 'square',
        fingerLength: 'short',
        indexVsRing: 'even',
        littleFinger: 'reaching',
        middleFinger: 'balanced',
        thumbLength: 'long',
        thumbAngle: 'medium',
      }),
    );
    expect(text).toContain('Thumb length: long');
    expect(text).not.toContain('Not settled by this photo');
  });
});
