import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TRACED_LINE_NAMES, type TracedLineName } from '@palm/contracts';
import type { ShownMarker } from '../lib/normalize-reading';
import { splitSentences } from '../lib/marker-layout';

export interface MarkerRef {
  id: string;
  number: number;
  label: string;
  /** The traced line this marker sits on, for highlighting the trace with it. */
  line?: TracedLineName;
}

interface ReadingLinksValue {
  /** The marker in use: hovered or focused, else the one tapped. */
  active: string | null;
  setHovered: (id: string | null) => void;
  togglePinned: (id: string) => void;
  markerForSentence: (sentence: string) => MarkerRef | undefined;
  marker: (id: string) => MarkerRef | undefined;
}

const ReadingLinksContext = createContext<ReadingLinksValue | null>(null);

/** A line's marker is named after it (the engine's `line-heart`). */
const lineOf = (id: string): TracedLineName | undefined =>
  TRACED_LINE_NAMES.find((line) => id === `line-${line}`);

/**
 * Ties markers on the photo to the sentences they explain, both ways: hovering, focusing or
 * tapping either side highlights the other (and the marker's traced line).
 */
export function ReadingLinksProvider({
  markers,
  className,
  children,
}: {
  markers: readonly ShownMarker[];
  /** The provider is the report's outer element. */
  className?: string;
  children: ReactNode;
}) {
  const [hovered, setHovered] = useState<string | null>(null);
  const [pinned, setPinned] = useState<string | null>(null);
  const togglePinned = useCallback((id: string) => setPinned((current) => (current === id ? null : id)), []);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The report is rendered on the server: a marker or sentence a keyboard reached before the app
    // took the page over had its focus event before React listened, so it is taken up here.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && rootRef.current?.contains(focused) && focused.dataset.marker)
      setHovered(focused.dataset.marker);
  }, []);

  const value = useMemo(() => {
    const refs = new Map<string, MarkerRef>();
    const bySentence = new Map<string, MarkerRef>();
    markers.forEach((marker, position) => {
      const ref = { id: marker.id, number: position + 1, label: marker.label, line: lineOf(marker.id) };
      refs.set(marker.id, ref);
      for (const sentence of marker.explains.flatMap(splitSentences)) {
        if (!bySentence.has(sentence)) bySentence.set(sentence, ref);
      }
    });
    return {
      active: hovered ?? pinned,
      setHovered,
      togglePinned,
      markerForSentence: (sentence: string) => bySentence.get(sentence),
      marker: (id: string) => refs.get(id),
    };
  }, [markers, hovered, pinned, togglePinned]);

  return (
    <ReadingLinksContext value={value}>
      <div
        ref={rootRef}
        className={className}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setPinned(null);
        }}
      >
        {children}
      </div>
    </ReadingLinksContext>
  );
}

const UNLINKED: ReadingLinksValue = {
  active: null,
  setHovered: () => undefined,
  togglePinned: () => undefined,
  markerForSentence: () => undefined,
  marker: () => undefined,
};

/** Outside a report (e.g. a section shown alone) nothing is linked. */
export function useReadingLinks(): ReadingLinksValue {
  return useContext(ReadingLinksContext) ?? UNLINKED;
}
