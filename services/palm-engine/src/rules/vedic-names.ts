import type { ElementalHandType, LineName, MountName } from '../palm-observation';

/** The Vedic name first, the English one beside it: how features are named in tags and markers. */
export const MOUNT_LABELS: Record<MountName, string> = {
  guru: 'Guru parvat · Mount of Jupiter',
  shani: 'Shani parvat · Mount of Saturn',
  surya: 'Surya parvat · Mount of the Sun',
  budh: 'Budh parvat · Mount of Mercury',
  shukra: 'Shukra parvat · Mount of Venus',
  chandra: 'Chandra parvat · Mount of the Moon',
  mangal_inner: 'Mangal parvat · inner Mount of Mars',
  mangal_outer: 'Mangal parvat · outer Mount of Mars',
  rahu: 'Rahu kshetra · Plain of Mars',
};

export const LINE_LABELS: Record<LineName, string> = {
  heart: 'Hridaya rekha · Heart line',
  head: 'Mastishk rekha · Head line',
  life: 'Jeevan rekha · Life line',
  fate: 'Bhagya rekha · Fate line',
  sun: 'Surya rekha · Sun line',
  marriage: 'Vivah rekha · Marriage lines',
};

/** Short names used inside sentences. */
export const LINE_NAMES_IN_TEXT: Record<LineName, string> = {
  heart: 'Hridaya rekha (heart line)',
  head: 'Mastishk rekha (head line)',
  life: 'Jeevan rekha (life line)',
  fate: 'Bhagya rekha (fate line)',
  sun: 'Surya rekha (sun line)',
  marriage: 'Vivah rekha (marriage lines)',
};

export const TATTVA_LABELS: Record<ElementalHandType, string> = {
  earth: 'Prithvi (earth)',
  air: 'Vayu (air)',
  fire: 'Agni (fire)',
  water: 'Jal (water)',
};

/**
 * The Vedic names behind the English words of the short basis tags ("Heart line: long", "Air hand"),
 * shown in the tag's tooltip and the "How we read this" panel. Longer phrases come first so that
 * "inner Mars mount" is not read as "Mars mount".
 */
const VEDIC_TERMS: readonly (readonly [RegExp, string])[] = [
  [/heart line/i, 'Hridaya rekha'],
  [/head line/i, 'Mastishk rekha'],
  [/life line/i, 'Jeevan rekha'],
  [/fate line/i, 'Bhagya rekha'],
  [/sun line/i, 'Surya rekha'],
  [/marriage line/i, 'Vivah rekha'],
  [/earth hand/i, 'Prithvi tattva'],
  [/air hand/i, 'Vayu tattva'],
  [/fire hand/i, 'Agni tattva'],
  [/water hand/i, 'Jal tattva'],
  [/jupiter mount/i, 'Guru parvat'],
  [/saturn mount/i, 'Shani parvat'],
  [/sun mount/i, 'Surya parvat'],
  [/mercury mount/i, 'Budh parvat'],
  [/venus mount/i, 'Shukra parvat'],
  [/moon mount/i, 'Chandra parvat'],
  [/mars mount/i, 'Mangal parvat'],
  [/plain of mars/i, 'Rahu kshetra'],
  [/index finger|index and ring/i, 'Guru anguli (index finger)'],
  [/middle finger/i, 'Shani anguli (middle finger)'],
  [/ring finger|index and ring/i, 'Surya anguli (ring finger)'],
  [/little finger/i, 'Budh anguli (little finger)'],
  [/thumb/i, 'Angushtha (thumb)'],
];

/** "Heart line: long" → "Hridaya rekha"; undefined for a tag with no Vedic name (e.g. "Square palm"). */
export function vedicNameOf(tag: string): string | undefined {
  const names = VEDIC_TERMS.filter(([pattern]) => pattern.test(tag)).map(([, name]) => name);
  return names.length > 0 ? [...new Set(names)].join(' · ') : undefined;
}
