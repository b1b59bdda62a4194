import { LIFE_AREAS, type LifeArea, type ReadingResult, type ReadingSection } from '@palm/contracts';

const isLifeArea = (area: string): area is LifeArea => (LIFE_AREAS as readonly string[]).includes(area);

/**
 * A life area beyond the free one keeps its title and first insight, so the visitor sees what the
 * unlock holds; any other section (the timeline, the predictions) keeps only its title.
 */
function lockedSection(section: ReadingSection): ReadingSection {
  return {
    area: section.area,
    title: section.title,
    subtitle: section.subtitle,
    insights: isLifeArea(section.area) ? section.insights.slice(0, 1) : [],
    content: '',
    details: '',
    basis: [],
    locked: true,
  };
}

const sentencesOf = (section: ReadingSection) =>
  [section.content, section.details, ...section.insights].join('\n');

/**
 * The free preview of a paid reading: the opening themes and the visitor's first focus area in full (the
 * first life area when the submission named none), the rest cut down. What is cut is not sent at
 * all, and a marker keeps only the sentences it explains that the preview still holds.
 */
export function readingPreview(result: ReadingResult, firstFocusArea: string | undefined): ReadingResult {
  const { shared } = result;
  return {
    ...result,
    ...previewOf(result, firstFocusArea),
    // The palm-only version a shared link shows is cut the same way: a link is no way around the unlock.
    ...(shared ? { shared: { ...shared, ...previewOf(shared, firstFocusArea) } } : {}),
  };
}

function previewOf(
  reading: Pick<ReadingResult, 'sections' | 'visual_markers'>,
  firstFocusArea: string | undefined,
): Pick<ReadingResult, 'sections' | 'visual_markers'> {
  const freeArea =
    reading.sections.find((section) => section.area === firstFocusArea)?.area ??
    reading.sections.find((section) => isLifeArea(section.area))?.area;
  const sections = reading.sections.map((section) =>
    section.area === freeArea ? section : lockedSection(section),
  );
  const shownText = sections.map(sentencesOf).join('\n');
  return {
    sections,
    visual_markers: reading.visual_markers.map(({ explains, ...marker }) => {
      const kept = explains?.filter((sentence) => shownText.includes(sentence));
      return kept ? { ...marker, explains: kept } : marker;
    }),
  };
}
