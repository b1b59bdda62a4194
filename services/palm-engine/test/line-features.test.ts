import { palmProfileSchema } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import type { LineObservation, PalmObservation, Point } from '../src/palm-observation';
import {
  fateLineStart,
  fingerBases,
  headLineEnd,
  headLineStart,
  heartLineEnd,
  knuckleFrame,
  lifeLineArc,
  lineFeatures,
  type PalmPoint,
} from '../src/profile/line-features';
import { measuredProfile } from '../src/profile/palm-profile';
import { interpret, PALM_RULES } from '../src/rules/interpret';
import { PALM_FIXTURES } from './fixtures/palm-observations';
import { answers } from './fixtures/questionnaire-answers';

/**
 * A hand laid square in the photo: index knuckle at (30, 30), little knuckle at (50, 30), wrist at
 * (40, 60), so `across` = (x − 30) / 20 and `down` = (y − 30) / 30. The middle and ring knuckles sit
 * at a third and two thirds of the knuckle line.
 */
const LANDMARKS: Point[] = Array.from({ length: 21 }, () => ({ x: 40, y: 20 }));
LANDMARKS[0] = { x: 40, y: 60 };
LANDMARKS[1] = { x: 24, y: 52 };
LANDMARKS[5] = { x: 30, y: 30 };
LANDMARKS[9] = { x: 36.67, y: 30 };
LANDMARKS[13] = { x: 43.33, y: 30 };
LANDMARKS[17] = { x: 50, y: 30 };
const bases = fingerBases(LANDMARKS);
const toImage = ({ across, down }: PalmPoint): Point => ({ x: 30 + 20 * across, y: 30 + 30 * down });

/** A straight crease sampled from `a` to `b`, in the knuckle frame. */
const crease = (a: [number, number], b: [number, number], steps = 12): PalmPoint[] =>
  Array.from({ length: steps + 1 }, (_, i) => ({
    across: a[0] + ((b[0] - a[0]) * i) / steps,
    down: a[1] + ((b[1] - a[1]) * i) / steps,
  }));
const joined = (...parts: PalmPoint[][]) => parts.flat();

describe('knuckle frame', () => {
  it('places the knuckles and the wrist where the frame says, whatever the photo does to the hand', () => {
    const toPalm = knuckleFrame(LANDMARKS);
    expect(toPalm(LANDMARKS[5]!)).toEqual({ across: 0, down: 0 });
    expect(toPalm(LANDMARKS[17]!).across).toBeCloseTo(1);
    expect(toPalm(LANDMARKS[0]!)).toEqual({ across: 0.5, down: 1 });
    // Rotated by 30°, stretched to another aspect and moved: a point keeps its place on the palm.
    const [c, s] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
    const photo = (p: Point): Point => ({
      x: 10 + 1.4 * (c * p.x - s * p.y),
      y: 5 + 0.8 * (s * p.x + c * p.y),
    });
    const moved = knuckleFrame(LANDMARKS.map(photo))(photo({ x: 41, y: 47 }));
    const still = toPalm({ x: 41, y: 47 });
    expect(moved.across).toBeCloseTo(still.across);
    expect(moved.down).toBeCloseTo(still.down);
  });
});

describe('heart line end', () => {
  const toMiddle = crease([0.95, 0.14], [0.34, 0.04]);
  it('is under Jupiter where the crease was followed to under the index finger', () => {
    expect(heartLineEnd(joined(toMiddle, crease([0.34, 0.04], [0.08, 0.1])), undefined, bases)).toBe(
      'under-jupiter',
    );
    expect(heartLineEnd(toMiddle, crease([0.34, 0.04], [0.05, 0.09]), bases)).toBe('under-jupiter');
  });
  it('is between Jupiter and Saturn where it rises into the cleft between the two fingers', () => {
    expect(heartLineEnd(toMiddle, crease([0.34, 0.04], [0.25, 0.02]), bases)).toBe(
      'between-jupiter-and-saturn',
    );
    // Stopping at the same place but still low on the palm: the next photo may follow it further.
    expect(heartLineEnd(toMiddle, crease([0.34, 0.06], [0.25, 0.12]), bases)).toBeNull();
  });
  it('is under Saturn only where plain skin was seen past its end, never from a trace that stops', () => {
    expect(heartLineEnd(toMiddle, [], bases)).toBe('under-saturn');
    expect(heartLineEnd(toMiddle, undefined, bases)).toBeNull();
    // A trace that stops in mid-palm says nothing about where the line ends.
    expect(heartLineEnd(crease([0.95, 0.14], [0.6, 0.1]), [], bases)).toBeNull();
  });
  it('leaves an end on the cleft itself unclassed, and an untraced line', () => {
    expect(heartLineEnd(toMiddle, crease([0.34, 0.04], [0.17, 0.02]), bases)).toBeNull();
    expect(heartLineEnd([], [], bases)).toBeNull();
  });
});

describe('head line start', () => {
  const head = crease([0.02, 0.2], [0.8, 0.45]);
  it('is joined where the life line leaves the head line', () => {
    const life = crease([0.1, 0.23], [0.45, 0.7]);
    expect(headLineStart(head, life)).toBe('joined-to-life');
  });
  it('is apart where both reach the palm edge with a clear gap between them', () => {
    const life = crease([0.05, 0.38], [0.45, 0.8]);
    expect(headLineStart(crease([0.02, 0.15], [0.8, 0.3]), life)).toBe('apart-from-life');
  });
  it('is unsaid where a trace stops short of the edge: they may meet where it was not seen', () => {
    const life = crease([0.3, 0.5], [0.45, 0.8]);
    expect(headLineStart(crease([0.3, 0.3], [0.8, 0.45]), life)).toBeNull();
    expect(headLineStart(head, [])).toBeNull();
  });
});

describe('head line end', () => {
  it('runs level, or slopes toward the Moon mount, judged on its outer half', () => {
    expect(headLineEnd(crease([0.02, 0.2], [0.85, 0.3]), bases)).toBe('level');
    expect(
      headLineEnd(joined(crease([0.02, 0.2], [0.4, 0.25]), crease([0.4, 0.25], [0.8, 0.6])), bases),
    ).toBe('toward-moon');
  });
  it('is unsaid for a trace that stops before the ring finger, and within the band between the classes', () => {
    expect(headLineEnd(crease([0.02, 0.2], [0.5, 0.22]), bases)).toBeNull();
    expect(headLineEnd(crease([0.02, 0.2], [0.85, 0.5]), bases)).toBeNull();
  });
});

describe('life line arc', () => {
  const bow = (widest: number) =>
    joined(crease([0.05, 0.2], [widest, 0.5]), crease([widest, 0.5], [widest - 0.05, 0.9]));
  it('is wide where the line swings past the middle of the palm, even on a partial trace', () => {
    expect(lifeLineArc(bow(0.62), bases)).toBe('wide');
    expect(lifeLineArc(crease([0.05, 0.2], [0.62, 0.45]), bases)).toBe('wide');
  });
  it('is narrow or medium only where the whole bow was traced', () => {
    expect(lifeLineArc(bow(0.22), bases)).toBe('narrow');
    expect(lifeLineArc(bow(0.42), bases)).toBe('medium');
    expect(lifeLineArc(crease([0.05, 0.2], [0.22, 0.45]), bases)).toBeNull();
  });
  it('is unsaid near a boundary', () => {
    expect(lifeLineArc(bow(0.5), bases)).toBeNull();
    expect(lifeLineArc(bow(0.33), bases)).toBeNull();
  });
});

describe('fate line start', () => {
  const life = crease([0.05, 0.2], [0.45, 0.6]);
  it('starts at the wrist, on the life line or on the Moon mount', () => {
    expect(fateLineStart(crease([0.55, 0.92], [0.5, 0.3]), life)).toBe('wrist');
    expect(fateLineStart(crease([0.45, 0.6], [0.5, 0.3]), life)).toBe('life-line');
    expect(fateLineStart(crease([0.8, 0.7], [0.5, 0.3]), life)).toBe('moon-mount');
  });
  it('never starts in mid-palm: its lower part may just not have been seen', () => {
    expect(fateLineStart(crease([0.55, 0.6], [0.5, 0.3]), life)).toBeNull();
    expect(fateLineStart([], life)).toBeNull();
  });
});

describe('line features in the profile', () => {
  const clear = (trace: PalmPoint[], extra: Partial<LineObservation> = {}): LineObservation => ({
    seen: true,
    confidence: 0.7,
    length: 'long',
    depth: 'clear',
    anchor: toImage(trace[0]!),
    trace: trace.map(toImage),
    ...extra,
  });
  const observation = (): PalmObservation => {
    const copy = structuredClone(PALM_FIXTURES['water-left-fine-lines']);
    copy.landmarks = LANDMARKS.map((p) => ({ ...p }));
    copy.lines.heart = clear(crease([0.95, 0.14], [0.34, 0.04]), {
      beyond: crease([0.34, 0.04], [0.05, 0.09]).map(toImage),
    });
    copy.lines.head = clear(crease([0.02, 0.2], [0.85, 0.3]));
    copy.lines.life = clear(joined(crease([0.1, 0.23], [0.62, 0.5]), crease([0.62, 0.5], [0.55, 0.9])));
    copy.lines.fate = clear(crease([0.55, 0.92], [0.5, 0.3]));
    return copy;
  };

  it('states each feature from the traces and the landmarks, and the contract accepts them', () => {
    const profile = measuredProfile(observation());
    expect({
      heartLineEnd: profile.heartLineEnd,
      headLineStart: profile.headLineStart,
      headLineEnd: profile.headLineEnd,
      lifeLineArc: profile.lifeLineArc,
      fateLineStart: profile.fateLineStart,
    }).toEqual({
      heartLineEnd: 'under-jupiter',
      headLineStart: 'joined-to-life',
      headLineEnd: 'level',
      lifeLineArc: 'wide',
      fateLineStart: 'wrist',
    });
    expect(palmProfileSchema.parse(profile)).toEqual(profile);
  });

  it('quotes the reach it was judged on beside the finding', () => {
    const findings = interpret(observation(), answers(), PALM_RULES, measuredProfile(observation()), []);
    const jupiter = findings.find((f) => f.basis === 'Heart line: ends under Jupiter');
    expect(jupiter?.measured).toContain('heart line followed to 95% of the way across the palm');
  });

  it('reads nothing off a line seen only faintly or unsurely', () => {
    const faint = observation();
    const { length: _faint, ...heart } = faint.lines.heart;
    faint.lines.heart = heart;
    faint.lines.life = { ...faint.lines.life, confidence: 0.3 };
    const features = lineFeatures(faint, (line) => line.seen && line.confidence >= 0.5);
    expect(features.heartLineEnd).toBeNull();
    expect(features.lifeLineArc).toBeNull();
    expect(features.headLineStart).toBeNull();
    expect(features.headLineEnd).toBe('level');
  });

  it('states a line long from a long trace, never short or medium from a trace that may be partial', () => {
    const o = observation();
    expect(measuredProfile(o).heartLineLength).toBe('long');
    o.lines.heart = { ...o.lines.heart, length: 'short' };
    o.lines.head = { ...o.lines.head, length: 'medium' };
    const profile = measuredProfile(o);
    expect(profile.heartLineLength).toBeNull();
    expect(profile.headLineLength).toBeNull();
  });
});
