import { PalmWithMarkers } from '../components/palm-markers';
import { ReadingBody } from '../components/reading-body';
import { ReadingLinksProvider } from '../components/reading-links';
import { normalizeReading } from '../lib/normalize-reading';

/** A one-section reading whose heart-line marker explains two of its sentences. */
const reading = {
  sections: [
    {
      area: 'love',
      title: 'Love & Relationships',
      subtitle: 'Fire hand',
      insights: ['Your heart line runs long.', 'You love warmly.'],
      content: 'Let us begin. Your heart line is deep and steady. You keep your word.',
      details: 'A closing thought.',
      basis: ['Heart line: long', 'Fire hand'],
      howWeRead: {
        measured: ['Palm 1.31 times as long as wide'],
        lines: ['Fate line (Bhagya rekha): not clearly visible in this photo'],
        terms: [{ tag: 'Heart line: long', vedic: 'Hridaya rekha' }],
      },
    },
  ],
  visual_markers: [
    {
      id: 'line-heart',
      label: 'Heart line · Hridaya rekha',
      description: 'Love: your heart line runs long.',
      style: 'line',
      coordinates: { x: 40, y: 30 },
      explains: ['Your heart line runs long.', 'Your heart line is deep and steady.'],
    },
    {
      id: 'mount-guru',
      label: 'Mount of Jupiter',
      description: 'Ambition.',
      style: 'mount',
      coordinates: { x: 30, y: 40 },
    },
  ],
  line_traces: [
    {
      line: 'heart',
      name: 'Heart line',
      points: [
        { x: 20, y: 30 },
        { x: 40, y: 28 },
        { x: 60, y: 32 },
      ],
      length: 'long',
      curvature: 'gentle',
      confidence: 0.85,
    },
    {
      line: 'life',
      name: 'Life line',
      points: [
        { x: 30, y: 40 },
        { x: 35, y: 70 },
      ],
      confidence: 0.6,
    },
  ],
};

const shown = (() => {
  const normalized = normalizeReading(reading);
  if (normalized.kind !== 'sections') throw new Error('The test reading must have sections');
  return normalized;
})();

/** The report's photo with its markers and traces, and the reading's text, tied together as on the report page. */
export function LinkedReport() {
  return (
    <ReadingLinksProvider markers={shown.markers}>
      <PalmWithMarkers palmUrl="/palm.jpg" markers={shown.markers} traces={shown.traces} />
      <ReadingBody reading={shown} />
    </ReadingLinksProvider>
  );
}
