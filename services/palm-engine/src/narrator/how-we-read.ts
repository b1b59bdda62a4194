import type { HowWeRead, LifeArea } from '@palm/contracts';
import type { LineName, PalmObservation } from '../palm-observation';
import type { Finding } from '../rules/palm-rule';
import { LINE_LABELS, vedicNameOf } from '../rules/vedic-names';

/**
 * The "How we read this" panel of every section, whichever narrator wrote its words: the
 * measurements behind its findings, the lines it leans on and how surely they were seen, and the
 * Vedic names of its tags.
 */

/** How many findings a section speaks of, unless the narrator says otherwise. */
export const FINDINGS_PER_SECTION = 8;
const LINE_CONFIDENCE = 0.5;

/** The main lines each section would lean on; when one was not seen, the section says so. */
export const SECTION_LINES: Record<LifeArea, readonly LineName[]> = {
  love: ['heart'],
  career: ['head', 'fate'],
  health: ['life'],
  money: ['fate'],
  spiritual: [],
};

/** Whether a line was seen surely enough to read. */
export const lineSeen = (observation: PalmObservation, line: LineName) =>
  observation.lines[line].seen && observation.lines[line].confidence >= LINE_CONFIDENCE;

/** The Vedic names behind a section's tags, for the tags that have one. */
export const termsOf = (tags: readonly string[]): HowWeRead['terms'] =>
  [...new Set(tags)].flatMap((tag) => {
    const vedic = vedicNameOf(tag);
    return vedic ? [{ tag, vedic }] : [];
  });

/**
 * A compound measurement ("palm 1.31 times as long as wide, middle finger 95% of the palm’s
 * length") splits into its numbers, so a part quoted alone elsewhere is not quoted twice; a line's
 * description ("heart line traced long, gently curved, deep") stays whole.
 */
function measurementParts(fact: string): string[] {
  const parts = fact.split(', ');
  return parts.every((part) => /\d/.test(part)) ? parts : [fact];
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const englishLineName = (line: LineName) => LINE_LABELS[line].split(' · ')[1]!;
const vedicLineName = (line: LineName) => LINE_LABELS[line].split(' · ')[0]!;

/**
 * The "How we read this" panel of each section: the measurements its findings rest on, each
 * quoted once in the reading (where it first matters), the lines it leans on and how surely they
 * were seen, and the Vedic names of its tags. Also used for sections another narrator wrote.
 */
export function howWeReadByArea(
  findings: readonly Finding[],
  observation: PalmObservation,
  areas: readonly LifeArea[],
  perSection = FINDINGS_PER_SECTION,
): Map<LifeArea, HowWeRead> {
  const quoted: string[] = [];
  const linesNoted = new Set<LineName>();
  const byArea = new Map<LifeArea, HowWeRead>();
  for (const area of areas) {
    const here = findings.filter((finding) => finding.area === area).slice(0, perSection);
    const measured: string[] = [];
    for (const part of here.flatMap((finding) => finding.measured.flatMap(measurementParts))) {
      if (quoted.some((earlier) => earlier.includes(part) || part.includes(earlier))) continue;
      quoted.push(part);
      measured.push(sentenceCase(part));
    }
    const linesHere = new Set<LineName>([
      ...SECTION_LINES[area],
      ...here.flatMap((finding) =>
        finding.evidence.flatMap((item) => (item.kind === 'line' ? [item.line] : [])),
      ),
    ]);
    const lines: string[] = [];
    for (const line of linesHere) {
      if (linesNoted.has(line)) continue;
      linesNoted.add(line);
      const name = `${englishLineName(line)} (${vedicLineName(line)})`;
      if (!lineSeen(observation, line)) {
        lines.push(`${name}: not clearly visible in this photo`);
      } else if (!quoted.some((fact) => fact.startsWith(englishLineName(line).toLowerCase()))) {
        lines.push(`${name}: seen, ${Math.round(observation.lines[line].confidence * 100)}% sure`);
      }
    }
    byArea.set(area, { measured, lines, terms: termsOf(here.map((finding) => finding.basis)) });
  }
  return byArea;
}
