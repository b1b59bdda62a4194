import type { LifeArea, ReadingResult } from '@palm/contracts';
import { isFixedLine } from '../../src/narrator/area-texts';

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

export const basisByArea = (result: ReadingResult) =>
  Object.fromEntries(result.sections.map((s) => [s.area, s.basis])) as Record<LifeArea, string[]>;
