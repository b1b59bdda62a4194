import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readingResultSchema, type ReadingResult } from '@palm/contracts';
import { LocalEngine } from '../src/engine/local/local.engine';
import { RETAKE_ADVICE } from '../src/engine/local/photo-quality.gate';
import { UnreadablePhotoError, type NormalisedImage } from '../src/engine/reading-engine';
import { normalisePalmImage } from '../src/image/palm-image.normaliser';
import { noiseJpeg, palmPhotoPaths, readPalm, solidJpeg, submission } from './support/fixtures';

const engine = new LocalEngine();
const FORBIDDEN =
  /\b(death|die|dying|lifespan|life span|illness|disease|diagnos\w*|pregnan\w*|accident\w*|fate|destin\w*)\b/i;

const read = async (image: NormalisedImage, answers = submission()) =>
  engine.read({ readingId: 'r1', image, submission: answers });

const allText = (result: ReadingResult) =>
  result.sections
    .flatMap((s) => [s.title, s.subtitle, s.content, s.details, ...s.insights, ...s.basis])
    .join(' ');

describe('LocalEngine', () => {
  let palm: NormalisedImage;
  beforeAll(async () => {
    palm = await normalisePalmImage(readPalm());
  });

  it.each(palmPhotoPaths().map((file) => [path.basename(file), file]))(
    'reads %s: five areas, valid shape, markers on the photo, nothing forbidden',
    async (_name, file) => {
      const image = await normalisePalmImage(readFileSync(file));
      const result = await read(image);
      expect(readingResultSchema.parse(result)).toEqual(result);
      expect(result.sections.map((s) => s.area)).toEqual(['love', 'career', 'health', 'money', 'spiritual']);
      for (const section of result.sections) {
        expect(section.insights.length).toBeGreaterThanOrEqual(2);
        expect(section.insights.length).toBeLessThanOrEqual(4);
        expect(section.content.length).toBeGreaterThan(80);
        expect(section.details.length).toBeGreaterThan(40);
        expect(section.basis.some((tag) => tag.startsWith('Photo:'))).toBe(true);
      }
      expect(allText(result)).not.toMatch(FORBIDDEN);
      expect(result.visual_markers[0]).toMatchObject({
        id: 'palm-centre',
        label: 'Palm centre · Hast madhya',
      });
      for (const marker of result.visual_markers) {
        expect(marker.coordinates.x).toBeGreaterThanOrEqual(2);
        expect(marker.coordinates.x).toBeLessThanOrEqual(98);
      }
    },
  );

  it('puts the palm centre on the hand of the upright iPhone photo', async () => {
    const image = await normalisePalmImage(readFileSync('/work/shared/palms/palm/pos_14_nu_test.jpg'));
    const result = await read(image);
    const centre = result.visual_markers.find((m) => m.id === 'palm-centre');
    // Looked at: the palm of this photo lies around 50–65 % across and 50–75 % down.
    expect(centre?.coordinates.x).toBeGreaterThan(45);
    expect(centre?.coordinates.x).toBeLessThan(68);
    expect(centre?.coordinates.y).toBeGreaterThan(50);
    expect(centre?.coordinates.y).toBeLessThan(78);
    const upper = result.visual_markers.find((m) => m.id === 'upper-palm');
    const wrist = result.visual_markers.find((m) => m.id === 'wrist');
    expect(upper?.coordinates.y).toBeLessThan(centre?.coordinates.y ?? 0);
    expect(wrist?.coordinates.y).toBeGreaterThan(centre?.coordinates.y ?? 100);
  });

  it('orders the sections with the visitor’s focus areas first', async () => {
    const result = await read(palm, submission({ focusAreas: ['Money', 'spiritual growth'] }));
    expect(result.sections.map((s) => s.area)).toEqual(['money', 'spiritual', 'love', 'career', 'health']);
    expect(result.sections[0]?.basis).toContain('Your focus: money');
    expect(result.sections[2]?.basis.some((tag) => tag.startsWith('Your focus'))).toBe(false);
  });

  it('is deterministic: the same photo and answers give the same reading', async () => {
    expect(await read(palm)).toEqual(await read(palm));
  });

  it('reads two different palms differently', async () => {
    const other = await normalisePalmImage(readFileSync('/work/shared/palms/palm/pos_14_nu_test.jpg'));
    expect(allText(await read(other))).not.toEqual(allText(await read(palm)));
  });

  it('uses the answers as labelled context, never echoing free text', async () => {
    const answers = submission({
      maritalStatus: 'married <img src=x onerror=alert(1)>',
      age: '46-55',
      hasChildren: 'yes',
    });
    const result = await read(palm, answers);
    const text = allText(result);
    expect(text).not.toContain('<img');
    expect(text).toContain('You told us you are married');
    const basis = result.sections.flatMap((s) => s.basis);
    expect(basis).toEqual(
      expect.arrayContaining(['Your answer: marital status', 'Your age: 46-55', 'Your answer: children']),
    );
    // Every statement taken from the answers is tagged as an answer, not as a photo reading.
    expect(basis.filter((tag) => !tag.startsWith('Photo:')).every((tag) => tag.startsWith('Your '))).toBe(
      true,
    );
  });

  it.each([
    ['black', () => solidJpeg('#000000'), RETAKE_ADVICE.tooDark],
    ['white', () => solidJpeg('#ffffff'), RETAKE_ADVICE.overexposed],
    ['grey', () => solidJpeg('#808080'), RETAKE_ADVICE.noPalm],
    ['noise', () => noiseJpeg(), RETAKE_ADVICE.noPalm],
    ['a skin-coloured wall', () => solidJpeg('#d8a080'), RETAKE_ADVICE.tooClose],
    ['a blurred palm', async () => sharp(readPalm()).blur(8).jpeg().toBuffer(), RETAKE_ADVICE.blurred],
    ['a dark palm', async () => sharp(readPalm()).linear(0.12, 0).jpeg().toBuffer(), RETAKE_ADVICE.tooDark],
  ])('refuses %s with retake advice', async (_name, makePhoto, advice) => {
    const image = await normalisePalmImage(await makePhoto());
    const attempt = read(image);
    await expect(attempt).rejects.toBeInstanceOf(UnreadablePhotoError);
    await expect(attempt).rejects.toThrow(advice);
  });

  it('reads a 1024 px photo in well under 100 ms', async () => {
    const image = await normalisePalmImage(readFileSync('/work/shared/palms/palm/pos_14_nu_test.jpg'));
    await read(image);
    const runs = 10;
    const started = performance.now();
    for (let i = 0; i < runs; i++) await read(image);
    expect((performance.now() - started) / runs).toBeLessThan(60);
  });
});
