import type { PalmProfile } from '@palm/contracts';

/** A section as shown; every field is optional because older reading shapes carry less. */
export interface DisplaySection {
  key: string;
  area?: string;
  title?: string;
  subtitle?: string;
  insights: string[];
  content?: string;
  details?: string;
  basis: string[];
  /** The "How we read this" disclosure, when the reading carries one. */
  howWeRead?: DisplayHowWeRead;
  /** A free preview sent only the start of this section; the rest comes with the unlock. */
  locked?: boolean;
}

export interface DisplayHowWeRead {
  measured: string[];
  lines: string[];
  terms: { tag: string; vedic: string }[];
}

/** One of the threads a reading opens with. */
export interface DisplayTheme {
  title: string;
  text: string;
}

export const TRACE_LINES = ['heart', 'head', 'life', 'fate', 'sun'] as const;
export type TraceLine = (typeof TRACE_LINES)[number];

export interface DisplayTrace {
  line: TraceLine;
  name: string;
  points: { x: number; y: number }[];
  length?: string;
  curvature?: string;
  depth?: string;
  breaks?: number;
  confidence: number;
}

export interface DisplayMarker {
  id: string;
  label: string;
  description: string;
  style?: string;
  x: number;
  y: number;
  /** Sentences of the reading this marker explains, verbatim. */
  explains: string[];
}

export type NormalizedReading =
  | { kind: 'empty' }
  | { kind: 'unknown' }
  | {
      kind: 'sections';
      sections: DisplaySection[];
      markers: DisplayMarker[];
      /** Traced lines; null for readings made before traces existed (nothing is said about lines). */
      traces: DisplayTrace[] | null;
      /** The palm profile's stated classes; null for readings made before the profile existed. */
      profile: PalmProfile | null;
      /** The threads told before the sections; absent or empty for readings made before themes existed. */
      themes?: DisplayTheme[];
    };

export const DEFAULT_MARKER_LABEL = 'Palm Feature';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];

const titleCase = (value: string): string =>
  value.replace(/[_-]+/g, ' ').replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

function hasBody(section: DisplaySection): boolean {
  return Boolean(section.title || section.content || section.details || section.insights.length > 0);
}

function toSection(value: unknown, key: string, area?: string): DisplaySection | null {
  if (typeof value === 'string') {
    return value.trim()
      ? { key, area, title: area && titleCase(area), content: value, insights: [], basis: [] }
      : null;
  }
  if (!isObject(value)) return null;
  const sectionArea = text(value.area) ?? area;
  return {
    key,
    area: sectionArea,
    title: text(value.title) ?? (sectionArea ? titleCase(sectionArea) : undefined),
    subtitle: text(value.subtitle),
    insights: strings(value.insights),
    content: text(value.content),
    details: text(value.details),
    basis: strings(value.basis),
    howWeRead: toHowWeRead(value.howWeRead),
    ...(value.locked === true && { locked: true }),
  };
}

function toHowWeRead(value: unknown): DisplayHowWeRead | undefined {
  if (!isObject(value)) return undefined;
  const terms = Array.isArray(value.terms)
    ? value.terms.flatMap((term) =>
        isObject(term) && text(term.tag) && text(term.vedic)
          ? [{ tag: term.tag as string, vedic: term.vedic as string }]
          : [],
      )
    : [];
  return { measured: strings(value.measured), lines: strings(value.lines), terms };
}

const isCoordinate = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100;

function toTraces(value: unknown): DisplayTrace[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((item): DisplayTrace[] => {
    if (!isObject(item) || !TRACE_LINES.includes(item.line as TraceLine)) return [];
    const points = Array.isArray(item.points)
      ? item.points.filter(
          (p): p is { x: number; y: number } => isObject(p) && isCoordinate(p.x) && isCoordinate(p.y),
        )
      : [];
    if (points.length < 2) return [];
    const confidence =
      typeof item.confidence === 'number' && Number.isFinite(item.confidence) ? item.confidence : 0;
    return [
      {
        line: item.line as TraceLine,
        name: text(item.name) ?? titleCase(`${item.line as string} line`),
        points: points.map(({ x, y }) => ({ x, y })),
        length: text(item.length),
        curvature: text(item.curvature),
        depth: text(item.depth),
        breaks: typeof item.breaks === 'number' ? item.breaks : undefined,
        confidence: Math.min(1, Math.max(0, confidence)),
      },
    ];
  });
}

function toMarkers(value: unknown): DisplayMarker[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index): DisplayMarker[] => {
    if (!isObject(item) || !isObject(item.coordinates)) return [];
    const { x, y } = item.coordinates;
    if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
      return [];
    const clamp = (n: number) => Math.min(100, Math.max(0, n));
    return [
      {
        id: text(item.id) ?? `marker-${index}`,
        label: text(item.label) ?? DEFAULT_MARKER_LABEL,
        description: text(item.description) ?? '',
        style: text(item.style),
        x: clamp(x),
        y: clamp(y),
        explains: strings(item.explains),
      },
    ];
  });
}

function fromSectionList(
  list: unknown[],
  markers: DisplayMarker[],
  traces: DisplayTrace[] | null = null,
  profile: PalmProfile | null = null,
): NormalizedReading {
  const sections: DisplaySection[] = [];
  for (const [position, item] of list.entries()) {
    if (typeof item === 'string' && !item.trim()) continue;
    const section = toSection(item, `section-${position}`);
    if (!section) return { kind: 'unknown' };
    if (hasBody(section)) sections.push(section);
  }
  return sections.length > 0 ? { kind: 'sections', sections, markers, traces, profile } : { kind: 'empty' };
}

/**
 * Spec §3: the reading is an object holding content, a list of sections, an object with a
 * sections list, or a map of area to content. Anything else cannot be displayed.
 */
function toThemes(value: unknown): DisplayTheme[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isObject(item)) return [];
    const title = text(item.title);
    const body = text(item.text);
    return title && body ? [{ title, text: body }] : [];
  });
}

/** A stored profile: an object of trait ids to class ids or null; anything else is not shown. */
function toProfile(value: unknown): PalmProfile | null {
  if (!isObject(value)) return null;
  const valid = Object.values(value).every((item) => item === null || typeof item === 'string');
  return valid ? (value as PalmProfile) : null;
}

export function normalizeReading(reading: unknown): NormalizedReading {
  if (reading === null || reading === undefined) return { kind: 'empty' };

  if (Array.isArray(reading)) return fromSectionList(reading, []);

  if (!isObject(reading)) return { kind: 'unknown' };

  const markers = toMarkers(reading.visual_markers);
  const traces = toTraces(reading.line_traces);
  const profile = toProfile(reading.profile);

  if ('sections' in reading) {
    if (!Array.isArray(reading.sections)) return { kind: 'unknown' };
    const normalized = fromSectionList(reading.sections, markers, traces, profile);
    const themes = toThemes(reading.themes);
    return normalized.kind === 'sections' && themes.length > 0 ? { ...normalized, themes } : normalized;
  }

  if ('content' in reading) {
    if (typeof reading.content !== 'string') return { kind: 'unknown' };
    const section = toSection(reading, 'reading');
    return section && hasBody(section)
      ? { kind: 'sections', sections: [section], markers, traces, profile }
      : { kind: 'empty' };
  }

  const areas = Object.entries(reading).filter(
    ([key]) => key !== 'visual_markers' && key !== 'line_traces' && key !== 'profile' && key !== 'themes',
  );
  if (areas.length === 0) return { kind: 'empty' };
  const sections: DisplaySection[] = [];
  for (const [area, value] of areas) {
    if (typeof value !== 'string' && !isObject(value)) return { kind: 'unknown' };
    const section = toSection(value, `area-${area}`, area);
    if (section && hasBody(section)) sections.push(section);
  }
  return sections.length > 0 ? { kind: 'sections', sections, markers, traces, profile } : { kind: 'empty' };
}
