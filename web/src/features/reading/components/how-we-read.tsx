import type { HowWeRead as HowWeReadNotes } from '@palm/contracts';

/** The section's "How we read this": measurements, lines and Vedic names, folded away by default. */
export function HowWeRead({ notes }: { notes: HowWeReadNotes }) {
  const empty = notes.measured.length === 0 && notes.lines.length === 0 && notes.terms.length === 0;
  if (empty) return null;
  return (
    <details className="how-we-read">
      <summary className="how-we-read__summary">How we read this</summary>
      <div className="how-we-read__body">
        {notes.measured.length > 0 ? (
          <>
            <p className="how-we-read__heading">What we measured</p>
            <ul>
              {notes.measured.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="how-we-read__heading">
            This section rests on measurements already listed in an earlier section.
          </p>
        )}
        {notes.lines.length > 0 ? (
          <>
            <p className="how-we-read__heading">The lines</p>
            <ul>
              {notes.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        ) : null}
        {notes.terms.length > 0 ? (
          <>
            <p className="how-we-read__heading">In the tradition’s words</p>
            <dl className="how-we-read__terms">
              {notes.terms.map((term) => (
                <div key={term.tag}>
                  <dt>{term.tag}</dt>
                  <dd lang="sa-Latn">{term.vedic}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
      </div>
    </details>
  );
}
