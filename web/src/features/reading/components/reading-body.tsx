import { Card } from '@/components/ui/card';
import type { ShownReading } from '../lib/normalize-reading';
import { ReadingSectionCard } from './reading-section-card';
import { RichText } from './rich-text';

/** The sections of a reading, or the spec's message when it is empty or of an unknown shape. */
export function ReadingBody({ reading }: { reading: ShownReading }) {
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
    <>
      {reading.themes.length > 0 ? (
        <Card className="reading-themes">
          <h2 className="reading-themes__title">The threads of your hand</h2>
          <ul className="reading-themes__list">
            {reading.themes.map((theme) => (
              <li key={theme.title}>
                <strong>{theme.title}.</strong> <RichText text={theme.text} inline />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <div className="reading-sections">
        {reading.sections.map((section, position) => (
          <ReadingSectionCard key={`${position}-${section.area}`} section={section} />
        ))}
      </div>
    </>
  );
}
