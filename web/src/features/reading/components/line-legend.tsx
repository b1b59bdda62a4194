import { TRACED_LINE_NAMES, VEDIC_LINES, type LineTrace, type TracedLineName } from '@palm/contracts';

/** Below this the observer was not sure of the line: it is drawn dashed. */
const UNCERTAIN_BELOW = 0.7;
export const isUncertain = (trace: LineTrace) => trace.confidence < UNCERTAIN_BELOW;

const CURVES: Record<string, string> = { straight: 'straight', gentle: 'gently curved', curved: 'curved' };
/** A line's depth, worded apart from how surely it was seen ("faint" says the latter). */
const DEPTHS: Record<string, string> = { faint: 'fine', clear: 'clearly etched', deep: 'deeply etched' };

/** Below this the line was barely made out. */
const FAINT_BELOW = 0.5;

/** How surely the line was seen, in words a visitor reads at a glance instead of a percentage. */
export function confidenceInWords(confidence: number): 'clear' | 'partly seen' | 'faint' {
  if (confidence >= UNCERTAIN_BELOW) return 'clear';
  return confidence >= FAINT_BELOW ? 'partly seen' : 'faint';
}

function classesOf(trace: LineTrace): string {
  const breaks =
    trace.breaks === undefined
      ? undefined
      : trace.breaks === 0
        ? 'unbroken'
        : `${trace.breaks} ${trace.breaks === 1 ? 'break' : 'breaks'}`;
  return [
    trace.length,
    trace.curvature && (CURVES[trace.curvature] ?? trace.curvature),
    trace.depth && (DEPTHS[trace.depth] ?? trace.depth),
    breaks,
    confidenceInWords(trace.confidence),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The key to the drawn lines: each toggles its trace; lines not seen are named as such. */
export function LineLegend({
  traces,
  hidden,
  onToggle,
  activeLine,
}: {
  traces: readonly LineTrace[];
  hidden: ReadonlySet<TracedLineName>;
  onToggle: (line: TracedLineName) => void;
  activeLine?: TracedLineName;
}) {
  const seen = new Set(traces.map((trace) => trace.line));
  const unseen = TRACED_LINE_NAMES.filter((line) => !seen.has(line));
  return (
    <div className="line-legend">
      {traces.length > 0 ? (
        <>
          <p className="line-legend__title" id="line-legend-title">
            Lines we traced
          </p>
          <ul className="line-legend__list" aria-labelledby="line-legend-title">
            {traces.map((trace) => (
              <li key={trace.line}>
                <button
                  type="button"
                  className="line-legend__item"
                  aria-pressed={!hidden.has(trace.line)}
                  data-line={trace.line}
                  data-active={activeLine === trace.line ? '' : undefined}
                  onClick={() => onToggle(trace.line)}
                >
                  <span
                    className="line-legend__swatch"
                    data-uncertain={isUncertain(trace) ? '' : undefined}
                    aria-hidden="true"
                  />
                  <span className="line-legend__name">{trace.name || VEDIC_LINES[trace.line].english}</span>{' '}
                  <span className="line-legend__classes">{classesOf(trace)}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {unseen.length > 0 ? (
        <p className="line-legend__unseen">
          {unseen.map((line) => VEDIC_LINES[line].english).join(', ')}:{' '}
          <span>not clearly visible in this photo</span>
        </p>
      ) : null}
    </div>
  );
}
