import { LIFE_AREAS, type LifeArea, type ReadingSection, type VisualMarker } from '@palm/contracts';
import {
  LINE_NAMES,
  MOUNT_NAMES,
  type LineName,
  type MountName,
  type PalmObservation,
  type Point,
} from '../palm-observation';
import { backReferences } from '../narrator/back-reference';
import { byStrength, type Finding } from '../rules/palm-rule';
import { LINE_LABELS, MOUNT_LABELS } from '../rules/vedic-names';
import { keepInside } from './polygon';

/** A line gets a marker only when it was seen this surely; a mount always gets one, with a caution. */
const LINE_MARKER_CONFIDENCE = 0.5;
const PALM_CENTRE_LANDMARKS = [0, 5, 9, 13, 17];

const AREA_LABELS: Record<LifeArea, string> = {
  love: 'Love',
  career: 'Career',
  health: 'Energy',
  money: 'Money',
  spiritual: 'Spirit',
};

const MOUNT_MEANINGS: Record<MountName, string> = {
  guru: 'Traditionally tied to ambition, leadership and ideals.',
  shani: 'Traditionally tied to discipline, patience and depth.',
  surya: 'Traditionally tied to creativity, recognition and joy.',
  budh: 'Traditionally tied to communication, trade and wit.',
  shukra: 'Traditionally tied to warmth, affection and vitality.',
  chandra: 'Traditionally tied to imagination, intuition and travel.',
  mangal_inner: 'Traditionally tied to drive and physical courage.',
  mangal_outer: 'Traditionally tied to resilience and staying power.',
  rahu: 'The centre of the palm, where the plain of Mars lies between the heart and head lines.',
};

const LINE_MEANINGS: Record<LineName, string> = {
  heart: 'Seen in your photo; the tradition reads feelings and affection here.',
  head: 'Seen in your photo; the tradition reads thinking style here.',
  life: 'Seen in your photo; the tradition reads energy and vitality here.',
  fate: 'Seen in your photo; the tradition reads purpose and career direction here.',
  sun: 'Seen in your photo; the tradition reads recognition and creative reward here.',
  marriage: 'Seen in your photo; the tradition reads close partnership here.',
};

const MOUNT_CAUTION = 'Mounts show only faintly in a flat photo, so the reading gives this little weight.';

/** "Heart line · Hridaya rekha": the English name first, so a screen reader names the feature plainly. */
const englishFirst = (label: string) => {
  const name = label.split(' · ').reverse().join(' · ');
  return name.charAt(0).toUpperCase() + name.slice(1);
};

const round = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;

function palmCentre(observation: PalmObservation): Point {
  const points = PALM_CENTRE_LANDMARKS.map((i) => observation.landmarks[i]).filter((p): p is Point => !!p);
  if (points.length === 0) return observation.mounts.rahu.anchor;
  return {
    x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
    y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
  };
}

/** What the reading says at this place: the strongest finding there, tagged with its sections. */
function strongestAt(
  findings: readonly Finding[],
  matches: (finding: Finding) => boolean,
): { text: string; finding: Finding } | undefined {
  const here = findings.filter(matches).sort(byStrength);
  const top = here[0];
  if (!top) return undefined;
  const areas = LIFE_AREAS.filter((area) => here.some((finding) => finding.area === area)).map(
    (a) => AREA_LABELS[a],
  );
  const claim = (top.phrasings[0] ?? '').split(/[:;]/)[0]?.trim() ?? '';
  return { text: `${areas.join(' · ')}: ${claim.replace(/[.!?]$/, '')}.`, finding: top };
}

/** One marker per mount and per confidently seen line, at the observer's anchors, kept on the hand. */
export function palmMarkers(observation: PalmObservation, findings: readonly Finding[]): VisualMarker[] {
  const centre = palmCentre(observation);
  const at = (anchor: Point) => {
    const point = keepInside(anchor, observation.outline, centre);
    return { x: round(point.x), y: round(point.y) };
  };
  const mounts = MOUNT_NAMES.map((mount): VisualMarker => {
    const said = strongestAt(findings, (f) => f.place?.kind === 'mount' && f.place.mount === mount);
    // A finger measured below the mount is reliable; only the bulge itself needs the caution.
    const fromGeometry = said?.finding.evidence.every((e) => e.kind !== 'mount') ?? false;
    return {
      id: `mount-${mount.replace('_', '-')}`,
      label: englishFirst(MOUNT_LABELS[mount]),
      description:
        fromGeometry && said ? said.text : `${said?.text ?? MOUNT_MEANINGS[mount]} ${MOUNT_CAUTION}`,
      style: 'mount',
      coordinates: at(observation.mounts[mount].anchor),
    };
  });
  const lines = LINE_NAMES.filter((line) => {
    const seen = observation.lines[line];
    return seen.seen && seen.confidence >= LINE_MARKER_CONFIDENCE;
  }).map((line): VisualMarker => ({
    id: `line-${line}`,
    label: englishFirst(LINE_LABELS[line]),
    description:
      strongestAt(findings, (f) => f.place?.kind === 'line' && f.place.line === line)?.text ??
      LINE_MEANINGS[line],
    style: 'line',
    coordinates: at(observation.lines[line].anchor),
  }));
  return [...lines, ...mounts];
}

const placeId = (finding: Finding) =>
  finding.place?.kind === 'line'
    ? `line-${finding.place.line}`
    : finding.place
      ? `mount-${finding.place.mount.replace('_', '-')}`
      : undefined;

/** The reading's prose split at sentence ends, as the report splits it to link sentences. */
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?…])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/**
 * A wording's clause as it stands inside a longer sentence: no final stop, any first letter case,
 * or referring back to its feature where the clause before names it ("…, and such a thumb points").
 */
const clausesOf = (phrasing: string) => {
  const core = phrasing.replace(/[.!?…]$/, '');
  return [core, core.charAt(0).toLowerCase() + core.slice(1), ...backReferences(core)];
};

/**
 * Ties each marker to the sentences of the reading it explains: the sentences that say the wordings
 * of the findings at its place (alone, or joined with another finding's). A narrator that rewrote
 * them leaves the markers unlinked.
 */
export function linkMarkers(
  markers: readonly VisualMarker[],
  findings: readonly Finding[],
  sections: readonly ReadingSection[],
): VisualMarker[] {
  const sentences = sections
    .flatMap((section) => [...section.insights, section.content, section.details])
    .flatMap(sentencesOf);
  return markers.map((marker) => {
    const explains = [
      ...new Set(
        findings
          .filter((finding) => placeId(finding) === marker.id)
          .flatMap((finding) => finding.phrasings)
          .flatMap((phrasing) => {
            const clauses = clausesOf(phrasing);
            return sentences.filter((sentence) => clauses.some((clause) => sentence.includes(clause)));
          }),
      ),
    ];
    return explains.length > 0 ? { ...marker, explains } : marker;
  });
}
