import { readingResultSchema, type ProfileTraitId, type ReadingSection } from '@palm/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { Narrator } from '../src/narrator/narrator';
import type { PalmObservation, PalmObserverResult, Point } from '../src/palm-observation';
import { MOUNT_NAMES } from '../src/palm-observation';
import { PalmReadingEngine, type PalmObserver } from '../src/palm-reading.engine';
import { interpret } from '../src/rules/interpret';
import { UnreadablePhotoError, type NormalisedImage } from '../src/reading-engine';
import { FIXTURE_NAMES, PALM_FIXTURES, REFUSAL } from './fixtures/palm-observations';
import { ANSWER_SPREAD, answers } from './fixtures/questionnaire-answers';

const image: NormalisedImage = { data: Buffer.from('jpeg') };

const observerOf = (result: PalmObserverResult): PalmObserver => ({ observe: () => Promise.resolve(result) });

const readWith = (engine: PalmReadingEngine, submission = answers()) =>
  engine.read({ readingId: 'r1', image, submission });

/** Winding number, written independently of the engine's own polygon code. */
function inside(point: Point, polygon: readonly Point[]): boolean {
  let winding = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    const side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y);
    if (a.y <= point.y && b.y > point.y && side > 0) winding++;
    else if (a.y > point.y && b.y <= point.y && side < 0) winding--;
  }
  return winding !== 0;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

describe('PalmReadingEngine', () => {
  it('observes the photo, then reads it: five sections and markers, named palm-local', async () => {
    const observe = vi.fn(() => Promise.resolve(PALM_FIXTURES['earth-right-deep-lines']));
    const engine = new PalmReadingEngine({ observe });
    const result = await readWith(engine);
    expect(engine.name).toBe('palm-local');
    expect(observe).toHaveBeenCalledWith(image);
    expect(readingResultSchema.parse(result)).toEqual(result);
    expect(result.sections.map((s) => s.area)).toEqual(['love', 'career', 'health', 'money', 'spiritual']);
  });

  it('adds a palm-only version for shared links: same sections, none of the answers or own words', async () => {
    const engine = new PalmReadingEngine(observerOf(PALM_FIXTURES['earth-right-deep-lines']));
    const visitor = ANSWER_SPREAD['married mother, health and spirit']!;
    const result = await readWith(engine, visitor);
    const ownText = JSON.stringify(result.sections);
    // The owner's reading speaks of what they told us; the shared one never does.
    expect(ownText).toMatch(/You told us you have children/);
    expect(ownText).toMatch(/I would love more energy for my morning yoga practice/);
    const shared = result.shared!;
    // The same life areas, in the tradition's order: the owner's focus choices are answers too.
    expect(shared.sections.map((s) => s.area).sort()).toEqual(result.sections.map((s) => s.area).sort());
    const sharedText = JSON.stringify(shared);
    for (const leak of [
      /told us/i,
      /children/i,
      /married/i,
      /you mentioned/i,
      /yoga/i,
      /your age/i,
      /your thoughts/i,
      /you wrote/i,
      /you chose/i,
    ])
      expect(sharedText).not.toMatch(leak);
    // Whatever the visitor answered, the shared version of one palm is the same.
    const other = await readWith(engine, ANSWER_SPREAD['separated, all areas']);
    expect(other.shared).toEqual(shared);
    expect(shared.visual_markers.length).toBeGreaterThan(0);
  });

  it('refuses with the observer’s retake advice as an UnreadablePhotoError', async () => {
    const engine = new PalmReadingEngine(observerOf(REFUSAL));
    const reading = readWith(engine);
    await expect(reading).rejects.toBeInstanceOf(UnreadablePhotoError);
    await expect(reading).rejects.toThrow(REFUSAL.message);
  });

  it.each(FIXTURE_NAMES)(
    'puts one marker per mount and per confidently seen line inside the hand of %s',
    async (name) => {
      const observation: PalmObservation = PALM_FIXTURES[name];
      const { visual_markers: markers, profile } = await readWith(
        new PalmReadingEngine(observerOf(observation)),
      );
      // A line is marked where the profile holds it as seen: seen surely enough and measured to survive re-takes.
      const seenLines = Object.entries(observation.lines).filter(
        ([name, line]) =>
          line.seen && line.confidence >= 0.5 && profile?.[`${name}Line` as ProfileTraitId] === 'seen',
      );
      expect(markers.filter((m) => m.style === 'mount')).toHaveLength(MOUNT_NAMES.length);
      expect(
        markers
          .filter((m) => m.style === 'line')
          .map((m) => m.id)
          .sort(),
      ).toEqual(seenLines.map(([line]) => `line-${line}`).sort());
      expect(new Set(markers.map((m) => m.id)).size).toBe(markers.length);
      for (const marker of markers) {
        expect(
          inside(marker.coordinates, observation.outline),
          `${marker.id} at ${JSON.stringify(marker.coordinates)}`,
        ).toBe(true);
        expect(marker.description.length).toBeGreaterThan(20);
      }
      // Each finger mount sits nearer its own knuckle than any other knuckle.
      const knuckles = { guru: 5, shani: 9, surya: 13, budh: 17 } as const;
      for (const [mount, own] of Object.entries(knuckles)) {
        const at = markers.find((m) => m.id === `mount-${mount}`)!.coordinates;
        const nearest = Object.values(knuckles).sort(
          (a, b) => distance(at, observation.landmarks[a]!) - distance(at, observation.landmarks[b]!),
        )[0];
        expect(nearest, mount).toBe(own);
      }
    },
  );

  it('labels markers with English and Vedic names and describes them with what the reading says', async () => {
    const observation = PALM_FIXTURES['fire-right-strong-fate'];
    const { visual_markers: markers } = await readWith(new PalmReadingEngine(observerOf(observation)));
    expect(markers.find((m) => m.id === 'mount-guru')?.label).toBe('Mount of Jupiter · Guru parvat');
    expect(markers.find((m) => m.id === 'line-heart')).toMatchObject({
      label: 'Heart line · Hridaya rekha',
      style: 'line',
    });
    const heartClaims = interpret(observation, answers())
      .filter((f) => f.place?.kind === 'line' && f.place.line === 'heart')
      .map((f) => (f.phrasings[0] ?? '').split(/[:;]/)[0]!.replace(/\.$/, ''));
    const heart = markers.find((m) => m.id === 'line-heart')!;
    expect(heartClaims.some((claim) => heart.description.includes(claim))).toBe(true);
    expect(markers.find((m) => m.id === 'mount-surya')!.description).toMatch(/faintly in a flat photo/);
  });

  it('pulls an anchor that slipped off the hand back onto it', async () => {
    const observation = PALM_FIXTURES['fire-left-slipped-anchor'];
    expect(inside(observation.mounts.mangal_outer.anchor, observation.outline)).toBe(false);
    const { visual_markers: markers } = await readWith(new PalmReadingEngine(observerOf(observation)));
    expect(inside(markers.find((m) => m.id === 'mount-mangal-outer')!.coordinates, observation.outline)).toBe(
      true,
    );
  });

  it('lets another narrator write the sections, and sanitises what it returns', async () => {
    const section: ReadingSection = {
      area: 'love',
      title: 'Love',
      subtitle: 'Hridaya rekha',
      insights: ['One.<script>alert(1)</script>', 'Two.'],
      content: 'Content.',
      details: 'Details.',
      basis: ['Hridaya rekha · heart line: long'],
    };
    const narrator: Narrator = { name: 'stub', narrate: vi.fn(() => Promise.resolve([section])) };
    const engine = new PalmReadingEngine(observerOf(PALM_FIXTURES['earth-right-deep-lines']), { narrator });
    const result = await readWith(engine);
    expect(engine.name).toBe('palm-stub');
    expect(result.sections).toEqual([
      {
        ...section,
        // The header names what the love findings read on this palm, not what the narrator wrote.
        subtitle: expect.stringMatching(/Hridaya rekha/) as unknown,
        insights: ['One.', 'Two.'],
        howWeRead: expect.any(Object) as unknown,
      },
    ]);
    expect(result.sections[0]!.subtitle).not.toBe(section.subtitle);
    expect(result.visual_markers.length).toBeGreaterThan(MOUNT_NAMES.length);
  });

  it.each([
    ['throws', () => Promise.reject(new Error('model timed out'))],
    ['returns nothing usable', () => Promise.resolve([{ area: 'love' }] as unknown as ReadingSection[])],
  ])('falls back to the local narrator, with a warning, when the narrator %s', async (_case, narrate) => {
    const warn = vi.fn();
    const observer = observerOf(PALM_FIXTURES['air-left-sloping-head']);
    const engine = new PalmReadingEngine(observer, {
      narrator: { name: 'llm', narrate },
      host: { logger: { warn, info: vi.fn() } },
    });
    const local = await readWith(new PalmReadingEngine(observer));
    expect(await readWith(engine)).toEqual(local);
    expect(warn).toHaveBeenCalledOnce();
  });
});
