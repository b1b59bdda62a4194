/**
 * The one Vedic glossary: each term has one transliteration, used by the engine's sentences, tags
 * and markers, by the loading view and, through the engine's text, by the report and the PDF.
 * It lives here, beside the other shared words, so the browser gets it without the engine.
 */
interface GlossaryTerm {
  vedic: string;
  english: string;
}

export const VEDIC_LINES = {
  heart: { vedic: 'Hridaya rekha', english: 'Heart line' },
  head: { vedic: 'Mastishk rekha', english: 'Head line' },
  life: { vedic: 'Jeevan rekha', english: 'Life line' },
  fate: { vedic: 'Bhagya rekha', english: 'Fate line' },
  sun: { vedic: 'Surya rekha', english: 'Sun line' },
  marriage: { vedic: 'Vivah rekha', english: 'Marriage lines' },
} as const satisfies Record<string, GlossaryTerm>;

export const VEDIC_MOUNTS = {
  guru: { vedic: 'Guru parvat', english: 'Mount of Jupiter' },
  shani: { vedic: 'Shani parvat', english: 'Mount of Saturn' },
  surya: { vedic: 'Surya parvat', english: 'Mount of the Sun' },
  budh: { vedic: 'Budh parvat', english: 'Mount of Mercury' },
  shukra: { vedic: 'Shukra parvat', english: 'Mount of Venus' },
  chandra: { vedic: 'Chandra parvat', english: 'Mount of the Moon' },
  mangal_inner: { vedic: 'Mangal parvat', english: 'inner Mount of Mars' },
  mangal_outer: { vedic: 'Mangal parvat', english: 'outer Mount of Mars' },
  rahu: { vedic: 'Rahu kshetra', english: 'Plain of Mars' },
} as const satisfies Record<string, GlossaryTerm>;

export const VEDIC_TATTVAS = {
  earth: { vedic: 'Prithvi', english: 'earth' },
  air: { vedic: 'Vayu', english: 'air' },
  fire: { vedic: 'Agni', english: 'fire' },
  water: { vedic: 'Jal', english: 'water' },
} as const satisfies Record<string, GlossaryTerm>;

export const VEDIC_FINGERS = {
  index: { vedic: 'Guru anguli', english: 'index finger' },
  middle: { vedic: 'Shani anguli', english: 'middle finger' },
  ring: { vedic: 'Surya anguli', english: 'ring finger' },
  little: { vedic: 'Budh anguli', english: 'little finger' },
  thumb: { vedic: 'Angushtha', english: 'thumb' },
} as const satisfies Record<string, GlossaryTerm>;
