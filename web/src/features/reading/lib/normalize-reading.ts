import {
  PROFILE_TRAIT_CLASSES,
  TRACED_LINE_NAMES,
  type LineTrace,
  type PalmProfile,
  type ReadingResult,
  type ReadingSection,
  type ReadingTheme,
  type VisualMarker,
} from '@palm/contracts';
import { upgradeOlderReading } from './older-readings';

/** A marker as the report draws it: the contract's, its position flattened and its gaps filled. */
export type ShownMarker = Omit<VisualMarker, 'coordinates' | 'explains'> & {
  x: number;
  y: number;
  explains: string[];
};

export type ShownReading =
  | { kind: 'empty' }
  | { kind: 'unknown' }
  | {
      kind: 'sections';
      sections: ReadingSection[];
      /** The threads told before the sections; empty for readings made before themes existed. */
      themes: ReadingTheme[];
      markers: ShownMarker[];
      /** Traced lines; null for readings made before traces existed (nothing is said about lines). */
      traces: LineTrace[] | null;
      /** The palm profile's stated classes; null for readings made before the profile existed. */
      profile: PalmProfile | null;
    };

export const DEFAULT_MARKER_LABEL = 'Palm Feature';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isPercent = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;
const isPoint = (value: unknown) => isObject(value) && isPercent(value.x) && isPercent(value.y);
const listOf = (value: unknown, item: (entry: unknown) => boolean) =>
  Array.isArray(value) && value.every(item);
const optional = (value: unknown, check: (present: unknown) => boolean) =>
  value === undefined || check(value);

const isSection = (value: unknown) =>
  isObject(value) &&
  [value.area, value.title, value.subtitle, value.content, value.details].every(isString) &&
  isStrings(value.insights) &&
  isStrings(value.basis) &&
  optional(
    value.howWeRead,
    (notes) =>
      isObject(notes) &&
      isStrings(notes.measured) &&
      isStrings(notes.lines) &&
      listOf(notes.terms, (term) => isObject(term) && isString(term.tag) && isString(term.vedic)),
  );

const isMarker = (value: unknown) =>
  isObject(value) &&
  [value.id, value.label, value.description, value.style].every(isString) &&
  isPoint(value.coordinates) &&
  optional(value.explains, isStrings);

const isTrace = (value: unknown) =>
  isObject(value) &&
  (TRACED_LINE_NAMES as readonly unknown[]).includes(value.line) &&
  isString(value.name) &&
  listOf(value.points, isPoint) &&
  (value.points as unknown[]).length >= 2 &&
  typeof value.confidence === 'number';

const isProfile = (value: unknown) =>
  isObject(value) &&
  Object.entries(value).every(
    ([trait, found]) =>
      found === null ||
      (trait in PROFILE_TRAIT_CLASSES &&
        (PROFILE_TRAIT_CLASSES[trait as keyof PalmProfile] as readonly unknown[]).includes(found)),
  );

/**
 * Whether a stored reading has the shape the contract declares today (readingResultSchema, checked
 * by hand so the report's bundle carries no schema library). Anything else is an older shape.
 */
function isCurrentReading(value: unknown): value is ReadingResult {
  return (
    isObject(value) &&
    listOf(value.sections, isSection) &&
    listOf(value.visual_markers, isMarker) &&
    optional(value.themes, (themes) =>
      listOf(
        themes,
        (theme) =>
          isObject(theme) && isString(theme.title) && isString(theme.text) && isStrings(theme.features),
      ),
    ) &&
    optional(value.line_traces, (traces) => listOf(traces, isTrace)) &&
    optional(value.profile, isProfile)
  );
}

function shown(reading: ReadingResult): ShownReading {
  if (reading.sections.length === 0) return { kind: 'empty' };
  return {
    kind: 'sections',
    sections: reading.sections,
    themes: (reading.themes ?? []).filter((theme) => theme.title.trim() && theme.text.trim()),
    markers: reading.visual_markers.map(({ coordinates, explains, label, ...marker }) => ({
      ...marker,
      label: label.trim() || DEFAULT_MARKER_LABEL,
      x: coordinates.x,
      y: coordinates.y,
      explains: explains ?? [],
    })),
    traces: reading.line_traces ?? null,
    profile: reading.profile ?? null,
  };
}

/**
 * GET /api/reading's `reading` as the report shows it. Today's readings have the contract's shape;
 * readings stored before it (spec §3's other shapes, or sections with fields missing) are upgraded
 * to it first (older-readings.ts). What neither describes cannot be displayed.
 */
export function normalizeReading(stored: unknown): ShownReading {
  if (stored === null || stored === undefined) return { kind: 'empty' };
  if (isCurrentReading(stored)) return shown(stored);
  const upgraded = upgradeOlderReading(stored);
  return upgraded === 'empty' || upgraded === 'unknown' ? { kind: upgraded } : shown(upgraded);
}
