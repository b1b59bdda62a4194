import {
  TRACED_LINE_NAMES,
  VEDIC_LINES,
  type HowWeRead,
  type LineTrace,
  type PalmProfile,
  type ReadingResult,
  type ReadingSection,
  type ReadingTheme,
  type TracedLineName,
  type VisualMarker,
} from '@palm/contracts';

/**
 * Readings stored before today's contract, upgraded to it. Spec §3 allowed four shapes: an object
 * holding content, a list of sections, an object with a sections list (whose sections may lack
 * fields added since), or a map of area to content. Only these come here; today's readings are
 * shown as they are (normalize-reading.ts).
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];

const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | undefined =>
  options.find((option) => option === value);

const titleCase = (value: string): string =>
  value.replace(/[_-]+/g, ' ').replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

const hasBody = (section: ReadingSection): boolean =>
  Boolean(section.title || section.content || section.details || section.insights.length > 0);

function toSection(value: unknown, area?: string): ReadingSection | null {
  if (typeof value === 'string') {
    return value.trim()
      ? { ...EMPTY_SECTION, area: area ?? '', title: area ? titleCase(area) : '', content: value }
      : null;
  }
  if (!isObject(value)) return null;
  const sectionArea = text(value.area) ?? area ?? '';
  const howWeRead = toHowWeRead(value.howWeRead);
  return {
    area: sectionArea,
    title: text(value.title) ?? (sectionArea ? titleCase(sectionArea) : ''),
    subtitle: text(value.subtitle) ?? '',
    insights: strings(value.insights),
    content: text(value.content) ?? '',
    details: text(value.details) ?? '',
    basis: strings(value.basis),
    ...(howWeRead && { howWeRead }),
    ...(value.locked === true && { locked: true }),
  };
}

const EMPTY_SECTION = {
  subtitle: '',
  insights: [],
  content: '',
  details: '',
  basis: [],
} satisfies Partial<ReadingSection>;

function toHowWeRead(value: unknown): HowWeRead | undefined {
  if (!isObject(value)) return undefined;
  const terms = Array.isArray(value.terms)
    ? value.terms.flatMap((term) => {
        if (!isObject(term)) return [];
        const tag = text(term.tag);
        const vedic = text(term.vedic);
        return tag && vedic ? [{ tag, vedic }] : [];
      })
    : [];
  return { measured: strings(value.measured), lines: strings(value.lines), terms };
}

const isCoordinate = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100;

function toTraces(value: unknown): LineTrace[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((item): LineTrace[] => {
    const line = isObject(item) ? oneOf<TracedLineName>(item.line, TRACED_LINE_NAMES) : undefined;
    if (!isObject(item) || !line) return [];
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
        line,
        name: text(item.name) ?? VEDIC_LINES[line].english,
        points: points.map(({ x, y }) => ({ x, y })),
        length: oneOf(item.length, ['short', 'medium', 'long'] as const),
        curvature: oneOf(item.curvature, ['straight', 'gentle', 'curved'] as const),
        depth: oneOf(item.depth, ['faint', 'clear', 'deep'] as const),
        breaks: typeof item.breaks === 'number' ? item.breaks : undefined,
        confidence: Math.min(1, Math.max(0, confidence)),
      },
    ];
  });
}

function toMarkers(value: unknown): VisualMarker[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index): VisualMarker[] => {
    if (!isObject(item) || !isObject(item.coordinates)) return [];
    const { x, y } = item.coordinates;
    if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
      return [];
    const clamp = (n: number) => Math.min(100, Math.max(0, n));
    return [
      {
        id: text(item.id) ?? `marker-${index}`,
        label: text(item.label) ?? '',
        description: text(item.description) ?? '',
        style: text(item.style) ?? '',
        coordinates: { x: clamp(x), y: clamp(y) },
        explains: strings(item.explains),
      },
    ];
  });
}

function toThemes(value: unknown): ReadingTheme[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isObject(item)) return [];
    const title = text(item.title);
    const body = text(item.text);
    return title && body ? [{ title, text: body, features: strings(item.features) }] : [];
  });
}

/** A stored profile: an object of trait ids to class ids or null; anything else is not shown. */
function toProfile(value: unknown): PalmProfile | undefined {
  if (!isObject(value)) return undefined;
  const valid = Object.values(value).every((item) => item === null || typeof item === 'string');
  return valid ? (value as PalmProfile) : undefined;
}

/** Sections with a body, or 'unknown' as soon as one item is no section at all. */
function sectionsOf(list: unknown[]): ReadingSection[] | 'unknown' {
  const sections: ReadingSection[] = [];
  for (const item of list) {
    if (typeof item === 'string' && !item.trim()) continue;
    const section = toSection(item);
    if (!section) return 'unknown';
    if (hasBody(section)) sections.push(section);
  }
  return sections;
}

/** What surrounds the sections in an object-shaped reading. */
function extrasOf(reading: Json): Omit<ReadingResult, 'sections'> {
  const traces = toTraces(reading.line_traces);
  const profile = toProfile(reading.profile);
  return {
    themes: toThemes(reading.themes),
    visual_markers: toMarkers(reading.visual_markers),
    ...(traces && { line_traces: traces }),
    ...(profile && { profile }),
  };
}

const withSections = (
  sections: ReadingSection[] | 'unknown',
  extras: Omit<ReadingResult, 'sections'> = { visual_markers: [] },
): ReadingResult | 'empty' | 'unknown' => {
  if (sections === 'unknown') return 'unknown';
  return sections.length > 0 ? { ...extras, sections } : 'empty';
};

export function upgradeOlderReading(stored: unknown): ReadingResult | 'empty' | 'unknown' {
  if (Array.isArray(stored)) return withSections(sectionsOf(stored));
  if (!isObject(stored)) return 'unknown';

  if ('sections' in stored) {
    if (!Array.isArray(stored.sections)) return 'unknown';
    return withSections(sectionsOf(stored.sections), extrasOf(stored));
  }

  if ('content' in stored) {
    if (typeof stored.content !== 'string') return 'unknown';
    const section = toSection(stored);
    return withSections(section && hasBody(section) ? [section] : [], extrasOf(stored));
  }

  const areas = Object.entries(stored).filter(
    ([key]) => key !== 'visual_markers' && key !== 'line_traces' && key !== 'profile' && key !== 'themes',
  );
  const sections: ReadingSection[] = [];
  for (const [area, value] of areas) {
    if (typeof value !== 'string' && !isObject(value)) return 'unknown';
    const section = toSection(value, area);
    if (section && hasBody(section)) sections.push(section);
  }
  return withSections(sections, extrasOf(stored));
}
