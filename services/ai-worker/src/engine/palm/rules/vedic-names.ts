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
