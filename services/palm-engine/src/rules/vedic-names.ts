import { VEDIC_FINGERS, VEDIC_LINES, VEDIC_MOUNTS, VEDIC_TATTVAS } from '@palm/contracts';
import type { ElementalHandType, LineName, MountName } from '../palm-observation';

/** The Vedic name first, the English one beside it: how features are named in tags and markers. */
const labelled = (term: { vedic: string; english: string }) => `${term.vedic} · ${term.english}`;
const inText = (term: { vedic: string; english: string }) => `${term.vedic} (${term.english.toLowerCase()})`;

const mapTerms = <K extends string, T>(terms: Record<K, T>, word: (term: T) => string): Record<K, string> =>
  Object.fromEntries(Object.entries(terms).map(([key, term]) => [key, word(term as T)])) as Record<K, string>;

export const MOUNT_LABELS: Record<MountName, string> = mapTerms(VEDIC_MOUNTS, labelled);

export const LINE_LABELS: Record<LineName, string> = mapTerms(VEDIC_LINES, labelled);

/** Short names used inside sentences. */
export const LINE_NAMES_IN_TEXT: Record<LineName, string> = mapTerms(VEDIC_LINES, inText);

/** The fingers by their Vedic names inside sentences: "Guru anguli (index finger)". */
export const FINGER_NAMES_IN_TEXT: Record<keyof typeof VEDIC_FINGERS, string> = mapTerms(
  VEDIC_FINGERS,
  inText,
);

export const TATTVA_LABELS: Record<ElementalHandType, string> = mapTerms(VEDIC_TATTVAS, inText);

/**
 * The Vedic names behind the English words of the short basis tags ("Heart line: long", "Air hand"),
 * shown in the tag's tooltip and the "How we read this" panel. Longer phrases come first so that
 * "inner Mars mount" is not read as "Mars mount".
 */
const VEDIC_TERMS: readonly (readonly [RegExp, string])[] = [
  [/heart line/i, VEDIC_LINES.heart.vedic],
  [/head line/i, VEDIC_LINES.head.vedic],
  [/life line/i, VEDIC_LINES.life.vedic],
  [/fate line/i, VEDIC_LINES.fate.vedic],
  [/sun line/i, VEDIC_LINES.sun.vedic],
  [/marriage line/i, VEDIC_LINES.marriage.vedic],
  [/earth hand/i, `${VEDIC_TATTVAS.earth.vedic} tattva`],
  [/air hand/i, `${VEDIC_TATTVAS.air.vedic} tattva`],
  [/fire hand/i, `${VEDIC_TATTVAS.fire.vedic} tattva`],
  [/water hand/i, `${VEDIC_TATTVAS.water.vedic} tattva`],
  [/jupiter mount/i, VEDIC_MOUNTS.guru.vedic],
  [/saturn mount/i, VEDIC_MOUNTS.shani.vedic],
  [/sun mount/i, VEDIC_MOUNTS.surya.vedic],
  [/mercury mount/i, VEDIC_MOUNTS.budh.vedic],
  [/venus mount/i, VEDIC_MOUNTS.shukra.vedic],
  [/moon mount/i, VEDIC_MOUNTS.chandra.vedic],
  [/mars mount/i, VEDIC_MOUNTS.mangal_inner.vedic],
  [/plain of mars/i, VEDIC_MOUNTS.rahu.vedic],
  [/index finger|index and ring/i, inText(VEDIC_FINGERS.index)],
  [/middle finger/i, inText(VEDIC_FINGERS.middle)],
  [/ring finger|index and ring/i, inText(VEDIC_FINGERS.ring)],
  [/little finger/i, inText(VEDIC_FINGERS.little)],
  [/thumb/i, inText(VEDIC_FINGERS.thumb)],
];

/** "Heart line: long" → "Hridaya rekha"; undefined for a tag with no Vedic name (e.g. "Square palm"). */
export function vedicNameOf(tag: string): string | undefined {
  const names = VEDIC_TERMS.filter(([pattern]) => pattern.test(tag)).map(([, name]) => name);
  return names.length > 0 ? [...new Set(names)].join(' · ') : undefined;
}
