import { containsMarkup } from '@/lib/sanitize';
import { splitSentences } from '../lib/marker-layout';
import { useReadingLinks } from './reading-links';
import { RichText } from './rich-text';

/**
 * Prose whose sentences are tied to markers: a linked sentence carries its marker's number, and
 * hovering, focusing or tapping it highlights the marker on the photo. Markup falls back to
 * RichText (sanitised), unlinked.
 */
export function LinkedText({
  text,
  className,
  inline = false,
}: {
  text: string;
  className?: string;
  inline?: boolean;
}) {
  const links = useReadingLinks();
  const sentences = splitSentences(text);
  const linked = sentences.some((sentence) => links.markerForSentence(sentence));
  if (!linked || containsMarkup(text) || text.includes('\n\n'))
    return <RichText text={text} className={className} inline={inline} />;

  const body = sentences.map((sentence, position) => {
    const marker = links.markerForSentence(sentence);
    const space = position < sentences.length - 1 ? ' ' : '';
    if (!marker) return <span key={position}>{sentence + space}</span>;
    return (
      <span key={position}>
        <span
          className="reading-claim"
          data-marker={marker.id}
          data-active={links.active === marker.id ? '' : undefined}
          tabIndex={0}
          onPointerEnter={() => links.setHovered(marker.id)}
          onPointerLeave={() => links.setHovered(null)}
          onFocus={() => links.setHovered(marker.id)}
          onBlur={() => links.setHovered(null)}
          onClick={() => links.togglePinned(marker.id)}
        >
          {sentence}
          <span className="reading-claim__ref" aria-hidden="true">
            {marker.number}
          </span>
          <span className="visually-hidden">
            {' '}
            (marker {marker.number} on your palm photo: {marker.label})
          </span>
        </span>
        {space}
      </span>
    );
  });
  return inline ? (
    <span className={className}>{body}</span>
  ) : (
    <div className={className}>
      <p>{body}</p>
    </div>
  );
}
