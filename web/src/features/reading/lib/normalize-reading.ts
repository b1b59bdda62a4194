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
}

export interface DisplayMarker {
  id: string;
  label: string;
  description: string;
  style?: string;
  x: number;
  y: number;
}

export type NormalizedReading =
  | { kind: 'empty' }
  | { kind: 'unknown' }
  | { kind: 'sections'; sections: DisplaySection[]; markers: DisplayMarker[] };

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
  };
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
      },
    ];
  });
}

function fromSectionList(list: unknown[], markers: DisplayMarker[]): NormalizedReading {
  const sections: DisplaySection[] = [];
  for (const [position, item] of list.entries()) {
    if (typeof item === 'string' && !item.trim()) continue;
    const section = toSection(item, `section-${position}`);
    if (!section) return { kind: 'unknown' };
    if (hasBody(section)) sections.push(section);
  }
  return sections.length > 0 ? { kind: 'sections', sections, markers } : { kind: 'empty' };
}

/**
 * Spec §3: the reading is an object holding content, a list of sections, an object with a
 * sections list, or a map of area to content. Anything else cannot be displayed.
 */
export function normalizeReading(reading: unknown): NormalizedReading {
  if (reading === null || reading === undefined) return { kind: 'empty' };

  if (Array.isArray(reading)) return fromSectionList(reading, []);

  if (!isObject(reading)) return { kind: 'unknown' };

  const markers = toMarkers(reading.visual_markers);

  if ('sections' in reading) {
    return Array.isArray(reading.sections) ? fromSectionList(reading.sections, markers) : { kind: 'unknown' };
  }

  if ('content' in reading) {
    if (typeof reading.content !== 'string') return { kind: 'unknown' };
    const section = toSection(reading, 'reading');
    return section && hasBody(section)
      ? { kind: 'sections', sections: [section], markers }
      : { kind: 'empty' };
  }

  const areas = Object.entries(reading).filter(([key]) => key !== 'visual_markers');
  if (areas.length === 0) return { kind: 'empty' };
  const sections: DisplaySection[] = [];
  for (const [area, value] of areas) {
    if (typeof value !== 'string' && !isObject(value)) return { kind: 'unknown' };
    const section = toSection(value, `area-${area}`, area);
    if (section && hasBody(section)) sections.push(section);
  }
  return sections.length > 0 ? { kind: 'sections', sections, markers } : { kind: 'empty' };
}
