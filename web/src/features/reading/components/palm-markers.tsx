import { useId } from 'react';
import type { DisplayMarker } from '../lib/normalize-reading';

/** The palm photo with markers at left: x%, top: y%; each label shows on hover and on keyboard focus. */
export function PalmWithMarkers({
  palmUrl,
  markers,
  removedAfterDays = null,
}: {
  palmUrl: string | null;
  markers: DisplayMarker[];
  /** The photo was deleted under the retention rule this many days after the reading. */
  removedAfterDays?: number | null;
}) {
  const baseId = useId();
  return (
    <figure className="palm-figure">
      <div className="palm-figure__frame">
        {palmUrl ? (
          <img
            className="palm-figure__image"
            src={palmUrl}
            alt="Your palm photo, with the features of the reading marked"
          />
        ) : (
          <div className="palm-figure__missing">
            {removedAfterDays
              ? `Your palm photo was removed after ${removedAfterDays} days, as our privacy policy promises. Your reading stays here.`
              : 'Palm photo unavailable'}
          </div>
        )}
        {palmUrl
          ? markers.map((marker, position) => {
              const tooltipId = `${baseId}-marker-${position}`;
              return (
                <button
                  key={marker.id}
                  type="button"
                  className="palm-marker"
                  data-style={marker.style}
                  style={{ left: `${marker.x}%`, top: `${marker.y}%` }}
                  aria-label={marker.label}
                  aria-describedby={marker.description ? tooltipId : undefined}
                >
                  <span className="palm-marker__dot" aria-hidden="true">
                    {position + 1}
                  </span>
                  <span className="palm-marker__tooltip" role="tooltip" id={tooltipId}>
                    <strong>{marker.label}</strong>
                    {marker.description ? <span>{marker.description}</span> : null}
                  </span>
                </button>
              );
            })
          : null}
      </div>
      {markers.length > 0 ? (
        <figcaption className="palm-figure__caption">
          Hover or focus a marker to see what it reveals.
        </figcaption>
      ) : null}
    </figure>
  );
}
