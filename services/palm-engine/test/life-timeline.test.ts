import { describe, expect, it } from 'vitest';
import type { LineObservation, PalmObservation, Point } from '../src/palm-observation';
import { PalmReadingEngine } from '../src/palm-reading.engine';
import { forbiddenTopicsIn } from '../src/rules/safety';
import { timelineSection } from '../src/narrator/life-timeline';
import { phraseChooserFor } from '../src/narrator/phrase-chooser';
import { palmProfileOf } from '../src/profile/palm-profile';
import { profiledObservation } from '../src/profile/profiled-lines';
import { TRAIT_RELIABILITY } from '../src/profile/trait-reliability.recorded';
import { EVERY_TRAIT_RELIABLE } from './fixtures/every-trait-reliable';
import { PALM_FIXTURES } from './fixtures/palm-observations';
import { answers } from './fixtures/questionnaire-answers';

const base = PALM_FIXTURES['earth-right-deep-lines'];
const wrist = base.landmarks[0]!;
const knuckle = base.landmarks[9]!;
/** A point `level` of the way up the palm's axis (0 wrist, 1 middle knuckle), `side` off it. */
const up = (level: number, side = 0): Point => ({
  x: wrist.x + (knuckle.x - wrist.x) * level + side,
  y: wrist.y + (knuckle.y - wrist.y) * level,
});
const traceBetween = (from: number, to: number, side = 0) =>
  Array.from({ length: 8 }, (_, i) => up(from + ((to - from) * i) / 7, side));

function withLines(lines: Partial<Record<'fate' | 'life' | 'head' | 'heart', Partial<LineObservation>>>) {
  const observation: PalmObservation = structuredClone(base);
  for (const [name, change] of Object.entries(lines)) {
    Object.assign(observation.lines[name as keyof typeof lines], change);
  }
  return observation;
}

async function timelineOf(observation: PalmObservation) {
  const engine = new PalmReadingEngine({ observe: () => Promise.resolve(observation) });
  const result = await engine.read({
    readingId: 'r1',
    image: { data: Buffer.from('jpeg') },
    submission: answers(),
  });
  return { result, timeline: result.sections.find((section) => section.area === 'timeline') };
}

const text = (section: { insights: string[]; content: string; details: string; subtitle: string }) =>
  [section.subtitle, ...section.insights, section.content, section.details].join('\n');

describe('Timeline section', () => {
  it('reads the fate line on the classical age scale, from the wrist upward, after the five life areas', async () => {
    const { result, timeline } = await timelineOf(
      withLines({
        fate: { confidence: 0.8, trace: traceBetween(0.05, 0.85) },
        life: { confidence: 0.9, trace: traceBetween(0.9, 0.3, 8) },
      }),
    );
    expect(result.sections.map((section) => section.area)).toEqual([
      'love',
      'career',
      'health',
      'money',
      'spiritual',
      'timeline',
    ]);
    expect(timeline).toMatchObject({
      title: 'Timeline',
      subtitle: 'Bhagya rekha on the classical age scale',
      basis: ['Fate line seen'],
    });
    expect(timeline!.content).toMatch(/fate line \(Bhagya rekha\) runs from about age 5\b/);
    expect(timeline!.insights).toContain('Purpose that tends to carry on into the later years');
    // The profile states no class of this life line (depth and bow do not survive a re-take): it says nothing.
    expect(text(timeline!)).not.toMatch(/Jeevan rekha|life line/i);
    expect(forbiddenTopicsIn(text(timeline!))).toEqual([]);
  });

  it('puts a fate line that starts at the head line in mid-life, and one that stops early in its own phase', async () => {
    const head = {
      confidence: 0.8,
      trace: traceBetween(0.5, 0.5, 0).map((p, i) => ({ ...p, x: p.x - 12 + i * 3 })),
    };
    const { timeline: late } = await timelineOf(
      withLines({
        head,
        fate: { confidence: 0.8, trace: traceBetween(0.5, 0.95) },
        life: { confidence: 0.3 },
      }),
    );
    expect(late!.insights[0]).toBe('A course that tends to become your own from mid-life');
    expect(late!.content).toMatch(/begins at about age 35, near the head line/);
    const { timeline: early } = await timelineOf(
      withLines({
        head,
        fate: { confidence: 0.8, trace: traceBetween(0.1, 0.4) },
        life: { confidence: 0.3 },
      }),
    );
    expect(early!.insights).toContain('More freedom of choice tends to come after about 30');
    expect(early!.basis).toEqual(['Fate line seen']);
  });

  it('says nothing about timing where the lines were not traced well, and nothing of where the life line ends', async () => {
    const { timeline: none } = await timelineOf(
      withLines({ fate: { confidence: 0.45, trace: traceBetween(0.1, 0.8) }, life: { confidence: 0.9 } }),
    );
    expect(none).toBeUndefined();
    const brokenLife = withLines({
      fate: { confidence: 0.4 },
      life: { confidence: 0.9, trace: traceBetween(0.9, 0.7, 8), breaks: 1 },
    });
    // The life line's breaks do not survive a view change of a phone photo (bench:reliability): no
    // timing is read from a break a re-take could lose.
    expect((await timelineOf(brokenLife)).timeline).toBeUndefined();
    // Where they would survive: the profile withholds the depth, only the break speaks, and the
    // header and tags name the line it is read in.
    const profile = palmProfileOf(brokenLife, {
      ...TRAIT_RELIABILITY,
      traits: { ...TRAIT_RELIABILITY.traits, lifeLineBreaks: EVERY_TRAIT_RELIABLE.traits.lifeLineBreaks! },
    });
    const lifeOnly = timelineSection(profiledObservation(profile, brokenLife), phraseChooserFor(profile));
    expect(lifeOnly!.basis).toEqual(['Life line: broken']);
    expect(lifeOnly!.subtitle).toBe('Jeevan rekha on the classical age scale');
    expect(lifeOnly!.howWeRead?.terms).toEqual([{ tag: 'Life line: broken', vedic: 'Jeevan rekha' }]);
    // With no sentence on its depth before it, the break names the line it is read in: no bare "it".
    expect(lifeOnly!.content).toMatch(
      /^(?:Your life line \(Jeevan rekha\) shows|A break along your life line \(Jeevan rekha\))/,
    );
    expect(text(lifeOnly!)).toMatch(/\bbreak|broken/i);
    expect(text(lifeOnly!)).not.toMatch(/deeply|clearly marked|depth/i);
    expect(text(lifeOnly!)).not.toMatch(/fate line/i);
    expect(text(lifeOnly!)).not.toMatch(/\bends?\b|\bshort\b|\buntil\b/i);
    expect(forbiddenTopicsIn(text(lifeOnly!))).toEqual([]);
  });

  it('never words a phase as an event, an illness, an accident or a date, whatever the lines', async () => {
    for (const fate of [
      traceBetween(0.02, 0.3),
      traceBetween(0.3, 0.6),
      traceBetween(0.55, 0.98),
      traceBetween(0.1, 0.9),
    ]) {
      for (const life of [
        { depth: 'faint', curvature: 'straight', breaks: 2 },
        { depth: 'deep', curvature: 'curved', breaks: 0 },
      ] as const) {
        const { timeline } = await timelineOf(
          withLines({
            fate: { confidence: 0.8, trace: fate, breaks: 1 },
            life: { confidence: 0.9, trace: fate, ...life },
          }),
        );
        const words = text(timeline!);
        expect(forbiddenTopicsIn(words)).toEqual([]);
        expect(words).not.toMatch(/\b(19|20)\d\d\b|\bwill\b|\bin the year\b/);
        expect(words).toMatch(/tend/);
      }
    }
  });
});
