import { Card } from '@/components/ui/card';
import type { NormalizedReading } from '../lib/normalize-reading';
import { ReadingSectionCard } from './reading-section-card';

/** The sections of a reading, or the spec's message when it is empty or of an unknown shape. */
export function ReadingBody({ reading }: { reading: NormalizedReading }) {
  if (reading.kind === 'empty') {
    return (
      <Card className="reading-message">
        <p>No reading available</p>
      </Card>
    );
  }
  if (reading.kind === 'unknown') {
    return (
      <Card className="reading-message" role="alert">
        <p>Unable to display reading</p>
      </Card>
    );
  }
  return (
    <div className="reading-sections">
      {reading.sections.map((section) => (
        <ReadingSectionCard key={section.key} section={section} />
      ))}
    </div>
  );
}
