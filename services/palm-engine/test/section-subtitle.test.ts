import { VEDIC_LINES, VEDIC_MOUNTS, type ReadingSubmission } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { composeReading } from '../src/narrator/local-narrator';
import type { PalmObservation } from '../src/palm-observation';
import { palmProfileOf } from '../src/profile/palm-profile';
import { interpret, PALM_RULES } from '../src/rules/interpret';
import { EVERY_TRAIT_RELIABLE } from './fixtures/every-trait-reliable';
import { FIXTURE_NAMES, PALM_FIXTURES } from './fixtures/palm-observations';
import { ANSWER_SPREAD } from './fixtures/questionnaire-answers';

function sectionsWithFindings(observation: PalmObservation, submission: ReadingSubmission) {
  const profile = palmProfileOf(observation, EVERY_TRAIT_RELIABLE);
  const fired = interpret(observation, submission, PALM_RULES, profile, []);
  const { sections, reads, findings } = composeReading(fired, observation, submission, profile);
  return sections.map((section, at) => ({
    section,
    // What its text reads or leans on, as the narrator reports it; its own findings, strongest first.
    reads: reads[at]!,
    findings: findings.filter((finding) => finding.area === section.area),
  }));
}

describe('section subtitles', () => {
  it('name a line or a mount only where that section’s text reads it, for every palm and visitor', () => {
    let named = 0;
    for (const name of FIXTURE_NAMES) {
      for (const [visitor, submission] of Object.entries(ANSWER_SPREAD)) {
        for (const { section, reads } of sectionsWithFindings(PALM_FIXTURES[name], submission)) {
          const where = `${name} × ${visitor}, ${section.area}: "${section.subtitle}"`;
          for (const [line, term] of Object.entries(VEDIC_LINES)) {
            if (!section.subtitle.includes(term.vedic)) continue;
            named++;
            expect(reads, where).toContain(line);
          }
          for (const term of new Set(Object.values(VEDIC_MOUNTS).map((mount) => mount.vedic))) {
            if (!section.subtitle.includes(term)) continue;
            named++;
            const mounts = Object.keys(VEDIC_MOUNTS).filter(
              (mount) => VEDIC_MOUNTS[mount as keyof typeof VEDIC_MOUNTS].vedic === term,
            );
            expect(
              mounts.some((mount) => reads.some((feature) => feature === `mount.${mount}`)),
              where,
            ).toBe(true);
          }
        }
      }
    }
    expect(named, 'subtitles that name a line or mount at all').toBeGreaterThan(0);
  });

  it('name what the section read first: its strongest finding’s line', () => {
    for (const name of FIXTURE_NAMES) {
      for (const { section, findings } of sectionsWithFindings(
        PALM_FIXTURES[name],
        ANSWER_SPREAD.defaults!,
      )) {
        const line = findings[0]?.reads
          .map((feature) => feature.split('.')[0])
          .find((subject) => subject! in VEDIC_LINES);
        if (line)
          expect(section.subtitle, `${name} ${section.area}`).toContain(VEDIC_LINES[line as 'heart'].vedic);
      }
    }
  });

  it('never carry the fixed promises of before (mounts and the Surya rekha on every reading)', () => {
    const subtitles = FIXTURE_NAMES.flatMap((name) =>
      sectionsWithFindings(PALM_FIXTURES[name], ANSWER_SPREAD.defaults!).map(
        ({ section }) => section.subtitle,
      ),
    );
    // A palm whose section did read these may name them; no longer every palm's header.
    for (const fixed of [
      'Hridaya rekha and Shukra parvat',
      'Tattva, Chandra and Shani parvat',
      'Surya rekha and the Budh finger',
    ])
      expect(subtitles.filter((subtitle) => subtitle.includes(fixed)).length, fixed).toBeLessThan(
        FIXTURE_NAMES.length / 2,
      );
    // Different palms read different features, so their headers differ too.
    expect(new Set(subtitles).size).toBeGreaterThan(5);
  });
});
