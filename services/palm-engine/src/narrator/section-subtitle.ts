import { listInWords, VEDIC_LINES, VEDIC_MOUNTS } from '@palm/contracts';
import { FINGER_NAMES_IN_TEXT as FINGER, TATTVA_LABELS } from '../rules/vedic-names';
import type { ElementalHandType, MountName } from '../palm-observation';
import { isLineName, type HandFeature } from './palm-description';

/** A subtitle names a few features; the rest are in the basis tags and "How we read this". */
const FEATURES_IN_SUBTITLE = 4;

/** The header of a section that read nothing of this palm: it says so rather than name the whole hand. */
export const NOTHING_READ_SUBTITLE = 'Not clearly shown in this photo';

/** The palm traits a section can read, named as in the glossary where the tradition has a name for them. */
const TRAIT_NAMES: Record<string, readonly string[]> = {
  palmShape: ['palm shape'],
  fingers: ['finger length'],
  spacing: ['finger spacing'],
  thumb: [FINGER.thumb],
  thumbAngle: [FINGER.thumb],
  indexVsRing: [FINGER.index, FINGER.ring],
  littleFinger: [FINGER.little],
  middleFinger: [FINGER.middle],
  creases: ['fine creases'],
};

/** How a header names a feature: a line or mount by its Vedic name, the element by its tattva. */
export function namesOf(feature: HandFeature, handType: ElementalHandType | null): readonly string[] {
  if (feature === 'handType') return handType ? [`${TATTVA_LABELS[handType]} hand`] : [];
  if (isLineName(feature)) return [VEDIC_LINES[feature].vedic];
  if (feature.startsWith('mount.')) return [VEDIC_MOUNTS[feature.slice('mount.'.length) as MountName].vedic];
  return TRAIT_NAMES[feature] ?? [];
}

/**
 * A section's subtitle names what the section's text read or leaned on, on this palm — the
 * features its findings read first, strongest first, then those it describes or refers to — so a
 * header never promises a mount or a line left unread. The hand's element leads where the section
 * reads it; a section that read nothing of this palm says so.
 */
export function sectionSubtitle(
  features: readonly HandFeature[],
  handType: ElementalHandType | null,
): string {
  const hand = features.includes('handType') ? namesOf('handType', handType)[0] : undefined;
  const names = [
    ...new Set(features.filter((feature) => feature !== 'handType').flatMap((f) => namesOf(f, handType))),
  ];
  const listed = names.length > 0 ? listInWords(names.slice(0, FEATURES_IN_SUBTITLE)) : undefined;
  const subtitle = [hand, listed].filter(Boolean).join(' · ') || NOTHING_READ_SUBTITLE;
  return subtitle.charAt(0).toUpperCase() + subtitle.slice(1);
}
