import type { PalmProfile } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { photoLeftOpen } from '../src/narrator/photo-left-open';
import { phraseChooserFor } from '../src/narrator/phrase-chooser';
import type { PalmObservation } from '../src/palm-observation';
import { palmProfileOf } from '../src/profile/palm-profile';
import { TRAIT_RELIABILITY } from '../src/profile/trait-reliability.recorded';
import { claimsNotInProfile } from './support/class-claims';
import { EVERY_TRAIT_RELIABLE } from './fixtures/every-trait-reliable';
import { PALM_FIXTURES, withMiddleFingerLifted } from './fixtures/palm-observations';

const flat = PALM_FIXTURES['water-left-fine-lines'];
const stated = palmProfileOf(flat, EVERY_TRAIT_RELIABLE);
/** The profile with these traits left open, as a photo that could not settle them leaves them. */
const leaving = (...traits: (keyof PalmProfile)[]): PalmProfile => ({
  ...stated,
  ...Object.fromEntries(traits.map((trait) => [trait, null])),
});
const lifted = (degrees: number) => withMiddleFingerLifted(flat, degrees);
const noteOn = (profile: PalmProfile, observation: PalmObservation = flat, wordsWanted = 0) =>
  photoLeftOpen(profile, observation, phraseChooserFor(profile), wordsWanted);

describe('what a photo left open, said in a short reading', () => {
  it('says nothing where the photo settled every trait a profile states', () => {
    expect(stated.thumbLength).not.toBeNull();
    expect(noteOn(stated)).toBeUndefined();
  });

  it('names what it left open and what the tradition reads there, claiming no class', () => {
    const profile = leaving('thumbLength', 'indexVsRing');
    const note = noteOn(profile)!;
    expect(note).toMatch(
      /^This photo did not settle the length of your Angushtha \(thumb\) and how your Guru anguli \(index finger\) and Surya anguli \(ring finger\) compare: /,
    );
    expect(note).toContain('the thumb for will and determination');
    expect(note).toMatch(/so they are worth a second look/);
    expect(claimsNotInProfile([note], profile)).toEqual([]);
  });

  it('speaks of one trait as one', () => {
    const note = noteOn(leaving('thumbAngle'))!;
    expect(note).toMatch(/^This photo did not settle how far your thumb opens: it /);
    expect(note).toMatch(/so it is worth a second look/);
    expect(note).not.toMatch(/\bthem\b|\bthese\b|\beach\b/);
  });

  it('leaves the element unnamed where the palm’s shape, which decides it, is open too', () => {
    expect(noteOn(leaving('handType'))).toMatch(/your hand’s element \(tattva\)/);
    const note = noteOn(leaving('handType', 'palmShape'))!;
    expect(note).toContain('the shape of your palm');
    expect(note).not.toContain('your hand’s element');
  });

  it('blames the pose only where the fingers lift as far as the lifted photos’ noise applies in full', () => {
    const profile = leaving('fingerLength', 'middleFinger');
    const { fromDegrees, toDegrees } = TRAIT_RELIABILITY.liftedNoise;
    const pose = /fingertips (?:lean|lift) toward/;
    expect(noteOn(profile, lifted(toDegrees + 5))).toMatch(pose);
    expect(noteOn(profile, lifted(fromDegrees + 1))).not.toMatch(pose);
    expect(noteOn(profile, lifted(fromDegrees + 1))).toMatch(
      /too close to the dividing line|so near the point/,
    );
  });

  it('says the fingers ran off the photo where they did, before any lift', () => {
    const profile = leaving('fingerLength', 'middleFinger');
    const cut = { ...lifted(TRAIT_RELIABILITY.liftedNoise.toDegrees + 5), fingersCutOff: true };
    const note = noteOn(profile, cut)!;
    expect(note).toMatch(/fingertips run past the edge|ends across your fingers/);
    // The fingers first, before what the photo left open for another reason.
    const withThumb = noteOn(leaving('thumbLength', 'fingerLength', 'middleFinger'), cut)!;
    expect(withThumb).toMatch(/^This photo did not settle the length of your fingers, /);
    expect(note).not.toMatch(/toward the (?:camera|lens)/);
  });

  it('names four at the least, and more only as the reading needs the words', () => {
    const profile = leaving(
      'thumbLength',
      'palmShape',
      'fingerLength',
      'indexVsRing',
      'middleFinger',
      'littleFinger',
    );
    const words = (text: string) => text.split(/\s+/).length;
    const named = (text: string) => text.split(':')[0]!.split(/, | and (?=the |how )/).length;
    expect(named(noteOn(profile)!)).toBe(4);
    const full = noteOn(profile, flat, 1000)!;
    expect(named(full)).toBe(6);
    const between = noteOn(profile, flat, words(noteOn(profile)!) + 1)!;
    expect(named(between)).toBe(5);
    expect(words(between)).toBeLessThan(words(full));
  });
});
