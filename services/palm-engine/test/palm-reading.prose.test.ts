import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TRACED_LINE_NAMES, type ReadingResult } from '@palm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPalmObserver } from '../src/observer';
import type { PalmObservation } from '../src/palm-observation';
import { PalmReadingEngine } from '../src/palm-reading.engine';
import { profiledObservation } from '../src/profile/profiled-lines';
import { normalisePalmPhoto } from '@palm/palm-photo';
import { ANSWER_SPREAD } from './fixtures/questionnaire-answers';
import { palmPhotos } from '../../../tests/support/palm-photos';

/**
 * What a visitor notices when reading their report aloud, over every shared palm photo: no
 * sentence said twice, no measurement quoted twice, tags that stay distinct when the report cuts
 * them at 30 characters, and the traced lines the report draws.
 */
const TAG_CUT = 30;

interface Read {
  name: string;
  observation: PalmObservation;
  reading: ReadingResult;
}

const reads: Read[] = [];

beforeAll(async () => {
  const observer = await createPalmObserver();
  for (const file of palmPhotos()) {
    const image = await normalisePalmPhoto(readFileSync(file));
    const observation = await observer.observe(image);
    if (observation.kind !== 'palm') continue;
    const engine = new PalmReadingEngine({ observe: () => Promise.resolve(observation) });
    for (const [visitor, submission] of Object.entries(ANSWER_SPREAD).slice(0, 3)) {
      const reading = await engine.read({ readingId: path.basename(file), image, submission });
      reads.push({ name: `${path.basename(file)} × ${visitor}`, observation, reading });
    }
  }
}, 180_000);

const sentencesOf = (reading: ReadingResult) =>
  reading.sections
    .flatMap((s) => [...s.insights, s.content, s.details])
    .flatMap((text) => text.split(/(?<=[.!?…])\s+/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);

const repeated = (items: readonly string[]) => items.filter((item, i) => items.indexOf(item) !== i);

describe('the reading as a visitor reads it, over the shared palms', () => {
  it('reads most of the shared palms', () => {
    expect(new Set(reads.map((r) => r.observation)).size).toBeGreaterThanOrEqual(20);
  });

  it('never says a sentence twice in one reading', () => {
    for (const { name, reading } of reads) expect(repeated(sentencesOf(reading)), name).toEqual([]);
  });

  it('keeps measurements out of the sentences and quotes each once, in "How we read this"', () => {
    for (const { name, reading } of reads) {
      for (const sentence of sentencesOf(reading)) {
        expect(sentence, name).not.toMatch(/\d+(?:\.\d+)?\s*(?:%|°|times)/);
      }
      const measured = reading.sections.flatMap((s) => s.howWeRead?.measured ?? []);
      expect(measured.length, name).toBeGreaterThan(0);
      expect(repeated(measured.map((m) => m.toLowerCase())), name).toEqual([]);
      // A number with its unit ("1.31 times", "85%") appears in one measurement only.
      const numbers = measured.flatMap((m) => m.match(/\d+(?:\.\d+)?\s*(?:%|°|times)/g) ?? []);
      const owners = (n: string) => measured.filter((m) => m.includes(n)).length;
      for (const number of new Set(numbers)) {
        if (owners(number) > 1) {
          // Two different measurements may share a value by chance, but never say the same thing.
          const withIt = measured.filter((m) => m.includes(number));
          expect(new Set(withIt).size, `${name}: ${number}`).toBe(withIt.length);
        }
      }
    }
  });

  it('mentions each unseen line at most once in the prose, and every section has its panel', () => {
    for (const { name, reading } of reads) {
      const unseenNotes = sentencesOf(reading).filter((s) =>
        /did not show clearly|could not make out/.test(s),
      );
      for (const line of ['heart', 'head', 'life', 'fate']) {
        const notes = unseenNotes.filter((s) => s.includes(`(${line} line)`));
        expect(notes.length, `${name}: ${line}`).toBeLessThanOrEqual(1);
      }
      for (const section of reading.sections) expect(section.howWeRead, name).toBeDefined();
    }
  });

  it('never says “your your”, however often a feature is named again', () => {
    for (const { name, reading } of reads)
      expect(
        [...(reading.themes ?? []).map((theme) => theme.text), ...sentencesOf(reading)].filter((sentence) =>
          /\byour your\b/i.test(sentence),
        ),
        name,
      ).toEqual([]);
  });

  it('never names a leaning in the words of the feature it is read in (“the openness of your wide-opening thumb”)', () => {
    // The features run to the note's own words ("… as a reminder", "… for what you bring").
    const echoes =
      /\bthe (openness|reserve|restlessness|steadiness|boldness|caution|drive) of (.*?)(?= (?:as|for|lies|can|and restores)\b|[.;:,]|$)/gi;
    const echoing = (sentence: string) =>
      [...sentence.matchAll(echoes)].some(([, noun = '', features = '']) =>
        new RegExp(`\\b${noun.slice(0, 4)}`, 'i').test(features),
      );
    for (const { name, reading } of reads) expect(sentencesOf(reading).filter(echoing), name).toEqual([]);
  });

  it('gives basis tags that are distinct within their first 30 characters in every section', () => {
    for (const { name, reading } of reads) {
      for (const section of reading.sections) {
        const cut = section.basis.map((tag) => tag.slice(0, TAG_CUT).toLowerCase());
        expect(repeated(cut), `${name}: ${section.area}`).toEqual([]);
        for (const tag of section.basis) expect(tag, name).not.toMatch(/·/);
      }
    }
  });

  it('carries a trace for every drawn line, with the classes its profile holds, and none for lines not drawn', () => {
    let traced = 0;
    for (const { name, observation: measured, reading } of reads) {
      const observation = profiledObservation(reading.profile!, measured);
      const drawable = TRACED_LINE_NAMES.filter(
        (line) => observation.lines[line].seen && (observation.lines[line].trace?.length ?? 0) >= 2,
      );
      const traces = reading.line_traces ?? [];
      expect(traces.map((t) => t.line).sort(), name).toEqual([...drawable].sort());
      for (const trace of traces) {
        const seen = observation.lines[trace.line];
        expect(trace.length, name).toBe(seen.length);
        expect(trace.confidence, name).toBeCloseTo(seen.confidence, 2);
        for (const p of trace.points) {
          expect(p.x, name).toBeGreaterThanOrEqual(0);
          expect(p.y, name).toBeLessThanOrEqual(100);
        }
      }
      traced += traces.length;
    }
    expect(traced).toBeGreaterThan(0);
  });

  it('links markers to sentences that the reading really says', () => {
    let links = 0;
    for (const { name, reading } of reads) {
      const prose = reading.sections.flatMap((s) => [...s.insights, s.content, s.details]).join(' ');
      for (const marker of reading.visual_markers) {
        for (const sentence of marker.explains ?? []) {
          expect(prose, `${name}: ${marker.id}`).toContain(sentence);
          links++;
        }
      }
    }
    expect(links).toBeGreaterThan(0);
  });
});
