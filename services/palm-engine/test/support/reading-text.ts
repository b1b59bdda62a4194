import { VEDIC_LINES, type ReadingResult, type ReadingSection, type ReadingTheme } from '@palm/contracts';
import { isFixedLine } from '../../src/narrator/area-texts';
import { LINE_NAMES } from '../../src/palm-observation';

/** The sentences a visitor reads in the sections' bodies. */
export const prose = (result: ReadingResult) =>
  result.sections.flatMap((s) => [...s.insights, s.content, s.details]);

/** Every text of a reading: headings, tags, prose and the markers' labels. */
export const allText = (result: ReadingResult) =>
  [
    ...result.sections.flatMap((s) => [s.title, s.subtitle, ...s.basis]),
    ...prose(result),
    ...result.visual_markers.flatMap((m) => [m.label, m.description]),
  ].join('\n');

/**
 * The prose split at sentence ends: the unit the distinctness tests compare readings by. A thin
 * section's empty paragraph is no sentence, so it is not counted as one two readings share, and
 * neither are the fixed lines every reading may share (`isFixedLine`).
 */
export const sentences = (result: ReadingResult) =>
  new Set(
    [...(result.themes ?? []).map((theme) => theme.text), ...prose(result)]
      .flatMap((text) => text.split(/(?<=[.!?…])\s+/).map((s) => s.trim()))
      .filter((sentence) => sentence && !isFixedLine(sentence)),
  );

/** Where a line is named only as a landmark of another ("starting joined to the life line"). */
const LANDMARKS =
  /\b(?:joined to|apart from|past|near|out of) the (?:heart|head|life|fate) line\b|\bhead and life lines\b|\bleaves the life line\b/gi;
const ELEMENT = /\b(?:Prithvi|Vayu|Agni|Jal)\b|\b(?:earth|air|fire|water) (?:hand|element)\b/i;

/** The lines and the element a text names, by their English or Vedic names. */
const namedIn = (text: string): string[] => [
  ...LINE_NAMES.filter((line) => new RegExp(`\\b${line} line|${VEDIC_LINES[line].vedic}`, 'i').test(text)),
  ...(ELEMENT.test(text) ? ['handType'] : []),
];

/**
 * The lines (and the hand's element, as `handType`) a section's prose names, read from the words
 * alone, independently of what the narrator reports: a check on that report. A line named only as a
 * landmark of another is left out; a sentence that names no feature of its own but refers to the
 * opening themes by title ("yours comes back again and again to “Quiet depth”…") names theirs.
 */
export function linesNamedIn(section: ReadingSection, themes: readonly ReadingTheme[] = []): string[] {
  const text = [...section.insights, section.content, section.details].join(' ').replace(LANDMARKS, '');
  return [
    ...new Set(
      text.split(/(?<=[.!?…])\s+/).flatMap((sentence) => {
        const own = namedIn(sentence);
        if (own.length > 0 || /\byour\b/i.test(sentence)) return own;
        const titled = themes.filter((theme) => sentence.includes(`“${theme.title}”`));
        return namedIn(
          titled
            .flatMap((theme) => theme.features)
            .join(' ')
            .replace(LANDMARKS, ''),
        );
      }),
    ),
  ];
}
