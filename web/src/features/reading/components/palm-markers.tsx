import { PALM_PHOTO_SIZES } from '@palm/contracts';
import { startTransition, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { LineTrace, TracedLineName } from '@palm/contracts';
import type { ShownMarker } from '../lib/normalize-reading';
import type { PalmImage } from '../api/get-reading';
import { layoutMarkers, smoothPath, type Point } from '../lib/marker-layout';
import { isUncertain, LineLegend } from './line-legend';
import { useReadingLinks } from './reading-links';

/** Up to this viewport width the report is laid out for a phone. */
const PHONE_MAX_WIDTH = 480;
const onPhone = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`).matches;

/**
 * Marker boxes are smaller on a narrow photo so fourteen of them still fit without touching. On a
 * phone each is a small numbered dot (the box stays a 24 px tap target) that grows when in use, so
 * the traced lines beneath stay in sight.
 */
const markerSize = (photoWidth: number) => (onPhone() ? 24 : photoWidth < 360 ? 28 : 34);
const MARKER_GAP = 4;

/** A phone's tooltip: this wide at most, and shifted so that it stays over the photo. */
const TOOLTIP_WIDTH = 240;
/** Traced lines are kept clear at points this many pixels apart. */
const TRACE_SAMPLE_PX = 4;

/** Points along every traced line, in pixels of the photo. */
function tracedPoints(traces: readonly LineTrace[], photo: PhotoSize): Point[] {
  const toPixels = (p: Point) => ({ x: (p.x / 100) * photo.width, y: (p.y / 100) * photo.height });
  return traces.flatMap((trace) =>
    trace.points.map(toPixels).flatMap((point, i, all) => {
      const next = all[i + 1];
      if (!next) return [point];
      const steps = Math.max(1, Math.ceil(Math.hypot(next.x - point.x, next.y - point.y) / TRACE_SAMPLE_PX));
      return Array.from({ length: steps }, (_, step) => ({
        x: point.x + ((next.x - point.x) * step) / steps,
        y: point.y + ((next.y - point.y) * step) / steps,
      }));
    }),
  );
}

interface PhotoSize {
  width: number;
  height: number;
}

/**
 * The photo's size once it has loaded: markers are laid out on the photo's own box, and a box
 * measured before the image arrives (a frame of border only) would put every marker at the top.
 * Measured after the paint, not before it: the photo is the report's largest paint, and laying out
 * the markers (a search around every anchor) would otherwise hold it back.
 */
function usePhotoSize(
  ref: React.RefObject<HTMLImageElement | null>,
  source: string | null,
): PhotoSize | null {
  const [size, setSize] = useState<PhotoSize | null>(null);
  useEffect(() => {
    const image = ref.current;
    if (!image) return;
    const measure = () => {
      if (!image.complete || image.naturalWidth === 0) return;
      const { width, height } = image.getBoundingClientRect();
      // A transition: React lays the markers out in slices the page stays responsive between.
      startTransition(() =>
        setSize((current) =>
          width > 0 && height > 0 && (current?.width !== width || current.height !== height)
            ? { width, height }
            : current,
        ),
      );
    };
    measure();
    image.addEventListener('load', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(image);
    return () => {
      observer?.disconnect();
      image.removeEventListener('load', measure);
    };
  }, [ref, source]);
  return size;
}

/** Where a phone's tooltip starts, from its marker's centre, so it lies wholly over the photo. */
function tooltipPlace(
  x: number,
  layout: { photo: PhotoSize; tooltipWidth: number | null },
): React.CSSProperties {
  const width = layout.tooltipWidth ?? TOOLTIP_WIDTH;
  const left = Math.min(Math.max(x - width / 2, 0), Math.max(layout.photo.width - width, 0));
  return {
    '--tooltip-width': `${width}px`,
    '--tooltip-shift': `${Math.round(left - x)}px`,
  } as React.CSSProperties;
}

/**
 * The palm photo with the traced lines drawn over it and numbered markers laid out so that none
 * overlaps another: a marker that had to move from its place is tied back to it by a leader line.
 * Before the photo has a size (or without layout, as in tests) markers sit on their anchors.
 */
export function PalmWithMarkers({
  palmUrl,
  palmImage = null,
  markers,
  traces = null,
  removedAfterDays = null,
}: {
  palmUrl: string | null;
  /** The photo's size and smaller or WebP copies of it, when the server has them. */
  palmImage?: PalmImage | null;
  markers: ShownMarker[];
  /** Traced lines; null when the reading predates traces. */
  traces?: LineTrace[] | null;
  /** The photo was deleted under the retention rule this many days after the reading. */
  removedAfterDays?: number | null;
}) {
  const baseId = useId();
  const photoRef = useRef<HTMLImageElement>(null);
  const photo = usePhotoSize(photoRef, palmUrl);
  const links = useReadingLinks();
  const [hiddenLines, setHiddenLines] = useState<ReadonlySet<TracedLineName>>(new Set());
  const activeLine = links.active ? links.marker(links.active)?.line : undefined;

  const layout = useMemo(() => {
    if (!photo) return null;
    const phone = onPhone();
    const size = markerSize(photo.width);
    const anchors = markers.map((m) => ({ x: (m.x / 100) * photo.width, y: (m.y / 100) * photo.height }));
    // On a phone the dots step off the traced lines (a leader ties each back), so the lines show.
    const keepClear = phone ? tracedPoints(traces ?? [], photo) : [];
    const boxes = layoutMarkers(anchors, { ...photo, size, gap: MARKER_GAP, keepClear });
    return { photo, size, anchors, boxes, tooltipWidth: phone ? Math.min(TOOLTIP_WIDTH, photo.width) : null };
  }, [photo, markers, traces]);

  const toggleLine = (line: TracedLineName) =>
    setHiddenLines((current) => {
      const next = new Set(current);
      if (next.has(line)) next.delete(line);
      else next.add(line);
      return next;
    });

  /**
   * A marker's place once the photo is measured. Until then markers stay hidden rather than jump
   * from their anchors, and carry no inline style: the same markup comes from the server, whose
   * page allows no style attribute (set from script, as here after the measure, it applies).
   */
  const placeOf = (position: number): React.CSSProperties | undefined =>
    layout
      ? {
          left: `${(layout.boxes[position]!.x / layout.photo.width) * 100}%`,
          top: `${(layout.boxes[position]!.y / layout.photo.height) * 100}%`,
          ...(layout.tooltipWidth ? tooltipPlace(layout.boxes[position]!.x, layout) : {}),
        }
      : undefined;
  const placing = Boolean(palmUrl) && !layout;

  return (
    <figure className="palm-figure">
      <div
        className="palm-figure__frame"
        data-placing={placing ? '' : undefined}
        style={layout ? ({ '--marker-size': `${layout.size}px` } as React.CSSProperties) : undefined}
      >
        {palmUrl ? (
          // The photo is the page's largest paint: fetched first, at the size it is drawn, as WebP
          // where the browser takes it, in a box of its own proportions before it arrives. Once
          // it is painted the server-rendered page starts its scripts (app/load-after-photo.ts).
          <picture>
            {palmImage ? (
              <source type="image/webp" srcSet={palmImage.srcset.webp} sizes={PALM_PHOTO_SIZES} />
            ) : null}
            <img
              ref={photoRef}
              className="palm-figure__image"
              src={palmUrl}
              srcSet={palmImage?.srcset.jpeg}
              sizes={palmImage ? PALM_PHOTO_SIZES : undefined}
              width={palmImage?.width}
              height={palmImage?.height}
              fetchPriority="high"
              elementtiming="palm-photo"
              alt="Your palm photo, with the lines we traced and the features of the reading marked"
            />
          </picture>
        ) : (
          <div className="palm-figure__missing">
            {removedAfterDays
              ? `Your palm photo was removed after ${removedAfterDays} days, as our privacy policy promises. Your reading stays here.`
              : 'Palm photo unavailable'}
          </div>
        )}
        {palmUrl && traces && traces.length > 0 ? (
          <svg className="palm-traces" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
            {traces
              .filter((trace) => !hiddenLines.has(trace.line))
              .map((trace) => {
                const d = smoothPath(trace.points);
                return (
                  <g
                    key={trace.line}
                    className="palm-trace"
                    data-line={trace.line}
                    data-uncertain={isUncertain(trace) ? '' : undefined}
                    data-active={activeLine === trace.line ? '' : undefined}
                  >
                    <path className="palm-trace__halo" d={d} vectorEffect="non-scaling-stroke" />
                    <path className="palm-trace__stroke" d={d} vectorEffect="non-scaling-stroke" />
                  </g>
                );
              })}
          </svg>
        ) : null}
        {palmUrl && layout ? (
          <svg
            className="palm-leaders"
            viewBox={`0 0 ${layout.photo.width} ${layout.photo.height}`}
            aria-hidden="true"
          >
            {markers.map((marker, position) => {
              const anchor = layout.anchors[position]!;
              const box = layout.boxes[position]!;
              const distance = Math.hypot(box.x - anchor.x, box.y - anchor.y);
              if (distance < layout.size / 2) return null;
              // The leader stops at the marker's edge so it never crosses the number.
              const edge = (distance - layout.size / 2) / distance;
              return (
                <g key={marker.id} data-active={links.active === marker.id ? '' : undefined}>
                  <line
                    className="palm-leader"
                    x1={anchor.x}
                    y1={anchor.y}
                    x2={anchor.x + (box.x - anchor.x) * edge}
                    y2={anchor.y + (box.y - anchor.y) * edge}
                  />
                  <circle className="palm-leader__anchor" cx={anchor.x} cy={anchor.y} r={3} />
                </g>
              );
            })}
          </svg>
        ) : null}
        {palmUrl
          ? markers.map((marker, position) => {
              const tooltipId = `${baseId}-marker-${position}`;
              const active = links.active === marker.id;
              return (
                <button
                  key={marker.id}
                  type="button"
                  className="palm-marker"
                  data-marker={marker.id}
                  data-style={marker.style}
                  data-active={active ? '' : undefined}
                  style={placeOf(position)}
                  aria-label={marker.label}
                  aria-describedby={tooltipId}
                  onPointerEnter={() => links.setHovered(marker.id)}
                  onPointerLeave={() => links.setHovered(null)}
                  onFocus={() => links.setHovered(marker.id)}
                  onBlur={() => links.setHovered(null)}
                  onClick={() => links.togglePinned(marker.id)}
                >
                  <span className="palm-marker__dot" aria-hidden="true">
                    {position + 1}
                  </span>
                  <span className="palm-marker__tooltip" role="tooltip" id={tooltipId}>
                    <strong>{marker.label}</strong>
                    {marker.description ? <span>{marker.description}</span> : null}
                    {marker.explains.length > 0 ? (
                      <span className="palm-marker__hint">
                        Explains the sentences marked {position + 1} in your reading.
                      </span>
                    ) : null}
                  </span>
                </button>
              );
            })
          : null}
      </div>
      {palmUrl && traces ? (
        <LineLegend traces={traces} hidden={hiddenLines} onToggle={toggleLine} activeLine={activeLine} />
      ) : null}
      {markers.length > 0 && palmUrl ? (
        <figcaption className="palm-figure__caption">
          Hover, tap or focus a number to see what it marks; the same number follows the sentences it
          explains.
        </figcaption>
      ) : null}
    </figure>
  );
}
