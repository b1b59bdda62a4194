import { VEDIC_FINGERS, VEDIC_LINES, VEDIC_MOUNTS } from '@palm/contracts';
import { listInWords } from '../rules/measured-facts';
import type { Finding } from '../rules/palm-rule';
import { TATTVA_LABELS } from '../rules/vedic-names';
import { LINE_OF_ANATOMY } from './palm-description';
import type { ElementalHandType, LineName, MountName } from '../palm-observation';

/** A subtitle names a few features; the rest are in the basis tags and "How we read this". */
const FEATURES_IN_SUBTITLE = 4;

const finger = (name: keyof typeof VEDIC_FINGERS) =>
  `${VEDIC_FINGERS[name].vedic} (${VEDIC_FINGERS[name].english})`;

/**
 * The palm traits a finding can read, named as in the glossary where the tradition has a name for
 * them. The hand type is not here: the subtitle names it first, where the section reads it.
 */
const TRAIT_NAMES: Record<string, readonly string[]> = {
  palmShape: ['palm shape'],
  fingers: ['finger length'],
  spacing: ['finger spacing'],
  thumb: [finger('thumb')],
  thumbAngle: [finger('thumb')],
  indexVsRing: [finger('index'), finger('ring')],
  ringMuchLonger: [finger('index'), finger('ring')],
  littleFinger: [finger('little')],
  middleFinger: [finger('middle')],
  creases: ['fine creases'],
};

function namesOf(feature: string): readonly string[] {
  const anatomy = LINE_OF_ANATOMY[feature];
  if (anatomy) return [VEDIC_LINES[anatomy].vedic];
  const [subject, detail] = feature.split('.');
  if (subject === 'mount') return [VEDIC_MOUNTS[detail as MountName].vedic];
  if (subject! in VEDIC_LINES) return [VEDIC_LINES[subject as LineName].vedic];
  return TRAIT_NAMES[subject!] ?? [];
}

/**
 * A section's subtitle names what the section actually read on this palm — its findings' lines,
 * mounts and traits, strongest first — so a header never promises a mount or a line left unread.
 * The hand type leads when a finding reads it or the section's tips are chosen by it (`handTips`).
 */
export function sectionSubtitle(
  findings: readonly Finding[],
  handType: ElementalHandType | null,
  handTips: boolean,
): string {
  const reads = findings.flatMap((finding) => finding.reads);
  const names = [...new Set(reads.flatMap(namesOf))];
  const features = names.length > 0 ? listInWords(names.slice(0, FEATURES_IN_SUBTITLE)) : undefined;
  const readsHand = handTips || reads.includes('handType');
  const hand = handType && readsHand ? `${TATTVA_LABELS[handType]} hand` : undefined;
  const subtitle = [hand, features].filter(Boolean).join(' · ') || 'The hand as a whole';
  return subtitle.charAt(0).toUpperCase() + subtitle.slice(1);
}
